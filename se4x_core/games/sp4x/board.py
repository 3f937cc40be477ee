"""The hex board: axial coordinates packed into small integers, roads on tile edges.

Tiles are placed as they are explored, so the board is a sparse map from a
cell to a tile kind, with the Mothership at axial (0, 0).  A cell packs
``(q, r)`` (each within ±RADIUS) into one integer below 4096, the size of
an action parameter, so a cell goes into an action code unchanged.  A road
lies on the edge between two cells; an edge packs the two cells, smaller
first.

>>> c = cell(1, -1)
>>> coords(c), coords(neighbour(c, 3))
((1, -1), (0, -1))
>>> edge(c, neighbour(c, 3)) == edge(neighbour(c, 3), c)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

RADIUS = 31
WIDTH = 2 * RADIUS + 1
N_CELLS = WIDTH * WIDTH  # 3969 < 4096, an action parameter
#: Axial directions, in a fixed order (a road's ``dir`` in an action indexes this).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
CENTRE = RADIUS * WIDTH + RADIUS


def cell(q: int, r: int) -> int:
    """The packed cell of axial ``(q, r)``."""
    return (q + RADIUS) * WIDTH + (r + RADIUS)


def coords(c: int) -> tuple[int, int]:
    """Axial ``(q, r)`` of a packed cell."""
    return c // WIDTH - RADIUS, c % WIDTH - RADIUS


def on_grid(c: int) -> bool:
    return 0 <= c < N_CELLS


def _neighbour_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for c in range(N_CELLS):
        q, r = coords(c)
        row = []
        for dq, dr in DIRECTIONS:
            nq, nr = q + dq, r + dr
            row.append(cell(nq, nr) if abs(nq) <= RADIUS and abs(nr) <= RADIUS else -1)
        table.append(tuple(row))
    return tuple(table)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbour_table()


def neighbour(c: int, direction: int) -> int:
    """The cell next to ``c`` in ``direction`` (-1 off the grid)."""
    return NEIGHBOURS[c][direction]


def direction_to(a: int, b: int) -> int:
    """The direction from ``a`` to its neighbour ``b`` (-1 if not adjacent)."""
    row = NEIGHBOURS[a]
    return row.index(b) if b in row else -1


def edge(a: int, b: int) -> int:
    """The packed edge between neighbouring cells (order does not matter)."""
    return a * 4096 + b if a < b else b * 4096 + a


def edge_cells(e: int) -> tuple[int, int]:
    return e // 4096, e % 4096


def road_closure(start: int, roads: set[int]) -> set[int]:
    """Every cell reachable from ``start`` along the given road edges (start included).

    Why: a man chosen to move travels along roads of his colour without
    spending his move (Danish 6, Flyt & Udforsk).
    """
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for there in NEIGHBOURS[here]:
            if there >= 0 and there not in seen and edge(here, there) in roads:
                seen.add(there)
                frontier.append(there)
    return seen


def road_components(cells: Iterable[int], roads: set[int]) -> Iterator[set[int]]:
    """The groups of ``cells`` linked to each other along ``roads`` (through any cells)."""
    left = set(cells)
    while left:
        start = left.pop()
        group = road_closure(start, roads)
        left -= group
        yield group


def road_cells(roads: Iterable[int]) -> set[int]:
    """Every cell touched by one of ``roads``."""
    out: set[int] = set()
    for e in roads:
        out.update(edge_cells(e))
    return out
