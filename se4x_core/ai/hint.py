"""A hint for a human player: what the Normal level would do now, and why, in one line.

Like the Normal level (:mod:`se4x_core.ai.mcts_bot`), the rule-based guide
proposes and the search checks the proposal (planted at the root), taking
its own choice instead only in a battle and only by the margin; all of it
from the player's own observation.  The line names the choice in the
player's words (their group's name, the hex's label) with the share of
simulated futures it won.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> player = game.current_player
>>> line = hint(game.observation(player), game.legal_actions(), game.information_set(player),
...             seed=1, iterations=20)
>>> line.startswith("Place your homeworld")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from se4x_core.actions import Action
from se4x_core.ai.ismcts import Search
from se4x_core.ai.mcts_bot import may_overrule, pick_against_proposal, proposal_macro
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.hexgrid import board_for
from se4x_core.observation import Observation
from se4x_core.sim.infostate import unpack
from se4x_core.sim.macro import (
    KIND_AUTO_BATTLE,
    KIND_MOVE_TO,
    KIND_PLAN,
    PLAN_NAMES,
    bid_amount,
    decode,
)


def hint(observation: Observation, legal: Sequence[Action], information_set: str, seed: int,
         seconds: float = 0.1, iterations: int = 0) -> str:
    """One line: the move the search prefers and how often it came out ahead
    (``information_set``: the player's, :meth:`se4x_core.game.Game.information_set`)."""
    if not legal:
        return "Nothing to decide now."
    state = unpack(information_set)
    proposal = RuleBot(seed).step(observation, legal).code
    planted = proposal_macro(state, proposal)
    search = Search(state, observation["viewer"], seed)
    if planted >= 0:
        search.tree.add(0, planted, observation["viewer"])
    done = search.run(iterations, 0.0 if iterations else seconds)
    stats = search.tree.root_statistics()
    if planted < 0:
        return f"{_words(observation, proposal)}: the plan of the Normal level."
    choice = pick_against_proposal(stats, planted) if may_overrule(planted) else planted
    visits, value = next(((v, q) for m, v, q in stats if m == choice), (0, 0.0))
    if visits == 0:
        return f"{_words(observation, choice)}: it is the only sensible choice."
    return (f"{_words(observation, choice)}: ahead in {round(100 * value)}% of the "
            f"futures simulated ({visits} of {done}).")


def _words(obs: Observation, code: int) -> str:
    """A macro or action in the player's words."""
    board = board_for(obs["board"])
    parts = decode(code)
    if parts is None:
        action = Action.from_code(code)
        if action.kind == "place_homeworld":
            return f"Place your homeworld at {board.label(action.hex)}"
        if action.kind == "fire":
            return f"Fire at {_unit_name(obs, action.target)}"
        return str(action).replace("_", " ").capitalize()
    kind, a, b = parts
    if kind == KIND_MOVE_TO:
        return f"Move {_unit_name(obs, a)} to {board.label(b)}"
    if kind == KIND_AUTO_BATTLE:
        foe = "the Doomsday Machine" if b else "the battle"  # b: see sim.macro, AUTO_BATTLE
        return f"Fight {foe} at {board.label(a)} with the default choices"
    if kind == KIND_PLAN:
        return f"Spend this Economic Phase on: {PLAN_NAMES[a]}"
    return f"Bid {bid_amount(a, obs['me']['cp'])} CP for the player order"


def _unit_name(obs: Observation, unit: int) -> str:
    for view in obs["units"]:
        if view["unit"] == unit:
            kind = view.get("unit_type") or "group"
            return f"{kind}{view.get('number', '')}"
    return f"unit {unit}"
