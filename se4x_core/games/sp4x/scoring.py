"""Points: the pair actions' scores, tile bonus points, end of an age and of the game.

Each function reads the position only; the rules add the points and emit a
``scored`` event, so the sum of a player's ``scored`` events is always that
player's score (the self-play tests check it).
"""

from __future__ import annotations

from se4x_core.games.sp4x import board
from se4x_core.games.sp4x.data import Rules, load
from se4x_core.games.sp4x.state import State


def rules() -> Rules:
    return load()


def bonus(state: State, p: int) -> int:
    """Tile bonus points (Danish 8.1): a man on the Mothership, a base on it, a base on
    each Mountain (as the data's ``bonus_man`` / ``bonus_base`` say)."""
    tiles = rules().tiles
    points = 0
    for c in state.men[p]:
        points += tiles[state.tiles[c]].bonus_man
    for c in state.bases[p]:
        points += tiles[state.tiles[c]].bonus_base
    return points


def connected_bases(state: State, p: int) -> int:
    """The most of ``p``'s bases linked to each other by ``p``'s roads (Byg: "baser du
    har der er forbundet med veje"); a lone base counts 1."""
    best = 0
    for group in board.road_components(state.bases[p], state.roads[p]):
        best = max(best, len(group & state.bases[p]))
    return best


def build_points(state: State, p: int) -> int:
    table = rules().scores["build_connected_bases"]
    return int(table[min(connected_bases(state, p), len(table) - 1)])


def occupied(state: State, p: int) -> set[int]:
    """Tiles where ``p`` has a man or a base (Udnyt pair, Mænder scoring)."""
    return set(state.men[p]) | state.bases[p]


def present(state: State, p: int) -> set[int]:
    """Tiles where ``p`` has any piece: men, bases and (by the data's option) roads,
    which touch the tiles at both ends (Krig, the tie-break)."""
    tiles = occupied(state, p)
    if rules().options["roads_count_on_both_tiles"]:
        tiles |= board.road_cells(state.roads[p])
    return tiles


def shared_tiles(state: State, p: int) -> int:
    """Tiles where ``p`` has a man or base together with another colour's man or base."""
    mine = occupied(state, p)
    others: set[int] = set()
    for q in range(state.n):
        if q != p:
            others |= occupied(state, q)
    return len(mine & others)


def men_points(state: State, p: int) -> int:
    return int(rules().scores["men_per_shared_tile"]) * shared_tiles(state, p)


def war_points(state: State, p: int) -> int:
    return int(rules().scores["war_per_tile"]) * len(present(state, p))


def harvest_potential(state: State, p: int, resource: int) -> int:
    """What an Exploit pair of ``resource`` yields with an endless track: the amount
    shown on every tile with ``p``'s men or bases, each tile once."""
    tiles = rules().tiles
    return sum(tiles[state.tiles[c]].yields[resource] for c in occupied(state, p))


def resource_points(state: State, p: int) -> int:
    """End-of-age scoring (Danish 9.1): each track's points at its marker, summed, or
    summed and multiplied by the number of tracks holding resources."""
    faction = rules().factions[state.factions[p]]
    total = sum(faction.tracks[r][state.res[p][r]] for r in range(3))
    if faction.combine == "multiply":
        total *= sum(1 for amount in state.res[p] if amount > 0)
    return total


def end_game_points(state: State, p: int) -> int:
    """Faction end-game scoring (Danish 9.2; the amounts are the data's)."""
    faction = rules().factions[state.factions[p]]
    return faction.end_game_per_tile * len(present(state, p))


def winners(state: State) -> list[int]:
    """Most points; a tie goes to the player present on the most tiles (Danish 9);
    players still level all win."""
    keys = [(state.score[p], len(present(state, p))) for p in range(state.n)]
    best = max(keys)
    return [p for p in range(state.n) if keys[p] == best]
