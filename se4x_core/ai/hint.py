"""A hint for a human player: what the Normal search would do now, and why, in one line.

The search runs on the player's own observation (like any bot), and the
line names the macro it prefers in the player's words (their group's name,
the hex's label) with the share of simulated futures it won.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> line = hint(game.observation(game.current_player), game.legal_actions(), seed=1,
...             iterations=20)
>>> line.startswith("Place your homeworld")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from se4x_core.actions import Action
from se4x_core.ai.ismcts import Search
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


def hint(observation: Observation, legal: Sequence[Action], seed: int, seconds: float = 0.1,
         iterations: int = 0) -> str:
    """One line: the move the search prefers and how often it came out ahead."""
    if not legal:
        return "Nothing to decide now."
    state = unpack(observation["search_state"])
    search = Search(state, observation["viewer"], seed)
    done = search.run(iterations, 0.0 if iterations else seconds)
    stats = search.tree.root_statistics()
    if not stats:
        return f"{_words(observation, legal[0].code)}: it is the only sensible choice."
    macro, visits, value = stats[0]
    return (f"{_words(observation, macro)}: ahead in {round(100 * value)}% of the "
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
        return f"Fight the battle at {board.label(a)} with the default choices"
    if kind == KIND_PLAN:
        return f"Spend this Economic Phase on: {PLAN_NAMES[a]}"
    return f"Bid {bid_amount(a, obs['me']['cp'])} CP for the player order"


def _unit_name(obs: Observation, unit: int) -> str:
    for view in obs["units"]:
        if view["unit"] == unit:
            kind = view.get("unit_type") or "group"
            return f"{kind}{view.get('number', '')}"
    return f"unit {unit}"
