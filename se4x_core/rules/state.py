"""The searched game state: one compiled object over one flat buffer.

Why this shape: Monte Carlo search clones and mutates states millions of
times, so a state is a handful of C ints plus one ``bytearray`` of 16-bit
values that every array field points into.  Compiled (``state.pxd``), a field
such as ``s.u_hex`` is a ``short*`` and a rule reads it at C speed; a clone is
one buffer copy and a few dozen pointer additions.  Interpreted, the same
names are ``memoryview`` slices of the same buffer, so the one source runs
both ways.  From Python (the facade, the tests, the observation), every
array field reads as a writable ``memoryview`` of shorts either way.

Layout (``n_units = n_players * UNITS_PER_PLAYER``): units are columns across the
``u_*`` arrays (player ``p`` owns units ``p*64 .. p*64+63``; a unit is free
when ``u_type == -1``; units are handed out lowest-free-first whatever the
type, so a unit number tells an opponent nothing); hexes are columns across
the ``h_*`` arrays, indexed like the board; per-player arrays (CP, bids,
technology, player order, purchase records, and for the solitaire scenario
each alien player's CP per roll and its four banks, and for team play each
player's team) follow, then the Doomsday Machines (advanced rules): each one's
hex + 1 (0 while unrevealed or once destroyed) and the hits it has taken.  Derived arrays that the
rules would otherwise recompute at every step are kept up to date by the
only functions that change units (:meth:`State.add_unit`,
:meth:`State.remove_unit`, :meth:`State.move_unit`,
:meth:`State.set_count`): counters per hex and player (``hx_units``), armed
counters per hex and player (``hx_armed``), ship yards per hex
(``hx_yards``), counters in use per player and type (``p_types``) and live
counters per player (``p_live``).  :meth:`State.rebuild_derived` recomputes
them from scratch after a direct edit (tests, determinization) and the
invariant checker compares the two.

The config, the action log, economic reports and history live in
:class:`se4x_core.game.Game`, not here; the state keeps only what the rules
read (the round cap, whose battles resolve themselves, the starting forces).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

import cython

from se4x_core.hexgrid import Board, board_for

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if cython.compiled:
    from cython.cimports.libc.stdlib import free, malloc
    from cython.cimports.libc.string import memcmp, memcpy, memset


@cython.final
@cython.cclass
class BoardTables:
    """A board's neighbour, distance and region tables as flat shorts, built once."""

    if TYPE_CHECKING:
        # The fields of state.pxd as the interpreted code holds them (the compiler
        # reads the .pxd, mypy reads these): a short* is a memoryview slice there.
        name: str
        n_hexes: int
        board: Board
        nbr: cython.p_short
        dist: cython.p_short
        region: cython.p_short
        walk: cython.p_short
        by_region: cython.p_short
        region_start: cython.p_int  # int[6] compiled, a list interpreted

    def __init__(self, name: str) -> None:
        board = board_for(name)
        n: cython.int = board.size
        self.name = name
        self.n_hexes = n
        self.board = board
        if not cython.compiled:
            self.region_start = [0] * 6
        values = (board.neighbours + board.distances + board.region + _walking_distances(board)
                  + (0,) * n)  # by_region, filled below
        if cython.compiled:
            base = cython.cast(cython.p_short, malloc(2 * len(values)))
            if base == cython.NULL:
                raise MemoryError()
        else:
            base = memoryview(bytearray(2 * len(values))).cast("h")
        i: cython.int
        for i in range(len(values)):
            base[i] = values[i]
        self.nbr = _field(base, 0, n * 6)
        self.dist = _field(base, n * 6, n * n)
        self.region = _field(base, n * 6 + n * n, n)
        self.walk = _field(base, n * 6 + n * n + n, n * n)
        self.by_region = _field(base, n * 6 + 2 * n * n + n, n)
        region_of = board.region
        at: cython.int = 0
        r: cython.int
        for r in range(-1, board.players):  # Deep Space first, then each home system
            self.region_start[r + 1] = at
            for h in range(n):
                if region_of[h] == r:
                    self.by_region[at] = h
                    at += 1
        self.region_start[board.players + 1] = at


def _walking_distances(board: Board) -> tuple[int, ...]:
    """Steps between every two hexes walking on the board (the plane distance ignores
    the board's edges; players and bots walk around them)."""
    n = board.size
    out = [0] * (n * n)
    for start in range(n):
        seen = {start: 0}
        frontier = [start]
        while frontier:
            following = []
            for here in frontier:
                for there in board.adjacent(here):
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        following.append(there)
            frontier = following
        for target in range(n):
            out[start * n + target] = seen.get(target, 999)
    return tuple(out)


_TABLES: dict[str, BoardTables] = {}


def tables_for(name: str) -> BoardTables:
    """The shared tables of a board (built on first use)."""
    tables = _TABLES.get(name)
    if tables is None:
        tables = _TABLES[name] = BoardTables(name)
    return tables


# Scalars, in the order of :meth:`State.scalars` (saves and equality use it).
SCALARS: tuple[str, ...] = (
    "n_players", "n_hexes", "phase", "current_player", "round", "turn", "order_pos", "n_order",
    "winner", "last_moved", "lost_unit", "lost_chooser", "peek_unit", "peek_hex",
    "pending", "n_battle_hexes", "b_hex", "b_attacker", "b_defender", "b_round", "b_pos",
    "b_shot", "b_screener", "b_screen_left", "b_colony", "b_bonus_a", "b_bonus_d",
    "max_rounds", "auto_mask", "reference_forces", "rng", "options", "machine_step",
)


# The array fields in buffer order, with the size of each: "unit" (one per
# unit unit), "hex", "hex_player", "player", "player_type", "player_tech",
# "battle_hexes", "records".  State._bind points the fields in this order.
_FIELDS: tuple[tuple[str, str], ...] = (
    ("u_type", "unit"), ("u_hex", "unit"), ("u_count", "unit"), ("u_att", "unit"),
    ("u_def", "unit"), ("u_tac", "unit"), ("u_mov", "unit"), ("u_flags", "unit"),
    ("u_moved", "unit"), ("u_cargo", "unit"), ("u_cargo_value", "unit"),
    ("u_damage", "unit"), ("u_number", "unit"),
    ("h_marker", "hex"), ("h_value", "hex"), ("h_face_up", "hex"), ("h_known", "hex"),
    ("h_col_owner", "hex"), ("h_col_cp", "hex"), ("h_col_flags", "hex"),
    ("h_deposit_cp", "hex"), ("h_deposit_wrecks", "hex"), ("h_origin", "hex"),
    ("hx_units", "hex_player"), ("hx_armed", "hex_player"), ("hx_yards", "hex"),
    ("p_types", "player_type"), ("p_live", "player"),
    ("cp", "player"), ("bids", "player"), ("researched", "player"), ("alive", "player"),
    ("homeworld", "player"), ("order", "player"), ("income", "player"),
    ("n_records", "player"), ("tech", "player_tech"),
    ("battle_hexes", "battle_hexes"), ("records", "records"),
    ("alien", "player"), ("alien_bank", "player_bank"), ("team", "player"),
    ("dm_hex", "machines"), ("dm_hits", "machines"),
)
DERIVED_FIELDS = ("hx_units", "hx_armed", "hx_yards", "p_types", "p_live")
_LAYOUTS: dict[tuple[int, int], dict[str, tuple[int, int]]] = {}


def layout_for(n_players: int, n_hexes: int) -> dict[str, tuple[int, int]]:
    """Field name -> (offset, length) in shorts, for a board size and player count."""
    key = (n_players, n_hexes)
    layout = _LAYOUTS.get(key)
    if layout is None:
        sizes = {"unit": n_players * UNITS_PER_PLAYER, "hex": n_hexes,
                 "hex_player": n_hexes * n_players, "player": n_players,
                 "player_type": n_players * N_UNIT_TYPES, "player_tech": n_players * N_TECHS,
                 "battle_hexes": MAX_BATTLE_HEXES,
                 "records": n_players * MAX_RECORDS_PER_PLAYER * 4,
                 "player_bank": n_players * N_BANKS, "machines": MAX_MACHINES}
        layout, offset = {}, 0
        for name, kind in _FIELDS:
            layout[name] = (offset, sizes[kind])
            offset += sizes[kind]
        _LAYOUTS[key] = layout
    return layout


@cython.final
@cython.cclass
class State:
    """The whole game at one moment (see the module docstring for the layout)."""

    if TYPE_CHECKING:
        # The fields of state.pxd as the interpreted code holds them (the compiler
        # reads the .pxd, mypy reads these).  An array field is a short* into the
        # buffer compiled and a memoryview slice of it interpreted: either way it is
        # indexed, and that is all the rules and the Python side do with it.  The
        # C-only _buf and _shape appear in compiled branches only.
        tables: BoardTables
        board_name: str
        layout: dict[str, tuple[int, int]]
        _mem: bytearray
        _nbytes: cython.int
        n_units: cython.int
        n_players: cython.int
        n_hexes: cython.int
        phase: cython.int
        current_player: cython.int
        round: cython.int
        turn: cython.int
        order_pos: cython.int
        n_order: cython.int
        winner: cython.int
        last_moved: cython.int
        lost_unit: cython.int
        lost_chooser: cython.int
        peek_unit: cython.int
        peek_hex: cython.int
        pending: cython.int
        n_battle_hexes: cython.int
        b_hex: cython.int
        b_attacker: cython.int
        b_defender: cython.int
        b_round: cython.int
        b_pos: cython.int
        b_shot: cython.int
        b_screener: cython.int
        b_screen_left: cython.int
        b_colony: cython.int
        b_bonus_a: cython.int
        b_bonus_d: cython.int
        max_rounds: cython.int
        auto_mask: cython.int
        reference_forces: cython.int
        options: cython.int
        machine_step: cython.int
        rng: cython.ulonglong
        # units
        u_type: cython.p_short
        u_hex: cython.p_short
        u_count: cython.p_short
        u_att: cython.p_short
        u_def: cython.p_short
        u_tac: cython.p_short
        u_mov: cython.p_short
        u_flags: cython.p_short
        u_moved: cython.p_short
        u_cargo: cython.p_short
        u_cargo_value: cython.p_short
        u_damage: cython.p_short
        u_number: cython.p_short
        # hexes
        h_marker: cython.p_short
        h_value: cython.p_short
        h_face_up: cython.p_short
        h_known: cython.p_short
        h_col_owner: cython.p_short
        h_col_cp: cython.p_short
        h_col_flags: cython.p_short
        h_deposit_cp: cython.p_short
        h_deposit_wrecks: cython.p_short
        h_origin: cython.p_short
        # derived, kept up to date by add_unit / remove_unit / move_unit / set_count
        hx_units: cython.p_short
        hx_armed: cython.p_short
        hx_yards: cython.p_short
        p_types: cython.p_short
        p_live: cython.p_short
        # players
        cp: cython.p_short
        bids: cython.p_short
        researched: cython.p_short
        alive: cython.p_short
        homeworld: cython.p_short
        order: cython.p_short
        income: cython.p_short
        n_records: cython.p_short
        tech: cython.p_short
        battle_hexes: cython.p_short
        records: cython.p_short
        alien: cython.p_short
        alien_bank: cython.p_short
        team: cython.p_short
        dm_hex: cython.p_short
        dm_hits: cython.p_short

    def __init__(self, board_name: str, n_players: int) -> None:
        tables = tables_for(board_name)
        self.tables = tables
        self.board_name = board_name
        self.n_players = n_players
        self.n_hexes = tables.n_hexes
        self.n_units = n_players * UNITS_PER_PLAYER
        self.layout = layout_for(n_players, tables.n_hexes)
        last_offset, last_size = self.layout["dm_hits"]
        self._nbytes = 2 * (last_offset + last_size)
        self._allocate(True)
        self._bind()
        self._init_values()

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._buf)

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _allocate(self, zero: cython.bint) -> cython.int:
        """A buffer of ``_nbytes`` (zeroed on request; a clone copies into it)."""
        if cython.compiled:
            self._buf = cython.cast(cython.p_short, malloc(self._nbytes))
            if self._buf == cython.NULL:
                raise MemoryError()
            if zero:
                memset(self._buf, 0, self._nbytes)
        else:
            self._mem = bytearray(self._nbytes)
        return 0

    if cython.compiled:
        def __getbuffer__(self, view: cython.pointer(Py_buffer),  # noqa: F821 (a C type)
                          flags: cython.int) -> None:
            """The whole buffer as shorts, for the Python views of the fields."""
            self._shape[0] = self._nbytes // 2
            view.buf = self._buf
            view.obj = self
            view.len = self._nbytes
            view.readonly = 0
            view.itemsize = 2
            view.format = "h"
            view.ndim = 1
            view.shape = self._shape
            view.strides = cython.NULL
            view.suboffsets = cython.NULL
            view.internal = cython.NULL

    def _shorts_view(self) -> memoryview:
        """Every short of the buffer, writable, as a memoryview."""
        if cython.compiled:
            return memoryview(self)
        return memoryview(self._mem).cast("h")

    @cython.cfunc
    @cython.exceptval(check=False)
    def _bind(self) -> cython.void:
        """Point every array field into the buffer, in the order of ``_FIELDS``."""
        nu: cython.int = self.n_units
        nh: cython.int = self.n_hexes
        npl: cython.int = self.n_players
        at: cython.int = 0
        if cython.compiled:
            base = self._buf
        else:
            base = memoryview(self._mem).cast("h")
        self.u_type = _field(base, at, nu)
        at += nu
        self.u_hex = _field(base, at, nu)
        at += nu
        self.u_count = _field(base, at, nu)
        at += nu
        self.u_att = _field(base, at, nu)
        at += nu
        self.u_def = _field(base, at, nu)
        at += nu
        self.u_tac = _field(base, at, nu)
        at += nu
        self.u_mov = _field(base, at, nu)
        at += nu
        self.u_flags = _field(base, at, nu)
        at += nu
        self.u_moved = _field(base, at, nu)
        at += nu
        self.u_cargo = _field(base, at, nu)
        at += nu
        self.u_cargo_value = _field(base, at, nu)
        at += nu
        self.u_damage = _field(base, at, nu)
        at += nu
        self.u_number = _field(base, at, nu)
        at += nu
        self.h_marker = _field(base, at, nh)
        at += nh
        self.h_value = _field(base, at, nh)
        at += nh
        self.h_face_up = _field(base, at, nh)
        at += nh
        self.h_known = _field(base, at, nh)
        at += nh
        self.h_col_owner = _field(base, at, nh)
        at += nh
        self.h_col_cp = _field(base, at, nh)
        at += nh
        self.h_col_flags = _field(base, at, nh)
        at += nh
        self.h_deposit_cp = _field(base, at, nh)
        at += nh
        self.h_deposit_wrecks = _field(base, at, nh)
        at += nh
        self.h_origin = _field(base, at, nh)
        at += nh
        self.hx_units = _field(base, at, nh * npl)
        at += nh * npl
        self.hx_armed = _field(base, at, nh * npl)
        at += nh * npl
        self.hx_yards = _field(base, at, nh)
        at += nh
        self.p_types = _field(base, at, npl * N_UNIT_TYPES)
        at += npl * N_UNIT_TYPES
        self.p_live = _field(base, at, npl)
        at += npl
        self.cp = _field(base, at, npl)
        at += npl
        self.bids = _field(base, at, npl)
        at += npl
        self.researched = _field(base, at, npl)
        at += npl
        self.alive = _field(base, at, npl)
        at += npl
        self.homeworld = _field(base, at, npl)
        at += npl
        self.order = _field(base, at, npl)
        at += npl
        self.income = _field(base, at, npl)
        at += npl
        self.n_records = _field(base, at, npl)
        at += npl
        self.tech = _field(base, at, npl * N_TECHS)
        at += npl * N_TECHS
        self.battle_hexes = _field(base, at, MAX_BATTLE_HEXES)
        at += MAX_BATTLE_HEXES
        self.records = _field(base, at, npl * MAX_RECORDS_PER_PLAYER * 4)
        at += npl * MAX_RECORDS_PER_PLAYER * 4
        self.alien = _field(base, at, npl)
        at += npl
        self.alien_bank = _field(base, at, npl * N_BANKS)
        at += npl * N_BANKS
        self.team = _field(base, at, npl)
        at += npl
        self.dm_hex = _field(base, at, MAX_MACHINES)
        at += MAX_MACHINES
        self.dm_hits = _field(base, at, MAX_MACHINES)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _init_values(self) -> cython.void:
        """A game before the homeworlds are placed: no units, no colonies."""
        i: cython.int
        for i in range(self.n_units):
            self.u_type[i] = -1
            self.u_hex[i] = -1
        for i in range(self.n_hexes):
            self.h_col_owner[i] = -1
        for i in range(self.n_players):
            self.bids[i] = -1
            self.alive[i] = 1
            self.homeworld[i] = -1
            self.order[i] = i
        for i in range(self.n_players * N_TECHS):
            self.tech[i] = TECH_START[i % N_TECHS]
        for i in range(MAX_BATTLE_HEXES):
            self.battle_hexes[i] = -1
        self.phase = PH_PLACE_HOMEWORLD
        self.current_player = 0
        self.round = 0
        self.turn = 0
        self.order_pos = 0
        self.n_order = self.n_players
        self.winner = -1
        self.last_moved = -1
        self.lost_unit = -1
        self.lost_chooser = -1
        self.peek_unit = -1
        self.peek_hex = -1
        self.pending = 0
        self.n_battle_hexes = 0
        self.b_hex = -1
        self.b_attacker = -1
        self.b_defender = -1
        self.b_round = 0
        self.b_pos = -1
        self.b_shot = 0
        self.b_screener = -1
        self.b_screen_left = 0
        self.b_colony = 0
        self.b_bonus_a = 0
        self.b_bonus_d = 0
        self.max_rounds = 0
        self.auto_mask = 0
        self.reference_forces = 0
        self.options = 0
        self.machine_step = 0
        self.rng = 1

    # -- copying ----------------------------------------------------------------
    @cython.ccall
    def clone(self) -> State:
        """An independent copy: the scalars, then one copy of the buffer."""
        o: State = State.__new__(State)
        o.tables = self.tables
        o.board_name = self.board_name
        o.layout = self.layout
        o.n_units = self.n_units
        o._nbytes = self._nbytes
        self.copy_scalars_to(o)
        o._allocate(False)
        if cython.compiled:
            memcpy(o._buf, self._buf, self._nbytes)
        else:
            o._mem[:] = self._mem
        o._bind()
        return o

    @cython.ccall
    def copy_from(self, other: State) -> cython.void:
        """Make this state equal to ``other`` (same board and players) without allocating.

        Search reuses one scratch state per iteration this way.
        """
        if other._nbytes != self._nbytes or other.board_name != self.board_name:
            raise ValueError("copy_from needs a state of the same board and players")
        other.copy_scalars_to(self)
        if cython.compiled:
            memcpy(self._buf, other._buf, self._nbytes)
        else:
            self._mem[:] = other._mem

    @cython.cfunc
    @cython.exceptval(check=False)
    def copy_scalars_to(self, o: State) -> cython.void:
        """Every scalar of :data:`SCALARS` (tests check none is forgotten)."""
        o.n_players = self.n_players
        o.n_hexes = self.n_hexes
        o.phase = self.phase
        o.current_player = self.current_player
        o.round = self.round
        o.turn = self.turn
        o.order_pos = self.order_pos
        o.n_order = self.n_order
        o.winner = self.winner
        o.last_moved = self.last_moved
        o.lost_unit = self.lost_unit
        o.lost_chooser = self.lost_chooser
        o.peek_unit = self.peek_unit
        o.peek_hex = self.peek_hex
        o.pending = self.pending
        o.n_battle_hexes = self.n_battle_hexes
        o.b_hex = self.b_hex
        o.b_attacker = self.b_attacker
        o.b_defender = self.b_defender
        o.b_round = self.b_round
        o.b_pos = self.b_pos
        o.b_shot = self.b_shot
        o.b_screener = self.b_screener
        o.b_screen_left = self.b_screen_left
        o.b_colony = self.b_colony
        o.b_bonus_a = self.b_bonus_a
        o.b_bonus_d = self.b_bonus_d
        o.max_rounds = self.max_rounds
        o.auto_mask = self.auto_mask
        o.reference_forces = self.reference_forces
        o.options = self.options
        o.machine_step = self.machine_step
        o.rng = self.rng

    def scalars(self) -> tuple[int, ...]:
        """The scalar fields in the order of :data:`SCALARS`."""
        return tuple(getattr(self, name) for name in SCALARS)

    def buffer_bytes(self) -> bytes:
        """The buffer (every array field) as bytes."""
        return self._shorts_view().tobytes()

    def load_buffer_bytes(self, data: bytes) -> None:
        """Overwrite every array field from :meth:`buffer_bytes` output of the same layout."""
        view = self._shorts_view()
        if len(data) != 2 * len(view):
            raise ValueError(f"a state buffer of {2 * len(view)} bytes is needed, "
                             f"not {len(data)}")
        view[:] = array("h", data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        o: State = other
        if self.board_name != o.board_name or self._nbytes != o._nbytes:
            return False
        if self.scalars() != o.scalars():
            return False
        if cython.compiled:
            return memcmp(self._buf, o._buf, self._nbytes) == 0
        return self._mem == o._mem

    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable (use hash64())

    @cython.ccall
    def hash64(self) -> cython.ulonglong:
        """A 64-bit fingerprint of the whole state (FNV-1a over scalars and buffer).

        Equal states have equal fingerprints, and a changed field changes it
        with overwhelming likelihood: saves and tests use it as a digest.
        """
        h: cython.ulonglong = 0xCBF29CE484222325
        value: cython.ulonglong
        for scalar in self.scalars():
            value = scalar & 0xFFFFFFFFFFFFFFFF
            h = _fnv_word(h, value)
        i: cython.int
        if cython.compiled:
            words = self._buf
        else:
            words = memoryview(self._mem).cast("h")
        for i in range(self._nbytes // 2):
            value = words[i] & 0xFFFF
            h = _fnv_word(h, value)
        return h

    # -- Python access to the array fields (compiled: they are C pointers) ---------
    if not TYPE_CHECKING:
        # Needed compiled only: Python code reads a field (a C pointer) through
        # it.  Hidden from mypy, which knows the fields from the declarations
        # above and should flag any other name.
        def __getattr__(self, name: str) -> memoryview:
            layout = self.layout
            if layout is not None and name in layout:
                off, n = layout[name]
                return self._shorts_view()[off:off + n]
            raise AttributeError(f"State has no field {name!r}")

    def fields(self) -> dict[str, list[int]]:
        """Every array field as a list of ints (saves, comparisons, debugging)."""
        return self.some_fields(tuple(self.layout))

    def some_fields(self, names: tuple[str, ...]) -> dict[str, list[int]]:
        """The array fields ``names`` as lists of ints (:meth:`fields` names them all):
        what a reader of a few needs (the observation reads 26 of the 44) without
        copying the rest."""
        view = self._shorts_view()
        layout = self.layout
        lists: dict[str, list[int]] = {}
        for name in names:
            off, n = layout[name]
            lists[name] = view[off:off + n].tolist()
        return lists

    def load_fields(self, fields: Mapping[str, list[int] | array[int]]) -> None:
        """Overwrite array fields from :meth:`fields` output (shapes already checked)."""
        view = self._shorts_view()
        for name, values in fields.items():
            off, n = self.layout[name]
            view[off:off + n] = values if isinstance(values, array) else array("h", values)

    @property
    def board(self) -> Board:
        """The board's geometry (hexes, regions, neighbours, distances)."""
        return self.tables.board

    # -- units ----------------------------------------------------------------------
    @cython.ccall
    @cython.exceptval(check=False)
    def owner(self, unit: cython.int) -> cython.int:
        """The player a unit unit belongs to."""
        return unit // UNITS_PER_PLAYER

    @cython.ccall
    @cython.exceptval(check=False)
    def tech_level(self, player: cython.int, tech: cython.int) -> cython.int:
        return self.tech[player * N_TECHS + tech]

    @cython.ccall
    @cython.exceptval(check=False)
    def set_tech_level(self, player: cython.int, tech: cython.int,
                       level: cython.int) -> cython.void:
        self.tech[player * N_TECHS + tech] = level

    @cython.ccall
    @cython.exceptval(check=False)
    def free_unit(self, player: cython.int) -> cython.int:
        """The lowest free unit of ``player``, or -1 when all are taken."""
        unit: cython.int
        for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
            if self.u_type[unit] < 0:
                return unit
        return -1

    @cython.ccall
    @cython.exceptval(check=False)
    def free_number(self, player: cython.int, unit_type: cython.int) -> cython.int:
        """The lowest unused counter number (1-based) of a type, or 0 if none."""
        used: cython.uint = 0
        unit: cython.int
        for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
            if self.u_type[unit] == unit_type:
                used |= cython.cast(cython.uint, 1) << (self.u_number[unit] - 1)
        n: cython.int
        for n in range(UNIT_COUNTERS[unit_type]):
            if not used >> n & 1:
                return n + 1
        return 0

    @cython.ccall
    @cython.exceptval(check=False)
    def add_unit(self, player: cython.int, unit_type: cython.int, hex_index: cython.int,
                 count: cython.int) -> cython.int:
        """Put a new counter on the board (levels and flags are the caller's to set).

        The caller has checked that a unit and a counter number are free.
        """
        unit: cython.int = self.free_unit(player)
        number: cython.int = self.free_number(player, unit_type)
        self.u_type[unit] = unit_type
        self.u_hex[unit] = hex_index
        self.u_count[unit] = count
        self.u_att[unit] = 0
        self.u_def[unit] = 0
        self.u_tac[unit] = 0
        self.u_mov[unit] = 0
        self.u_flags[unit] = 0
        self.u_moved[unit] = 0
        self.u_cargo[unit] = 0
        self.u_cargo_value[unit] = 0
        self.u_damage[unit] = 0
        self.u_number[unit] = number
        self._enter(unit, hex_index, 1)
        self.p_types[player * N_UNIT_TYPES + unit_type] += 1
        self.p_live[player] += 1
        if unit_type == SY:
            self.hx_yards[hex_index] += count
        return unit

    @cython.ccall
    @cython.exceptval(check=False)
    def remove_unit(self, unit: cython.int) -> cython.void:
        """Take a counter off the board (its cargo goes with it)."""
        unit_type: cython.int = self.u_type[unit]
        player: cython.int = unit // UNITS_PER_PLAYER
        other: cython.int
        if unit_type == CV:  # its fighters are no longer aboard anything
            for other in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
                if self.u_type[other] == F and self.u_cargo[other] == unit + 1:
                    self.u_cargo[other] = 0
        self._enter(unit, self.u_hex[unit], -1)
        self.p_types[player * N_UNIT_TYPES + unit_type] -= 1
        self.p_live[player] -= 1
        if unit_type == SY:
            self.hx_yards[self.u_hex[unit]] -= self.u_count[unit]
        self.u_type[unit] = -1
        self.u_hex[unit] = -1
        self.u_count[unit] = 0
        self.u_att[unit] = 0
        self.u_def[unit] = 0
        self.u_tac[unit] = 0
        self.u_mov[unit] = 0
        self.u_flags[unit] = 0
        self.u_moved[unit] = 0
        self.u_cargo[unit] = 0
        self.u_cargo_value[unit] = 0
        self.u_damage[unit] = 0
        self.u_number[unit] = 0
        if self.last_moved == unit:  # a counter reusing the unit has not moved
            self.last_moved = -1

    @cython.ccall
    @cython.exceptval(check=False)
    def move_unit(self, unit: cython.int, hex_index: cython.int) -> cython.void:
        """Put a unit in another hex (any distance; the rules check the step).

        A carrier takes the fighters aboard it along, however it moves (a step,
        a Lost in Space shift, a supernova's turning back, a retreat).
        """
        self._relocate(unit, hex_index)
        if self.u_type[unit] != CV:
            return
        other: cython.int
        first: cython.int = (unit // UNITS_PER_PLAYER) * UNITS_PER_PLAYER
        for other in range(first, first + UNITS_PER_PLAYER):
            if self.u_type[other] == F and self.u_cargo[other] == unit + 1:
                self._relocate(other, hex_index)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _relocate(self, unit: cython.int, hex_index: cython.int) -> cython.void:
        self._enter(unit, self.u_hex[unit], -1)
        self.u_hex[unit] = hex_index
        self._enter(unit, hex_index, 1)

    @cython.ccall
    @cython.exceptval(check=False)
    def set_count(self, unit: cython.int, count: cython.int) -> cython.void:
        """Change how many ships a group holds."""
        if self.u_type[unit] == SY:
            self.hx_yards[self.u_hex[unit]] += count - self.u_count[unit]
        self.u_count[unit] = count

    @cython.ccall
    @cython.exceptval(check=False)
    def retype(self, unit: cython.int, unit_type: cython.int) -> cython.void:
        """Change what a live counter is (determinization: a face-down group resampled)."""
        player: cython.int = unit // UNITS_PER_PLAYER
        self._enter(unit, self.u_hex[unit], -1)
        self.p_types[player * N_UNIT_TYPES + self.u_type[unit]] -= 1
        if self.u_type[unit] == SY:
            self.hx_yards[self.u_hex[unit]] -= self.u_count[unit]
        self.u_type[unit] = unit_type
        self._enter(unit, self.u_hex[unit], 1)
        self.p_types[player * N_UNIT_TYPES + unit_type] += 1
        if unit_type == SY:
            self.hx_yards[self.u_hex[unit]] += self.u_count[unit]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _enter(self, unit: cython.int, hex_index: cython.int, delta: cython.int) -> cython.void:
        """Count a unit into (delta 1) or out of (-1) a hex's occupancy."""
        at: cython.int = hex_index * self.n_players + unit // UNITS_PER_PLAYER
        self.hx_units[at] += delta
        if UNIT_TRAITS[self.u_type[unit]] & TR_ARMED:
            self.hx_armed[at] += delta

    @cython.ccall
    @cython.exceptval(check=False)
    def rebuild_derived(self) -> cython.void:
        """Recompute every derived array from the unit fields (after direct edits)."""
        i: cython.int
        unit: cython.int
        unit_type: cython.int
        for i in range(self.n_hexes * self.n_players):
            self.hx_units[i] = 0
            self.hx_armed[i] = 0
        for i in range(self.n_hexes):
            self.hx_yards[i] = 0
        for i in range(self.n_players * N_UNIT_TYPES):
            self.p_types[i] = 0
        for i in range(self.n_players):
            self.p_live[i] = 0
        for unit in range(self.n_units):
            unit_type = self.u_type[unit]
            if unit_type < 0:
                continue
            self._enter(unit, self.u_hex[unit], 1)
            self.p_types[(unit // UNITS_PER_PLAYER) * N_UNIT_TYPES + unit_type] += 1
            self.p_live[unit // UNITS_PER_PLAYER] += 1
            if unit_type == SY:
                self.hx_yards[self.u_hex[unit]] += self.u_count[unit]

    # -- Python conveniences (tests, observation, tools) --------------------------
    def live_units(self, player: int) -> list[int]:
        """The occupied units of ``player``."""
        return [s for s in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER)
                if self.u_type[s] >= 0]

    def units_at(self, hex_index: int, player: int = -1) -> list[int]:
        """Live units in a hex, of one player or (``player == -1``) of all."""
        first = 0 if player < 0 else player * UNITS_PER_PLAYER
        last = self.n_units if player < 0 else first + UNITS_PER_PLAYER
        return [s for s in range(first, last)
                if self.u_type[s] >= 0 and self.u_hex[s] == hex_index]

    def colonies(self, player: int) -> list[int]:
        """Hexes holding a colony (or the homeworld) of ``player``."""
        return [h for h in range(self.n_hexes) if self.h_col_owner[h] == player]

    def counters_in_play(self, player: int, unit_type: int) -> int:
        return self.p_types[player * N_UNIT_TYPES + unit_type]

    def player_order(self) -> list[int]:
        """The current player order (living players after an Economic Phase)."""
        return [self.order[i] for i in range(self.n_order)]

    def set_order(self, order: list[int]) -> None:
        """Set the player order (tests and tools)."""
        for i, p in enumerate(order):
            self.order[i] = p
        self.n_order = len(order)

    def battle_hex_list(self) -> list[int]:
        return [self.battle_hexes[i] for i in range(self.n_battle_hexes)]

    def purchase_records(self, player: int) -> list[list[int]]:
        """``player``'s purchase records of this phase, oldest first: [kind, a, b, cost]."""
        base = player * MAX_RECORDS_PER_PLAYER * 4
        return [[self.records[base + 4 * i + k] for k in range(4)]
                for i in range(self.n_records[player])]

    @property
    def mover(self) -> int:
        """The player whose turn it is during the three turns of a round."""
        return self.order[self.order_pos]

    def bids_visible_to(self, viewer: int) -> list[int | None]:
        """Own bid always; others' only once every bid is in (they are sealed)."""
        bids: list[int | None] = [self.bids[p] for p in range(self.n_players)]
        if self.phase == PH_BID:
            return [b if p == viewer else None for p, b in enumerate(bids)]
        return bids


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _fnv_word(h: cython.ulonglong, value: cython.ulonglong) -> cython.ulonglong:
    """One FNV-1a step over a 64-bit word, byte by byte."""
    i: cython.int
    for i in range(8):
        h ^= (value >> (8 * i)) & 0xFF
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _field(base: cython.p_short, at: cython.int, n: cython.int) -> cython.p_short:
    """Field of ``n`` shorts at ``at``: a pointer compiled, a memoryview slice interpreted."""
    if cython.compiled:
        return base + at
    return cast(memoryview, base)[at:at + n]  # interpreted, base is a memoryview
