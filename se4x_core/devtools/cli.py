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
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from se4x_core import __version__, data
from se4x_core.games import GAMES

if TYPE_CHECKING:
    from se4x_core.sim.battle_spec import BattleSpec, SideSpec
    from se4x_core.sim.combat_sim import BattleOutcome

    _Subcommands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]

BOARDS = ("small", "standard", "large")


def _positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1: {value}")
    return value


def _non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0 (a seed)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0: {value}")
    return value


def _players(text: str) -> int:
    """argparse type: a player count the boards exist for (2-4)."""
    value = _positive_int(text)
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError(f"must be 2, 3 or 4: {value}")
    return value


def _add_game(p: argparse.ArgumentParser) -> None:
    """``--game``: which game (se4x_core.games.GAMES); options of one game only are
    refused with the other (each subcommand's main says which)."""
    p.add_argument("--game", choices=sorted(GAMES), default="se4x",
                   help="the game: se4x (Space Empires 4X, default) or sp4x (SP4X)")


def _add_battle(sub: _Subcommands) -> None:
    p = sub.add_parser(
        "battle", help="odds of one battle from many simulated battles",
        description="Simulate a battle many times and print how often each side wins. "
                    "SPEC.json gives the terrain and each side's tech and units.")
    p.add_argument("spec", metavar="SPEC.json", help="battle spec (see README)")
    p.add_argument("--trials", type=_positive_int, default=10000,
                   help="battles to simulate (default 10000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_run_battle)


def _add_selfplay(sub: _Subcommands) -> None:
    p = sub.add_parser("selfplay", help="bots play whole games against each other",
                       description="Play games between bots and report the results, every "
                                   "invariant checked after every action.")
    _add_game(p)
    p.add_argument("--players", type=_players, default=None,
                   help="players, 2-4 (default 2; SP4X: 3 or 4, default 3)")
    p.add_argument("--games", type=_positive_int, default=10, help="games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--max-rounds", type=_positive_int, default=None,
                   help="stop a game after this many rounds (default 60; Space Empires)")
    p.add_argument("--board", choices=BOARDS, default=None,
                   help="board size for 2 players (default standard; Space Empires)")
    p.add_argument("--advanced", action="append", choices=sorted(data.ADVANCED_RULES),
                   default=[], help="an advanced rule set to play with (repeatable; "
                                    "Space Empires)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run_selfplay)


def _add_replay(sub: _Subcommands) -> None:
    p = sub.add_parser("replay", help="replay a saved game file and check it",
                       description="Replay a game file (config plus actions).")
    p.add_argument("file", metavar="FILE", help="replay file")
    _add_game(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(handler=_run_replay)


def _add_demo(sub: _Subcommands) -> None:
    p = sub.add_parser("demo", help="watch bots play one game as text",
                       description="Play one seeded game between bots, printed as text.")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--players", type=_players, default=2, help="players, 2-4 (default 2)")
    p.add_argument("--max-rounds", type=_positive_int, default=60,
                   help="stop after this many rounds (default 60)")
    p.set_defaults(handler=_run_demo)


def _add_arena(sub: _Subcommands) -> None:
    p = sub.add_parser(
        "arena", help="bots play each other: win rates with 95%% confidence intervals",
        description="Play BOT_A against BOT_B on paired seeds (each seed once with BOT_A in "
                    "every seat; with 3-4 players BOT_B takes all the other seats) and "
                    "report BOT_A's win rate with a 95% Wilson interval, per seat too, "
                    "each bot's time per decision, the CP each bot lost to the 30 CP "
                    "carry-over cap, the games that reached the round limit and each "
                    "bot's mean rounds to a decisive win. A game stopped at the round limit "
                    "is scored by a tiebreak: homeworld standing, then income, then fleet "
                    "plus technology. With --game sp4x: 3 or 4 players, the rules' "
                    "winners, each bot's mean score, A's margin and the game length.")
    p.add_argument("bot_a", metavar="BOT_A",
                   help="bot spec, `name` or `name:parameters` (an unknown name lists "
                        "the known ones)")
    p.add_argument("bot_b", metavar="BOT_B", help="the opponent's bot spec")
    _add_game(p)
    p.add_argument("--games", type=_positive_int, default=200,
                   help="games, rounded up to whole sets of one per seat (default 200)")
    p.add_argument("--players", type=_players, default=None,
                   help="players, 2-4 (default 2; SP4X: 3 or 4, default 3)")
    p.add_argument("--board", choices=BOARDS, default=None,
                   help="board size; small and large seat 2 players (default standard; "
                        "Space Empires)")
    p.add_argument("--seed", type=_non_negative_int, default=0,
                   help="first seed; seed k of the run is S+k (default 0)")
    p.add_argument("--max-rounds", type=_positive_int, default=None,
                   help="stop a game after this many rounds and score it by the "
                        "tiebreak (default 40; Space Empires)")
    p.add_argument("--advanced", action="append", choices=sorted(data.ADVANCED_RULES),
                   default=[], help="an advanced rule set to play with (repeatable; "
                                    "Space Empires)")
    p.add_argument("--workers", type=_positive_int, default=None,
                   help="worker processes (default: the number of cores)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_run_arena)


def _add_train_eval(sub: _Subcommands) -> None:
    from se4x_core.devtools import train_plan  # the options only: the command loads when run

    p = sub.add_parser(
        "train-eval", help="play bot games and fit the learned evaluation (win probabilities)",
        description="Play seeded bot games, record every player's features after each "
                    "Economic Phase with the game's result, fit a multinomial logit and an "
                    "MLP of each player's chance to win on a split by game, report test "
                    "log-loss, accuracy and calibration against the search's material "
                    "share, and write the weights (resources/eval/win_model.json).")
    train_plan.add_arguments(p)
    p.set_defaults(handler=_run_train_eval)


def build_parser() -> argparse.ArgumentParser:
    """The headless command line (``se4x`` with no subcommand is the app)."""
    parser = argparse.ArgumentParser(
        prog="se4x", description="Space Empires 4X. Without a subcommand, opens the app "
                                 "(`se4x SAVE.json` opens a saved game in it).")
    parser.add_argument("--version", action="version", version=f"se4x {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in (_add_battle, _add_selfplay, _add_replay, _add_demo, _add_arena,
                _add_train_eval):
        add(sub)
    from se4x_core.net import hostcmd  # argparse only: the host loads when it runs
    hostcmd.add_parser(sub)
    return parser


def _run_selfplay(args: argparse.Namespace) -> int:
    # Imported when run, not at the top: each subcommand loads only what it needs.
    from se4x_core.devtools import selfplay
    return selfplay.main(args)


def _run_replay(args: argparse.Namespace) -> int:
    from se4x_core.devtools import replay  # loaded when run (see _run_selfplay)
    return replay.main(args)


def _run_demo(args: argparse.Namespace) -> int:
    from se4x_core.devtools import demo  # loaded when run (see _run_selfplay)
    return demo.main(args)


def _run_arena(args: argparse.Namespace) -> int:
    from se4x_core.devtools import arena  # loaded when run (see _run_selfplay)
    return arena.main(args)


def _run_train_eval(args: argparse.Namespace) -> int:
    from se4x_core.devtools import train_eval  # loaded when run (see _run_selfplay)
    return train_eval.run(args, ["se4x", *args.argv])


def _run_battle(args: argparse.Namespace) -> int:
    """``se4x battle``: load the spec, simulate, print the odds."""
    # Imported here, not at the top: `se4x --help` and the app's start stay fast.
    from se4x_core.sim.battle_spec import SpecError, load_spec
    from se4x_core.sim.combat_sim import simulate

    try:
        spec = load_spec(args.spec)
    except SpecError as exc:
        print(f"se4x battle: error: {exc}", file=sys.stderr)
        return 2
    outcome = simulate(spec, trials=args.trials, seed=args.seed)
    if args.json:
        print(json.dumps(battle_report(spec, outcome), indent=2))
    else:
        print(format_battle(spec, outcome))
    return 0


def battle_report(spec: BattleSpec, outcome: BattleOutcome) -> dict[str, Any]:
    """The JSON form of a battle's outcome (fractions, means, survivors by unit entry)."""
    from se4x_core.kernel.battle_math import TERRAIN_NAMES
    from se4x_core.sim.battle_spec import spec_to_json  # only `se4x battle` needs these
    from se4x_core.sim.combat_sim import SIDE_NAMES, expand_groups, mines_report

    groups = expand_groups(spec, outcome.mines)  # what the defender's mines left
    by_entry: dict[tuple[int, int], int] = {}
    for group, total in zip(groups, outcome.group_survivor_totals, strict=True):
        key = (group.side, group.entry)
        by_entry[key] = by_entry.get(key, 0) + total
    survivors = {}
    for side_index, side_name in enumerate(SIDE_NAMES):
        units = spec_to_json(spec)[side_name]["units"]
        survivors[side_name] = [
            {"type": u["type"], "count": u["count"],
             "mean_survivors": by_entry.get((side_index, i), 0) / outcome.trials}
            for i, u in enumerate(units)]
    return {
        "trials": outcome.trials,
        "seed": outcome.seed,
        "terrain": TERRAIN_NAMES[spec.terrain],
        "attacker_wins": outcome.attacker_wins,
        "defender_wins": outcome.defender_wins,
        "draws": outcome.draws,
        "mean_rounds": outcome.mean_rounds,
        "attacker_mean_survivors": outcome.attacker_mean_survivors,
        "defender_mean_survivors": outcome.defender_mean_survivors,
        "survivors_by_unit": survivors,
        "mines": mines_report(spec, outcome.mines),
        "spec": spec_to_json(spec),
    }


def _describe_side(side: SideSpec) -> str:
    """'3 DD, 2 CA  (attack 1, defense 0, tactics 0)' for the text report."""
    from se4x_core import data  # only `se4x battle` needs the charts

    if side.units[0].unit_type == data.MACHINE_TYPE:  # alone on its side (battle_spec)
        return (f"a Doomsday Machine, {side.units[0].hits} of {data.DOOMSDAY_HULL} hits taken "
                f"(class C, 9-2, fires twice a round, hit on a 1 only)")
    units = ", ".join(f"{u.count} {data.UNIT_CODES[u.unit_type]}" for u in side.units)
    extra = "".join(f", {name.replace('_', ' ')} {getattr(side, name)}"
                    for name in ("fighters", "point_defense", "cloaking", "scanners", "mine_sweep")
                    if getattr(side, name, 0))
    return (f"{units}  (tech: attack {side.attack}, defense {side.defense}, "
            f"tactics {side.tactics}{extra})")


def format_battle(spec: BattleSpec, outcome: BattleOutcome) -> str:
    """The human-readable report of ``se4x battle``."""
    from se4x_core.kernel.battle_math import TERRAIN_NAMES
    from se4x_core.sim.combat_sim import describe_mines  # only `se4x battle`

    lines = [
        f"Battle in {TERRAIN_NAMES[spec.terrain]} space: {outcome.trials} trials, "
        f"seed {outcome.seed}",
        f"  attacker: {_describe_side(spec.attacker)}",
        f"  defender: {_describe_side(spec.defender)}",
    ]
    if outcome.mines.mines:  # the defender's mines act before the battle
        lines.append(describe_mines(spec, outcome.mines))
    lines += [
        f"Attacker wins   {100 * outcome.attacker_wins:6.2f} %",
        f"Defender wins   {100 * outcome.defender_wins:6.2f} %",
    ]
    if outcome.draw_count:
        lines.append(f"Draws           {100 * outcome.draws:6.2f} %")
    lines += [
        f"Mean rounds     {outcome.mean_rounds:6.2f}",
        f"Mean survivors  attacker {outcome.attacker_mean_survivors:.2f} ships, "
        f"defender {outcome.defender_mean_survivors:.2f} ships",
    ]
    return "\n".join(lines)


SUBCOMMANDS = ("battle", "selfplay", "replay", "demo", "arena", "host", "train-eval")


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
