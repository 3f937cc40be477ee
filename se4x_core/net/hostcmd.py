"""``se4x host``: a dedicated LAN host without Qt.

Only argparse is imported at the top: the parser is built for every ``se4x``
command line, and the network, the game and the bots load when the host runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from se4x_core.net.host import HostCore
    from se4x_core.net.secure import HostIdentity

DEFAULT_AUTOSAVE = "se4x-host-autosave.se4x"


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be 0-65535: {value}")
    return value


def _computer(text: str) -> tuple[int, str]:
    """``SEAT=BOT``, e.g. ``1=normal`` (seats count from 0); the bot is checked against
    the game's specs in :func:`build_core`, once ``--game`` is known."""
    seat_text, sep, bot = text.partition("=")
    bot = bot or "rule"
    try:
        seat = int(seat_text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected SEAT=BOT, e.g. 1=normal: {text!r}") from None
    if not 0 <= seat <= 3:
        raise argparse.ArgumentTypeError(f"seat must be 0-3: {seat}")
    return seat, bot


def add_parser(sub: Any) -> None:
    """The ``host`` subcommand's arguments."""
    p = sub.add_parser(
        "host", help="host a LAN game (no window): clients join with File > Join Game",
        description="Run an authoritative LAN host: it holds the game, rolls the dice and "
                    "checks every action; players join from the app (File > Join Game).")
    from se4x_core.gamekit.options import add_game, add_game_options, add_players

    add_game(p)
    add_players(p)
    p.add_argument("--port", type=_port, default=47474, help="TCP port (default 47474)")
    p.add_argument("--bind", default="0.0.0.0",
                   help="address to listen on (default all; 127.0.0.1: this computer only)")
    p.add_argument("--load", metavar="SAVE",
                   help="host a saved network game again (with the journal beside it)")
    p.add_argument("--computer", type=_computer, action="append", default=[],
                   metavar="SEAT=BOT", help="a computer player at SEAT (from 0), e.g. 1=normal")
    p.add_argument("--password", default="", help="players must give this to join")
    p.add_argument("--name", default="se4x game", help="the game's name on the LAN")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    add_game_options(p)
    p.add_argument("--autosave", default=DEFAULT_AUTOSAVE,
                   help=f"autosave file (default {DEFAULT_AUTOSAVE})")
    p.add_argument("--no-advertise", action="store_true", help="do not announce on the LAN")
    p.add_argument("--key", metavar="FILE", default=None,
                   help="the host's TLS key (default: lan/host-key.pem in the user's data "
                        "folder; made there the first time)")
    p.add_argument("--plain", action="store_true",
                   help="serve without encryption: the password, seat tokens and every "
                        "player's view cross the network in clear (trusted networks only)")
    p.set_defaults(handler=main)


def build_core(args: argparse.Namespace) -> HostCore:
    """The host's core from the arguments; ValueError naming a bad argument."""
    from se4x_core.errors import ConfigError, SaveFormatError
    from se4x_core.gamekit import registry
    from se4x_core.gamekit.arena import foreign_option, game_options, thawed
    from se4x_core.net.host import new_host, recover
    from se4x_core.net.store import journal_path, read_journal

    computers = dict(args.computer)
    game = getattr(args, "game", None) or registry.default().name
    if args.load:
        game = _saved_game(args.load) or game
    record = registry.record(game)
    known = registry.bot_names(game)
    for bot in computers.values():
        if bot.partition(":")[0] not in known:
            raise ValueError(f"--computer: unknown computer player {bot!r} (known: "
                             f"{', '.join(known)})")
    if args.load:
        try:  # the checkpoint, and every action journaled after it (a crash loses none)
            text = Path(args.load).read_text(encoding="utf-8")
            records = read_journal(journal_path(Path(args.load)))
            core = recover(text, records, args.password, computers)
        except OSError as exc:
            raise ValueError(f"cannot read {args.load}: {exc.strerror or exc}") from None
        except (SaveFormatError, ValueError) as exc:
            raise ValueError(f"{args.load} is not a usable save: {exc}") from None
        return core
    refused = foreign_option(args, record)
    if refused:
        raise ValueError(refused)
    if args.players is None:
        raise ValueError("--players is required (or --load SAVE)")
    if args.players not in record.players:
        raise ValueError(f"--players: {record.title} seats "
                         f"{' or '.join(map(str, record.players))} players")
    if any(seat >= args.players for seat in computers):
        raise ValueError(f"--computer: seats are 0-{args.players - 1}")
    if len(computers) >= args.players:
        raise ValueError("at least one seat must be left for a human player")
    config: dict[str, Any] = {"players": args.players}
    if args.seed is not None:
        config["seed"] = args.seed
    else:
        import secrets
        config["seed"] = secrets.randbelow(1 << 30)
    for key, value in game_options(args, record):
        config[key] = thawed(value)
    try:
        return new_host(config, computers, args.password, args.name, game)
    except ConfigError as exc:
        raise ValueError(str(exc)) from None


def _identity(key: str | None) -> HostIdentity:
    """The host's key: ``key``, or the one kept in the user's data folder."""
    from se4x_core.net.secure import HOST_KEY_FILE, HostIdentity, lan_folder
    from se4x_core.paths import user_data_path

    path = Path(key) if key else lan_folder(user_data_path()) / HOST_KEY_FILE
    return HostIdentity.load_or_create(path)


def _saved_game(path: str) -> str | None:
    """The game of the save at ``path`` (its format); None if unreadable (the load then
    names the problem)."""
    from se4x_core.gamekit.registry import name_of_save

    try:
        return name_of_save(Path(path).read_bytes())
    except OSError:
        return None


def main(args: argparse.Namespace) -> int:
    """Run the host until interrupted (Ctrl+C saves and stops)."""
    try:
        core = build_core(args)
    except ValueError as exc:
        print(f"se4x host: error: {exc}", file=sys.stderr)
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(_serve(core, args))
    return 0


async def _serve(core: HostCore, args: argparse.Namespace) -> int:
    from se4x_core.net.discovery import Advert, Advertiser, lan_address
    from se4x_core.net.secure import HostKeyFileError
    from se4x_core.net.server import AutosaveError, HostServer

    try:
        identity = None if args.plain else _identity(args.key)
    except HostKeyFileError as exc:
        print(f"se4x host: error: {exc}; name another file with --key FILE", file=sys.stderr)
        return 2
    server = HostServer(core, args.bind, args.port, Path(args.autosave), identity=identity,
                        plain=args.plain)
    try:
        port = await server.start()
    except AutosaveError as exc:
        print(f"se4x host: error: {exc}; choose a folder you may write to with "
              "--autosave FILE", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"se4x host: error: cannot listen on {args.bind}:{args.port}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    free = sum(not s.taken for s in core.seats)
    address = lan_address() if args.bind == "0.0.0.0" else args.bind
    security = f"host key {server.fingerprint}" if server.fingerprint else "NOT ENCRYPTED"
    print(f"se4x host: {core.game_name!r}, {len(core.seats)} players, listening on "
          f"{address}:{port}; autosave {args.autosave}; {security}", flush=True)
    advertiser = None
    if not args.no_advertise:
        advertiser = Advertiser(Advert(core.game_name, address, port, len(core.seats), free,
                                       bool(args.password), encrypted=not args.plain))
        advertiser.start()
    try:
        await _serve_until_signalled(server)
    finally:
        await server.stop()
        if advertiser is not None:
            advertiser.stop()
    return 0


async def _serve_until_signalled(server: Any) -> None:
    """Serve until SIGINT (Ctrl+C) or SIGTERM (a service manager, ``kill``) arrives.

    Why handlers of our own rather than KeyboardInterrupt: a process started
    in the background by a non-interactive shell inherits SIGINT *ignored*,
    and Python then never raises KeyboardInterrupt, so the host could not be
    stopped (nor save) by Ctrl+C's signal; and SIGTERM must save too.
    """
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)  # not on Windows: Ctrl+C raises there
    serving = asyncio.ensure_future(server.serve_forever())
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (serving, stopping):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await serving
        failure = serving.exception() if serving.done() and not serving.cancelled() else None
        if failure is not None:
            raise failure
