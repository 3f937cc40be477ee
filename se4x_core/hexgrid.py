"""Hex coordinates, neighbours, distances and the game's boards.

Hexes are pointy-topped and stored in "odd-r" offset coordinates
(``row``, ``col``), odd rows shifted half a hex to the right.  Every board
numbers its playable hexes 0..n-1 in reading order; the engine only ever
sees those indices, with the neighbour table and the distance matrix
precomputed here once per board.

Directions, in order: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.

Boards (docs/charts.md#setup-and-economy): every home system is 26 hexes (the
homeworld and 25 markers).  Two players face each other across an
hourglass of Deep Space of 17, 34 or 51 hexes; three and four players share
a 150-hex board with the home systems in the corners and 72 or 46 Deep Space
hexes between them.

>>> b = board_for("2p-small")
>>> len(b.hexes), b.deep_space_count, [len(h) for h in b.home_hexes]
(69, 17, [26, 26])
>>> b.distance(b.index[(0, 0)], b.index[(0, 3)])
3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
N_DIRECTIONS = 6
WARP_DIR = 8  # data.WARP_DIR: a direction WARP_DIR + h steps through a warp link to hex h


def warp_groups(markers: list[str | None] | tuple[str | None, ...],
                values: list[int] | tuple[int, ...]) -> dict[int, list[int]]:
    """Revealed warp points by number (hexes whose marker key is ``"warp_point"``).

    Two or more in one list are linked: each is adjacent to the others.
    """
    groups: dict[int, list[int]] = {}
    for h, marker in enumerate(markers):
        if marker == "warp_point":
            groups.setdefault(values[h], []).append(h)
    return {number: hexes for number, hexes in groups.items() if len(hexes) > 1}


def warp_links(groups: dict[int, list[int]]) -> dict[int, list[int]]:
    """Each linked warp point's partners (hex -> the other hexes of its number)."""
    return {h: [g for g in hexes if g != h] for hexes in groups.values() for h in hexes}

# (d_row, d_col) per direction, for even rows and for odd rows.
_EVEN_ROW_STEPS = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0))
_ODD_ROW_STEPS = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0), (1, 1))

DEEP_SPACE = -1
BOARD_NAMES = ("2p-small", "2p-standard", "2p-large", "3p", "4p")


def offset_neighbour(row: int, col: int, direction: int) -> tuple[int, int]:
    """The offset coordinates one step from (row, col) in ``direction``."""
    d_row, d_col = (_ODD_ROW_STEPS if row & 1 else _EVEN_ROW_STEPS)[direction]
    return row + d_row, col + d_col


def offset_to_cube(row: int, col: int) -> tuple[int, int, int]:
    """Cube coordinates (x, y, z with x + y + z == 0) of an odd-r hex."""
    x = col - (row - (row & 1)) // 2
    z = row
    return x, -x - z, z


def offset_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of hex steps between two offset coordinates on an open plane."""
    ax, ay, az = offset_to_cube(*a)
    bx, by, bz = offset_to_cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def hex_center(row: int, col: int, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre of a pointy-topped hex of circumradius ``size``."""
    width = 3 ** 0.5 * size
    x = width * (col + 0.5 * (row & 1))
    y = 1.5 * size * row
    return x, y


@dataclass(frozen=True)
class Board:
    """A board: its playable hexes, who owns which home system, adjacency."""

    name: str
    players: int
    hexes: tuple[tuple[int, int], ...]
    region: tuple[int, ...]  # owning player's home system, or DEEP_SPACE
    index: dict[tuple[int, int], int] = field(compare=False, repr=False)
    neighbours: tuple[int, ...] = field(compare=False, repr=False)  # n*6, -1 = edge
    distances: tuple[int, ...] = field(compare=False, repr=False)  # n*n

    @property
    def size(self) -> int:
        """Number of playable hexes."""
        return len(self.hexes)

    @property
    def home_hexes(self) -> list[list[int]]:
        """Hex indices of each player's home system."""
        return [[h for h, r in enumerate(self.region) if r == p] for p in range(self.players)]

    @property
    def deep_space_hexes(self) -> list[int]:
        """Hex indices of Deep Space."""
        return [h for h, r in enumerate(self.region) if r == DEEP_SPACE]

    @property
    def deep_space_count(self) -> int:
        """How many Deep Space hexes (and so Deep Space markers) the board has."""
        return sum(1 for r in self.region if r == DEEP_SPACE)

    def neighbour(self, hex_index: int, direction: int) -> int:
        """The hex one step away in ``direction``, or -1 off the board.

        A direction of ``WARP_DIR + h`` (warp points rule set) is the step through
        a warp link into hex ``h``, so actions' directions all resolve here.
        """
        if direction >= WARP_DIR:
            return direction - WARP_DIR
        return self.neighbours[hex_index * N_DIRECTIONS + direction]

    def adjacent(self, hex_index: int, links: dict[int, list[int]] | None = None) -> list[int]:
        """The playable hexes next to ``hex_index``, and those linked to it by a warp link
        (``links``: :func:`warp_links`; the engine's ``warp.neighbours``)."""
        base = hex_index * N_DIRECTIONS
        near = [h for h in self.neighbours[base:base + N_DIRECTIONS] if h >= 0]
        if links and hex_index in links:
            near += links[hex_index]
        return near

    def direction_to(self, origin: int, target: int) -> int:
        """The direction from ``origin`` to an adjacent ``target``, or -1."""
        base = origin * N_DIRECTIONS
        for direction in range(N_DIRECTIONS):
            if self.neighbours[base + direction] == target:
                return direction
        return -1

    def distance(self, a: int, b: int) -> int:
        """Hex steps between two playable hexes (ignoring terrain)."""
        return self.distances[a * len(self.hexes) + b]

    def linked_distance(self, a: int, b: int, links: dict[int, list[int]]) -> int:
        """:meth:`distance` with each warp link (:func:`warp_links`) one step, the
        engine's ``warp_distance``: the best route through any chain of links."""
        best = self.distance(a, b)
        if not links:
            return best
        warps = list(links)
        reach = {w: self.distance(a, w) for w in warps}
        changed = True
        while changed:
            changed = False
            for w in warps:
                for v in warps:
                    leg = 1 if v in links[w] else self.distance(w, v)
                    if v != w and reach[w] + leg < reach[v]:
                        reach[v] = reach[w] + leg
                        changed = True
        return min(best, min(reach[w] + self.distance(w, b) for w in warps))

    def label(self, hex_index: int) -> str:
        """A human-readable name for a hex, e.g. ``"0304"`` (row 3, column 4)."""
        row, col = self.hexes[hex_index]
        return f"{row:02d}{col:02d}"


def _make_board(name: str, players: int, cells: list[tuple[int, int, int]]) -> Board:
    """Build a Board from (row, col, region) triples, numbered in reading order."""
    cells = sorted(cells)
    hexes = tuple((r, c) for r, c, _ in cells)
    region = tuple(reg for _, _, reg in cells)
    index = {rc: i for i, rc in enumerate(hexes)}
    neighbours: list[int] = []
    for row, col in hexes:
        for direction in range(N_DIRECTIONS):
            neighbours.append(index.get(offset_neighbour(row, col, direction), -1))
    distances = [offset_distance(a, b) for a in hexes for b in hexes]
    return Board(name, players, hexes, region, index, tuple(neighbours), tuple(distances))


def _straight_row(row: int, even_width: int) -> int:
    """Width of a row on a straight-edged board (odd rows one hex shorter)."""
    return even_width - (row & 1)


def _two_player(name: str, deep_rows: list[int]) -> Board:
    """An hourglass board: 3 home rows each side, Deep Space rows between.

    ``deep_rows`` gives, per Deep Space row, how many hexes are cut from each
    end of the straight 9/8 row; the cuts mirror through the centre so that
    both players' positions are the same under a half turn.
    """
    rows = 6 + len(deep_rows)
    cells: list[tuple[int, int, int]] = []
    for row in range(rows):
        width = _straight_row(row, 9)
        if row < 3 or row >= rows - 3:
            owner = 0 if row < 3 else 1
            cells.extend((row, col, owner) for col in range(width))
        else:
            cut = deep_rows[row - 3]
            cells.extend((row, col, DEEP_SPACE) for col in range(cut, width - cut))
    return _make_board(name, 2, cells)


# Home-system column spans per row on the 12-row, 13/12-wide boards.
# Top rows 0-4: (left span, right span); bottom rows 7-11 likewise.
_TOP_SPANS = (((0, 5), (8, 13)), ((0, 5), (7, 12)), ((0, 6), (7, 13)),
              ((0, 5), (7, 12)), ((0, 5), (8, 13)))
_BOTTOM_SPANS = (((0, 5), (7, 12)), ((0, 6), (7, 13)), ((0, 5), (7, 12)),
                 ((0, 5), (8, 13)), ((0, 5), (7, 12)))
# Three players: the third home system centred at the bottom.
_BOTTOM_CENTRE_SPANS = ((4, 9), (4, 10), (4, 9), (4, 9), (4, 9))


def _big_board(name: str, players: int) -> Board:
    """The 150-hex board for three or four players.

    Player 0 top-left, player 1 top-right, then (clockwise) player 2
    bottom-right and player 3 bottom-left; with three players the third home
    system sits at the bottom centre.
    """
    cells: list[tuple[int, int, int]] = []
    for row in range(12):
        width = _straight_row(row, 13)
        owner_of_col = [DEEP_SPACE] * width
        if row < 5:
            (l0, l1), (r0, r1) = _TOP_SPANS[row]
            owner_of_col[l0:l1] = [0] * (l1 - l0)
            owner_of_col[r0:r1] = [1] * (r1 - r0)
        elif row >= 7:
            if players == 4:
                (l0, l1), (r0, r1) = _BOTTOM_SPANS[row - 7]
                owner_of_col[l0:l1] = [3] * (l1 - l0)
                owner_of_col[r0:r1] = [2] * (r1 - r0)
            else:
                c0, c1 = _BOTTOM_CENTRE_SPANS[row - 7]
                owner_of_col[c0:c1] = [2] * (c1 - c0)
        cells.extend((row, col, owner) for col, owner in enumerate(owner_of_col))
    return _make_board(name, players, cells)


@cache
def board_for(name: str) -> Board:
    """The board called ``name`` (one of :data:`BOARD_NAMES`), built once."""
    if name == "2p-small":
        return _two_player(name, [1, 2, 1])
    if name == "2p-standard":
        return _two_player(name, [1, 1, 0, 1, 1])
    if name == "2p-large":
        return _two_player(name, [1, 1, 0, 0, 0, 1, 1])
    if name == "3p":
        return _big_board(name, 3)
    if name == "4p":
        return _big_board(name, 4)
    raise ValueError(f"unknown board {name!r}; expected one of {', '.join(BOARD_NAMES)}")


def default_board_name(players: int, size: str = "standard") -> str:
    """The board for a player count (and, with two players, a size)."""
    if players == 2:
        if size not in ("small", "standard", "large"):
            raise ValueError(f"unknown 2-player board size {size!r}")
        return f"2p-{size}"
    if players in (3, 4):
        return f"{players}p"
    raise ValueError(f"se4x boards seat 2 to 4 players, not {players}")
