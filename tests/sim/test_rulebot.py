"""The rule-based player's compiled rules (se4x_core.sim.rulebot) as one implementation.

* The C constants of ``constants.pxd`` are the Python ones of ``constants.py``.
* The player at the table (``RuleBot``) decides exactly what the compiled rules decide
  on its information set: the search's playouts and the player are the same code.
* The mean-field odds agree with the battle simulator where a battle is clear-cut.

(``tests/ai/test_rule_bot.py`` checks the rules one by one, ``tests/ai/test_policy.py``
the strategies, ``tests/build/test_modes_agree.py`` the two builds.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from se4x_core import _puremode, data
from se4x_core.actions import Action
from se4x_core.ai.bot import ask
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.game import Game
from se4x_core.rules import codes, engine
from se4x_core.rules.alist import ActionList
from se4x_core.sim import policy
from se4x_core.sim.battle_spec import parse_spec
from se4x_core.sim.combat_sim import simulate
from se4x_core.sim.infostate import unpack
from se4x_core.sim.rulebot import constants, odds
from se4x_core.sim.rulebot.memory import PolicyMemory

pytestmark = [pytest.mark.core, pytest.mark.fast]

PURE = _puremode.pure_python_requested()


def test_the_c_constants_are_the_python_ones() -> None:
    """Every ``NAME = expression`` of constants.pxd's enum evaluates, with the rules'
    codes, to constants.py's value, and every integer of constants.py is declared."""
    text = (Path(constants.__file__).with_suffix(".pxd")).read_text()
    declared = dict(re.findall(r"^    ([A-Z][A-Z0-9_]*) = (.+)$", text, re.MULTILINE))
    names = {name: getattr(codes, name) for name in dir(codes) if name.isupper()}
    for name, expression in declared.items():
        value = eval(expression, {}, names)  # the .pxd's own integer arithmetic
        names[name] = value
        assert value == getattr(constants, name), name
    python = {name for name, value in vars(constants).items()
              if name.isupper() and not name.startswith("_") and isinstance(value, int)
              and name not in vars(codes) and name != "SLOT_COUNT"}  # N_SLOTS by its API name
    assert python == set(declared)


def test_the_player_decides_what_the_rules_decide_on_its_information_set() -> None:
    """Two rule bots play a seeded game; beside each, a bare memory is handed the same
    information sets: every decision is the same (the bot adds nothing but the
    unpacking and the memory it keeps)."""
    game = Game.new_game({"players": 2, "seed": 5, "max_rounds": 4 if PURE else 10})
    bots = [RuleBot(p) for p in range(2)]
    memories = [PolicyMemory() for _ in range(2)]
    legal = ActionList()
    decisions = 0
    while not game.is_over:
        player = game.current_player
        action = ask(bots[player], game, player)
        known = unpack(game.information_set(player))
        engine.write_legal(known, legal)
        assert Action.from_code(policy.choose(known, legal, memories[player])) == action
        game.apply(action)
        decisions += 1
    assert decisions > 200


def _side(force: list[tuple[int, int, int, int, int, int]]) -> dict[str, object]:
    return {"units": [{"type": data.UNIT_CODES[kind], "count": count, "attack": att,
                       "defense": dfn, "tactics": tac}
                      for kind, count, att, dfn, tac, _level in force]}


@pytest.mark.parametrize("attacker,defender", [
    ([(data.CA, 4, 1, 0, 0, 0)], [(data.DD, 1, 0, 0, 0, 0)]),
    ([(data.DD, 2, 0, 0, 0, 0)], [(data.CA, 6, 2, 2, 0, 0)]),
    ([(data.DN, 11, 3, 3, 0, 0)], [(data.DN, 5, 3, 3, 0, 0), (data.SY, 4, 3, 3, 0, 0)]),
    ([(data.DN, 6, 3, 3, 0, 0)], [(data.DN, 5, 3, 3, 0, 0)]),
    ([(data.CA, 5, 2, 2, 1, 0)], [(data.BC, 3, 2, 2, 0, 0)]),
], ids=["cruisers-vs-destroyer", "destroyers-vs-cruisers", "push", "six-vs-five", "tactics"])
def test_the_odds_agree_with_the_simulator_on_clear_battles(
        attacker: list[tuple[int, int, int, int, int, int]],
        defender: list[tuple[int, int, int, int, int, int]]) -> None:
    """Within 0.1 of 4,000 simulated battles where one side clearly leads (close battles
    are the calibration's business: benchmarks/calibrate_policy_odds.py)."""
    spec = parse_spec({"terrain": "open", "attacker": _side(attacker),
                       "defender": _side(defender)})
    simulated = simulate(spec, 400 if PURE else 4000, 7).attacker_wins
    assert odds.force_odds(attacker, defender, 0) == pytest.approx(simulated, abs=0.1)
