"""The alien player of the official solitaire scenario: its movement, scripted.

Why a bot for the movement and the engine for the rest: an alien player
decides nothing in the official rules.  Its economy is dice (the engine
rolls them, :mod:`se4x_core.rules.alien`); its battles are fought without
screening, at the default target, never retreating, which is the engine's
default policy, so the engine takes every non-movement decision of an
alien seat itself (``engine.is_auto_decision``).  Its movement is "each
launched fleet heads for the human colony it can reach soonest", a path
search over the map: simple in Python from the observation, while the
engine only has to make it *legal*: an alien player's legal moves are the
steps of its launched groups and ending the movement (ships bought by the
Defense bank, and every unlaunched one, stay home defending).  So the
scripted bot below takes those decisions, from its observation and the
legal actions alone, like any seat, and the engine still checks each step.

The rule: for every launched group that may still step, the target is the
human colony (or homeworld) it knows of with the fewest hexes to walk
(ties: the lowest hex number), around face-up supernovae; it steps to the
neighbour that brings it closer (directions in order 0-5).  A group already
at its target stays (its battle and the attack on the colony follow).  With
no step that brings a group closer, the movement ends.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"aliens": {"players": 2, "difficulty": "easy"}, "seed": 1})
>>> game.config["players"]
3
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from se4x_core.actions import Action
from se4x_core.ai.bot import Bot
from se4x_core.hexgrid import Board, board_for
from se4x_core.observation import Observation, warp_links_seen


class AlienBot(Bot):
    """Moves launched alien fleets toward the soonest-reachable human colony."""

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        moves = [a for a in legal if a.kind == "move"]
        if observation["phase"] != "movement" or not moves:
            ending = [a for a in legal if a.kind == "end_movement"]
            return ending[0] if ending else legal[0]
        board = board_for(observation["board"])
        targets = human_colonies(observation)
        if not targets:
            return next(a for a in legal if a.kind == "end_movement")
        blocked = {view["hex"] for view in observation["hexes"]
                   if view.get("marker") == "supernova"}
        field = distances_from(board, targets, blocked, warp_links_seen(observation))
        where = {view["unit"]: view["hex"] for view in observation["units"]}
        for action in moves:  # legal order: by unit, then direction
            unit, direction = action.unit, action.dir
            here = where[unit]
            there = board.neighbour(here, direction)
            if there >= 0 and field.get(there, 1 << 20) < field.get(here, 1 << 20):
                return action
        return next(a for a in legal if a.kind == "end_movement")


def human_colonies(observation: Observation) -> list[int]:
    """Hexes of the colonies and homeworlds of the living human players it knows of."""
    aliens = observation["aliens"]
    alive = observation["alive"]
    hexes = {view["hex"] for view in observation["hexes"]
             if "colony" in view and not aliens[view["colony"]["owner"]]}
    for player, home in enumerate(observation["homeworlds"]):
        if not aliens[player] and alive[player] and home >= 0:
            hexes.add(home)
    return sorted(hexes)


def distances_from(board: Board, targets: list[int], blocked: set[int],
                   links: dict[int, list[int]] | None = None) -> dict[int, int]:
    """Hexes to walk from every hex to the nearest target (a breadth-first search; a
    warp link is a step like any other)."""
    dist = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        here = queue.popleft()
        for there in board.adjacent(here, links):
            if there not in dist and there not in blocked:
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist
