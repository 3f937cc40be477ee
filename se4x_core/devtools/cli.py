"""The ``se4x`` command: the app, plus headless subcommands.

``se4x`` alone opens the desktop app (:mod:`se4x_qt.launcher` owns the
entry point).  The subcommands (``battle``, ``selfplay``, ``replay``,
``demo``, ``arena``) run without a display and never import Qt: every
heavy import happens inside the subcommand that needs it, so a batch job on
a server costs no GUI start-up and needs no GUI libraries.

Wrong arguments print a message naming the problem and give exit status 2,
as argparse does; :func:`main` returns the status instead of exiting so that
tests can call it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from se4x_core import __version__
from se4x_core.gamekit import registry
from se4x_core.gamekit.options import add_game, add_game_options, add_players, positive_int

PROGRAM = "se4x"  # the command's (and the app's) name, not a game's

if TYPE_CHECKING:
    _Subcommands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def _non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0 (a seed)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0: {value}")
    return value


def _add_selfplay(sub: _Subcommands) -> None:
    p = sub.add_parser("selfplay", help="bots play whole games against each other",
                       description="Play games between bots and report the results, every "
                                   "invariant checked after every action.")
    add_game(p)
    add_players(p)
    p.add_argument("--games", type=positive_int, default=10, help="games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    add_game_options(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run_selfplay)


def _add_replay(sub: _Subcommands) -> None:
    p = sub.add_parser("replay", help="replay a saved game file and check it",
                       description="Replay a game file (config plus actions).")
    p.add_argument("file", metavar="FILE", help="replay file")
    add_game(p, default=False)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run_replay)


def _add_arena(sub: _Subcommands) -> None:
    p = sub.add_parser(
        "arena", help="bots play each other: win rates with 95%% confidence intervals",
        description="Play BOT_A against BOT_B on paired seeds (each seed once with BOT_A in "
                    "every seat; with 3-4 players BOT_B takes all the other seats) and "
                    "report BOT_A's win rate with a 95% Wilson interval, per seat too, "
                    "each bot's time per decision and the game's own figures (Space "
                    "Empires: the CP each bot lost to the 30 CP carry-over cap, the games "
                    "that reached the round limit, scored by a tiebreak of homeworld, "
                    "income, then fleet plus technology; SP4X: scores, margin, length).")
    p.add_argument("bot_a", metavar="BOT_A",
                   help="bot spec, `name` or `name:parameters` (an unknown name lists "
                        "the known ones)")
    p.add_argument("bot_b", metavar="BOT_B", help="the opponent's bot spec")
    add_game(p)
    p.add_argument("--games", type=positive_int, default=200,
                   help="games, rounded up to whole sets of one per seat (default 200)")
    add_players(p)
    p.add_argument("--seed", type=_non_negative_int, default=0,
                   help="first seed; seed k of the run is S+k (default 0)")
    add_game_options(p)
    p.add_argument("--workers", type=positive_int, default=None,
                   help="worker processes (default: the number of cores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_run_arena)


def build_parser() -> argparse.ArgumentParser:
    """The headless command line (``se4x`` with no subcommand is the app)."""
    titles = " and ".join(record.title for record in registry.records())
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description=f"{titles}. Without a subcommand, opens the app "
                                  f"(`{PROGRAM} GAME.se4x` opens a saved game in it).")
    parser.add_argument("--version", action="version", version=f"{PROGRAM} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_add_selfplay, _add_replay, _add_arena):
        add(sub)
    from se4x_core.net import hostcmd  # argparse only: the host loads when it runs
    hostcmd.add_parser(sub)
    for record in registry.records():  # a game's own commands (Space Empires: battle ...)
        for commands in record.commands:
            registry.load(commands)(sub)
    return parser


def _run_selfplay(args: argparse.Namespace) -> int:
    # Imported when run, not at the top: each subcommand loads only what it needs.
    from se4x_core.gamekit import selfplay
    return selfplay.main(args)


def _run_replay(args: argparse.Namespace) -> int:
    from se4x_core.devtools import replay  # loaded when run (see _run_selfplay)
    return replay.main(args)


def _run_arena(args: argparse.Namespace) -> int:
    from se4x_core.gamekit import arena  # loaded when run (see _run_selfplay)
    return arena.main(args)


def subcommands() -> tuple[str, ...]:
    """Every subcommand's name (the launcher hands these to :func:`main`)."""
    sub = next(a for a in build_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    return tuple(sub.choices)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one headless subcommand with ``argv`` (default: the process's); return its status.

    The app itself is not started here (the core never imports Qt): the
    ``se4x`` entry point is :func:`se4x_qt.launcher.main`, which hands every
    subcommand to this function.
    """
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help, --version, or bad arguments (2)
        return exc.code if isinstance(exc.code, int) else 2
    if args.command is None:
        parser.print_usage(sys.stderr)
        print("se4x: choose a subcommand (the app is started by `se4x` with no arguments)",
              file=sys.stderr)
        return 2
    args.argv = argv  # the words as given (train-eval records them as its provenance)
    status = args.handler(args)
    return 0 if status is None else int(status)


if __name__ == "__main__":
    sys.exit(main())
