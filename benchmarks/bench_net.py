"""LAN play on loopback: message sizes and the latency of one action.

Two bots play a whole game through a host on this computer, one blocking
client per seat.  For every action the client that decides measures the
time from sending ``Act`` to reading its own ``Update`` back (the round trip
a player waits for), and the sizes of every frame are recorded by kind.
The host journals every action (fsync) before it answers, as ``se4x host``
does (``--no-journal``: without, for the comparison).  Updates are measured
as sent (the change from the last one) and beside that as the same update
sent whole, and against the figures of protocol 1 (every update whole,
with the search bots' packed information set: 14.9 KB per seat per update
with 2 players, 27.8 KB with 4).  Beside the latency, the same actions
applied to a local Game (``apply`` plus the observation the screen reads):
the reference the network cost is read against.  The game is played twice,
encrypted (TLS 1.3, as players get it) and in plain text (``--plain`` hosts),
each through a relay that counts the bytes on the wire (TLS records
included), so encryption's cost is read as a ratio in the same run.  Prints
the figures; asserts nothing.

Usage: ``.venv/bin/python benchmarks/bench_net.py [--players N] [--seed S] [--board B]``
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from se4x_core.actions import Action
from se4x_core.ai.registry import make_bot
from se4x_core.devtools.wiretap import Wiretap
from se4x_core.game import Game
from se4x_core.net.client import BlockingClient
from se4x_core.net.host import new_host
from se4x_core.net.protocol import PROTOCOL_VERSION, Act, Join, Ready, Update, encode, frame
from se4x_core.net.server import HostThread


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


OLD_UPDATE_BYTES = {2: 14_900, 4: 27_800}  # protocol 1, measured before the change


def play_over_network(config: dict[str, object], journal: Path | None, plain: bool = False
                      ) -> tuple[list[float], dict[str, list[int]], list[int], int]:
    """Round trips (s) per action, frame sizes by kind, the action codes played and the
    bytes the host sent on the wire (TLS records included unless ``plain``)."""
    core = new_host(config)
    host = HostThread(core, autosave=journal, plain=plain)
    port = host.start()
    tap = Wiretap("127.0.0.1", port)
    players = int(core.game.config["players"])
    clients = [BlockingClient("127.0.0.1", tap.port, plain=plain) for _ in range(players)]
    sizes: dict[str, list[int]] = defaultdict(list)
    for seat, client in enumerate(clients):
        for message in (Join(PROTOCOL_VERSION, name=f"bot{seat}", seat=seat), Ready(seat)):
            sizes[type(message).__name__].append(len(frame(encode(message))))
            client.send(message)
    bots = [make_bot("heuristic", seat) for seat in range(players)]
    latest: dict[int, Update] = {}
    round_trips: list[float] = []

    def drain(seat: int, until_seq: int) -> None:
        while seat not in latest or latest[seat].seq < until_seq:
            message = clients[seat].recv()
            sizes[type(message).__name__].append(clients[seat].last_size)
            if isinstance(message, Update):  # beside it: the same update sent whole
                sizes["Update whole"].append(len(frame(encode(message))))
                latest[seat] = message

    for seat in range(players):
        drain(seat, 0)
    try:
        while not core.game.is_over:
            seq = max(u.seq for u in latest.values())
            for seat in range(players):
                drain(seat, seq)
            mover = next(s for s, u in latest.items() if u.legal and u.seq == seq)
            update = latest[mover]
            action = bots[mover].step(update.observation,  # type: ignore[arg-type]
                                      [Action.from_code(c) for c in update.legal])
            act = Act(mover, seq, action.code)
            sizes["Act"].append(len(frame(encode(act))))
            start = time.perf_counter()
            clients[mover].send(act)
            drain(mover, seq + 1)
            round_trips.append(time.perf_counter() - start)
            if latest[mover].observation["phase"] == "game_over":
                break
        codes = list(core.game.action_codes)
    finally:
        for client in clients:
            client.close()
        host.stop()
        time.sleep(0.1)
        tap.close()
    return round_trips, sizes, codes, len(tap.to_client)


def local_times(config: dict[str, object], codes: list[int]) -> list[float]:
    """The same actions applied locally, with the observation the screen then reads."""
    game = Game.new_game(config)
    times = []
    for code in codes:
        start = time.perf_counter()
        game.apply(code)
        game.observation(game.current_player if game.current_player >= 0 else 0)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--board", default="small")
    parser.add_argument("--max-rounds", type=int, default=12)
    parser.add_argument("--no-journal", action="store_true",
                        help="the host keeps no checkpoint or journal (no fsync per action)")
    args = parser.parse_args()
    config: dict[str, object] = {"players": args.players, "seed": args.seed,
                                 "max_rounds": args.max_rounds}
    if args.players == 2:
        config["board"] = args.board
    runs = {}
    with tempfile.TemporaryDirectory() as folder:
        for plain in (False, True):
            journal = None if args.no_journal else Path(folder) / f"bench{plain}.se4x"
            runs[plain] = play_over_network(config, journal, plain)
    trips, sizes, codes, _wire = runs[False]
    local = local_times(config, codes)
    print(f"{len(codes)} actions, {args.players} players, board "
          f"{config.get('board', 'standard')}, seed {args.seed}, loopback, "
          f"{'no journal' if journal is None else 'journal fsync per action'}")
    print("frame sizes in bytes (length prefix included):")
    print(f"  {'kind':<10}{'count':>7}{'mean':>9}{'median':>9}{'max':>9}")
    for kind, values in sorted(sizes.items()):
        print(f"  {kind:<10}{len(values):>7}{statistics.mean(values):>9.0f}"
              f"{statistics.median(values):>9.0f}{max(values):>9}")
    sent, whole = statistics.mean(sizes["Update"]), statistics.mean(sizes["Update whole"])
    print(f"update per seat, mean: {sent:.0f} B sent, {whole:.0f} B whole ({sent / whole:.1%})")
    old = OLD_UPDATE_BYTES.get(args.players)
    if old is not None:
        print(f"  protocol 1 (every update whole, with the packed information set): "
              f"{old / 1000:.1f} KB; now {sent / old:.1%} of it ({old / sent:.0f}x smaller)")
    ms = [t * 1000 for t in trips]
    local_ms = [t * 1000 for t in local]
    print("latency per action, ms (send Act -> own Update read back):")
    print(f"  network: median {statistics.median(ms):.2f}  p90 {percentile(ms, 0.9):.2f}  "
          f"max {max(ms):.2f}")
    print(f"  local apply + observation (reference): median {statistics.median(local_ms):.2f}  "
          f"p90 {percentile(local_ms, 0.9):.2f}")
    print(f"  ratio network / local (medians): "
          f"{statistics.median(ms) / statistics.median(local_ms):.1f}x")
    print_encryption(runs)


def print_encryption(runs: dict[bool, tuple[list[float], dict[str, list[int]], list[int], int]]
                     ) -> None:
    """Encrypted against plain text: wire bytes from the host per update, and latency."""
    print("encryption (TLS 1.3) against plain text, same game, same run:")
    print(f"  {'mode':<10}{'host->clients B':>17}{'per update':>12}{'latency median':>16}"
          f"{'p90 ms':>8}")
    figures = {}
    for plain, (trips, sizes, _codes, wire) in sorted(runs.items()):
        per_update = wire / len(sizes["Update"])
        ms = [t * 1000 for t in trips]
        figures[plain] = (per_update, statistics.median(ms))
        print(f"  {'plain' if plain else 'encrypted':<10}{wire:>17}{per_update:>12.0f}"
              f"{statistics.median(ms):>16.2f}{percentile(ms, 0.9):>8.2f}")
    (tls_bytes, tls_ms), (plain_bytes, plain_ms) = figures[False], figures[True]
    print(f"  encrypted / plain: bytes per update {tls_bytes / plain_bytes:.2f}x, "
          f"latency {tls_ms / plain_ms:.2f}x")


if __name__ == "__main__":
    main()
