"""Space Empires' own commands: ``se4x battle``, ``se4x demo`` and ``se4x train-eval``.

Registered through the game's record (``commands``): the ``se4x`` command line adds
every game's own commands to the common ones.  Only argparse is used when the parser is
built; each command loads what it needs when it runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, TypeAlias

from se4x_core.gamekit.options import positive_int

if TYPE_CHECKING:
    from se4x_core.sim.battle_spec import BattleSpec, SideSpec
    from se4x_core.sim.combat_sim import BattleOutcome

    _Subcommands: TypeAlias = argparse._SubParsersAction[argparse.ArgumentParser]


def players_type(text: str) -> int:
    """argparse type: a player count the boards exist for (2-4)."""
    value = positive_int(text)
    if not 2 <= value <= 4:
        raise argparse.ArgumentTypeError(f"must be 2, 3 or 4: {value}")
    return value


def add_commands(sub: _Subcommands) -> None:
    """The parsers of Space Empires' own commands."""
    for add in (_add_battle, _add_demo, _add_train_eval):
        add(sub)


def _add_battle(sub: _Subcommands) -> None:
    p = sub.add_parser(
        "battle", help="odds of one battle from many simulated battles",
        description="Simulate a battle many times and print how often each side wins. "
                    "SPEC.json gives the terrain and each side's tech and units.")
    p.add_argument("spec", metavar="SPEC.json", help="battle spec (see README)")
    p.add_argument("--trials", type=positive_int, default=10000,
                   help="battles to simulate (default 10000)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=_run_battle)



def _add_demo(sub: _Subcommands) -> None:
    p = sub.add_parser("demo", help="watch bots play one game as text",
                       description="Play one seeded game between bots, printed as text.")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--players", type=players_type, default=2, help="players, 2-4 (default 2)")
    p.add_argument("--max-rounds", type=positive_int, default=60,
                   help="stop after this many rounds (default 60)")
    p.set_defaults(handler=_run_demo)



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



def _run_demo(args: argparse.Namespace) -> int:
    from se4x_core.devtools import demo  # loaded when run (see _run_selfplay)
    return demo.main(args)



def _run_train_eval(args: argparse.Namespace) -> int:
    """``se4x train-eval``: a developer's command, the one user of numpy, which is an
    optional dependency (``pip install 'se4x[train]'``) and not in the app's bundle."""
    try:
        from se4x_core.devtools import train_eval  # loaded when run (see _run_selfplay)
    except ModuleNotFoundError as exc:
        if exc.name != "numpy":
            raise
        print("se4x train-eval: error: needs numpy, a developer's tool not installed with "
              "the app: pip install 'se4x[train]'", file=sys.stderr)
        return 2
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
