"""The compact game state: typed arrays plus a few scalars.

Units live in fixed slots, ``UNIT_SLOTS`` per player (player ``p`` owns slots
``p*UNIT_SLOTS .. (p+1)*UNIT_SLOTS-1``); each unit is a column across the
``u_*`` arrays.  Hexes are columns across the ``h_*`` arrays, indexed like the
board.  Everything is an ``array('i')`` (or a plain int), so cloning is a
handful of buffer copies, the compiled modules can read the state through
typed memoryviews, and a save is the arrays as lists.

A unit slot is free when ``u_type[slot] == -1``.  Slots are handed out
lowest-free-first whatever the unit type, so a slot number tells an opponent
nothing about what the counter hides.
"""

from __future__ import annotations

import copy
from array import array
from typing import Any

import cython

from se4x_core import data
from se4x_core.hexgrid import Board, board_for

UNIT_SLOTS = 64
_SLOTS = UNIT_SLOTS  # C-level copy for the typed loops (state.pxd)

# Unit flags (u_flags bits).
F_TERRAFORM = 1  # colony ship built with Terraforming
F_EXPLORER = 2  # cruiser built (or refitted) with Exploration technology
F_REVEALED = 4  # revealed in combat: opponents see type, size and tech
F_PEEKED = 8  # used its Exploration technology this turn
F_DONE = 16  # finished moving this turn
F_REFITTED = 32  # refitted in this Economic Phase

# Colony flags (h_col_flags bits).
C_HOMEWORLD = 1
C_YARD_BOUGHT = 2  # a ship yard was bought here this Economic Phase

# Stages: which decision the game waits for.
S_PLACE_HOMEWORLD = 0
S_MOVEMENT = 1
S_LOST_SHIFT = 2
S_PEEK = 3
S_CHOOSE_BATTLE = 4
S_SCREEN = 5
S_FIRE = 6
S_COLONY_FIRE = 7
S_BID = 8
S_CHOOSE_ORDER = 9
S_BUY = 10
S_GAME_OVER = 11

STAGE_NAMES = (
    "place_homeworld", "movement", "lost_in_space", "exploration_peek",
    "choose_battle", "combat_screen", "combat_fire", "colony_attack",
    "economic_bid", "choose_order", "economic_purchase", "game_over",
)
COMBAT_STAGES = frozenset({S_CHOOSE_BATTLE, S_SCREEN, S_FIRE, S_COLONY_FIRE})

UNIT_ARRAYS = (
    "u_type", "u_hex", "u_count", "u_att", "u_def", "u_tac", "u_mov",
    "u_flags", "u_moved", "u_cargo", "u_cargo_value", "u_damage", "u_number",
)
HEX_ARRAYS = (
    "h_marker", "h_value", "h_face_up", "h_known", "h_col_owner", "h_col_cp",
    "h_col_flags", "h_deposit_cp", "h_deposit_wrecks",
)


def _filled(n: int, value: int) -> array:
    return array("i", [value]) * n


class Battle:
    """The battle being fought: who, where, and whose shot comes next.

    ``queue`` is the firing order for the current round (unit slots);
    ``pos`` the group whose turn it is and ``shot`` which of its ships fires.
    """

    __slots__ = ("hex", "attacker", "defender", "round", "queue", "pos", "shot",
                 "screened", "bonus", "screener", "screen_left", "colony_phase")

    def __init__(self, hex_index: int, attacker: int, defender: int) -> None:
        self.hex = hex_index
        self.attacker = attacker
        self.defender = defender  # -1 when only a colony is attacked
        self.round = 0
        self.queue: list[int] = []
        self.pos = 0
        self.shot = 0
        self.screened: list[int] = []
        self.bonus = [0, 0]  # fleet-size bonus this round: attacker, defender
        self.screener = -1  # player choosing screens this round
        self.screen_left = 0  # ships that player may still screen
        self.colony_phase = False

    def to_dict(self) -> dict[str, Any]:
        return {name: copy.copy(getattr(self, name)) for name in self.__slots__}

    def copy(self) -> Battle:
        return Battle.from_dict(self.to_dict())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Battle) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Battle:
        battle = cls(d["hex"], d["attacker"], d["defender"])
        for name in cls.__slots__:
            setattr(battle, name, copy.copy(d[name]))
        return battle


class State:
    """The whole game at one moment; see the module docstring for the layout."""

    def __init__(self, board_name: str, n_players: int, config: dict[str, Any]) -> None:
        self.board_name = board_name
        self.n_players = n_players
        self.config = config
        n_units = n_players * UNIT_SLOTS
        n_hexes = board_for(board_name).size
        for name in UNIT_ARRAYS:
            setattr(self, name, _filled(n_units, 0))
        self.u_type = _filled(n_units, -1)
        self.u_hex = _filled(n_units, -1)
        for name in HEX_ARRAYS:
            setattr(self, name, _filled(n_hexes, 0))
        self.h_col_owner = _filled(n_hexes, -1)
        self.tech = array("i", list(data.TECH_START) * n_players)
        self.cp = _filled(n_players, 0)
        self.alive = _filled(n_players, 1)
        self.homeworld = _filled(n_players, -1)
        self.rng = 0
        self.stage = S_PLACE_HOMEWORLD
        self.actor = 0
        self.round = 0
        self.turn = 0
        self.order: list[int] = list(range(n_players))
        self.order_pos = 0
        self.winner = -1
        self.last_moved = -1
        # Sub-decisions: Lost in Space (unit, chooser, from hex), peek (unit, hex).
        self.lost_unit = -1
        self.lost_chooser = -1
        self.peek_unit = -1
        self.peek_hex = -1
        self.battle_hexes: list[int] = []
        self.battle: Battle | None = None
        # Economic Phase, per player.
        self.bids: list[int] = [-1] * n_players
        self.econ_report: list[dict[str, Any]] = [{} for _ in range(n_players)]
        self.researched: list[list[int]] = [[] for _ in range(n_players)]
        self.purchases: list[list[list[int]]] = [[] for _ in range(n_players)]
        self.income_hexes: list[list[int]] = [[] for _ in range(n_players)]
        # Per Economic Phase statistics for the game-over charts.
        self.history: list[list[dict[str, int]]] = []

    # -- board ---------------------------------------------------------------
    @property
    def board(self) -> Board:
        return board_for(self.board_name)

    # -- unit slots ----------------------------------------------------------
    def player_slots(self, player: int) -> range:
        """The unit slots that belong to ``player``."""
        return range(player * UNIT_SLOTS, (player + 1) * UNIT_SLOTS)

    def owner(self, slot: int) -> int:
        return slot // UNIT_SLOTS

    def live_units(self, player: int) -> list[int]:
        """The occupied slots of ``player``."""
        u_type: cython.int[:] = self.u_type
        first: cython.int = player * _SLOTS
        slot: cython.int
        out = []
        for slot in range(first, first + _SLOTS):
            if u_type[slot] >= 0:
                out.append(slot)
        return out

    def units_at(self, hex_index: int, player: int = -1) -> list[int]:
        """Live units in a hex, of one player or (``player == -1``) of all."""
        u_type: cython.int[:] = self.u_type
        u_hex: cython.int[:] = self.u_hex
        where: cython.int = hex_index
        first: cython.int = 0 if player < 0 else player * _SLOTS
        last: cython.int = len(u_type) if player < 0 else first + _SLOTS
        slot: cython.int
        out = []
        for slot in range(first, last):
            if u_hex[slot] == where and u_type[slot] >= 0:
                out.append(slot)
        return out

    def free_slot(self, player: int) -> int:
        """The lowest free slot of ``player``, or -1 when all are taken."""
        for slot in self.player_slots(player):
            if self.u_type[slot] < 0:
                return slot
        return -1

    def free_group_number(self, player: int, unit_type: int) -> int:
        """The lowest unused counter number (1-based) of a type, or 0 if none."""
        used = {self.u_number[s] for s in self.live_units(player) if self.u_type[s] == unit_type}
        for number in range(1, data.UNIT_COUNTERS[unit_type] + 1):
            if number not in used:
                return number
        return 0

    def counters_in_play(self, player: int, unit_type: int) -> int:
        """How many group counters of a type ``player`` has on the board."""
        return sum(1 for s in self.live_units(player) if self.u_type[s] == unit_type)

    def add_unit(self, player: int, unit_type: int, hex_index: int, count: int) -> int:
        """Put a new counter on the board with the owner's current technology."""
        slot = self.free_slot(player)
        number = self.free_group_number(player, unit_type)
        if slot < 0 or number == 0:
            raise RuntimeError("no free counter for a new unit")  # callers check first
        for name in UNIT_ARRAYS:
            getattr(self, name)[slot] = 0
        self.u_type[slot] = unit_type
        self.u_hex[slot] = hex_index
        self.u_count[slot] = count
        self.u_number[slot] = number
        self.set_unit_tech_to_current(slot)
        if unit_type == data.CO and self.tech_level(player, data.T_TERRAFORMING) > 0:
            self.u_flags[slot] |= F_TERRAFORM
        if unit_type == data.CA and self.tech_level(player, data.T_EXPLORATION) > 0:
            self.u_flags[slot] |= F_EXPLORER
        return slot

    def set_unit_tech_to_current(self, slot: int) -> None:
        """Give a unit its owner's current levels (attack/defense capped by hull)."""
        player = self.owner(slot)
        hull = data.UNIT_HULL[self.u_type[slot]]
        self.u_att[slot] = min(self.tech_level(player, data.T_ATTACK), hull)
        self.u_def[slot] = min(self.tech_level(player, data.T_DEFENSE), hull)
        self.u_tac[slot] = self.tech_level(player, data.T_TACTICS)
        self.u_mov[slot] = self.tech_level(player, data.T_MOVEMENT)

    def remove_unit(self, slot: int) -> None:
        """Take a counter off the board (its cargo goes with it)."""
        for name in UNIT_ARRAYS:
            getattr(self, name)[slot] = 0
        self.u_type[slot] = -1
        self.u_hex[slot] = -1
        if self.last_moved == slot:  # a counter reusing the slot has not moved
            self.last_moved = -1

    # -- technology ----------------------------------------------------------
    def tech_level(self, player: int, tech: int) -> int:
        return self.tech[player * data.N_TECHS + tech]

    def set_tech_level(self, player: int, tech: int, level: int) -> None:
        self.tech[player * data.N_TECHS + tech] = level

    def combat_levels(self, slot: int) -> tuple[int, int, int]:
        """(attack, defense, tactics) a unit fights with.

        Ship yards and bases always use their owner's current levels (capped
        by hull); other units the levels they were built or refitted with.
        """
        unit_type = self.u_type[slot]
        if unit_type in data.IMMOBILE_TYPES:
            player = self.owner(slot)
            hull = data.UNIT_HULL[unit_type]
            return (min(self.tech_level(player, data.T_ATTACK), hull),
                    min(self.tech_level(player, data.T_DEFENSE), hull),
                    self.tech_level(player, data.T_TACTICS))
        return self.u_att[slot], self.u_def[slot], self.u_tac[slot]

    # -- players -------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.stage == S_GAME_OVER else self.actor

    @property
    def mover(self) -> int:
        """The player whose turn it is during the three turns of a round."""
        return self.order[self.order_pos]

    def player_to_right(self, player: int) -> int:
        """The next living player counter-clockwise in seat order."""
        for step in range(1, self.n_players):
            other = (player - step) % self.n_players
            if self.alive[other]:
                return other
        return player

    def colonies(self, player: int) -> list[int]:
        """Hexes holding a colony (or the homeworld) of ``player``."""
        return [h for h, owner in enumerate(self.h_col_owner) if owner == player]

    # -- copying and saving --------------------------------------------------
    def clone(self) -> State:
        """An independent copy.

        Arrays are copied; ``config``, history rows, income reports and
        purchase records are never mutated once made, so only the lists
        holding them are copied (a deep copy of a long game's history at
        every clone made search and self-play crawl).
        """
        other = State.__new__(State)
        for key, value in self.__dict__.items():
            if isinstance(value, array):
                value = array(value.typecode, value)
            elif key in _LIST_OF_LISTS:
                value = [list(item) for item in value]
            elif isinstance(value, list):
                value = list(value)
            elif isinstance(value, Battle):
                value = value.copy()
            other.__dict__[key] = value
        return other

    def to_dict(self) -> dict[str, Any]:
        """Everything, as JSON-ready values (shares immutable parts; do not mutate)."""
        out: dict[str, Any] = {}
        for key, value in self.__dict__.items():
            if isinstance(value, array):
                out[key] = value.tolist()
            elif isinstance(value, Battle):
                out[key] = value.to_dict()
            else:
                out[key] = value
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        """Rebuild a state saved by :meth:`to_dict`, checking shapes and types.

        Raises ``ValueError`` naming the first field that is missing or of
        the wrong shape, so a damaged save is refused whole.
        """
        if not isinstance(d, dict):
            raise ValueError("the state must be an object")
        try:
            state = cls(d["board_name"], d["n_players"], d["config"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"state header is damaged: {exc}") from None
        for key, value in state.__dict__.items():
            if key not in d:
                raise ValueError(f"state field {key!r} is missing")
            state.__dict__[key] = _restore_field(key, value, d[key])
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]


# Fields that are a list per player of lists that change during a phase.
_LIST_OF_LISTS = frozenset({"researched", "purchases", "income_hexes"})


def _restore_field(key: str, fresh: Any, saved: Any) -> Any:
    """One saved field, checked against the type and shape of a fresh state's."""
    if isinstance(fresh, array):
        if not isinstance(saved, list) or len(saved) != len(fresh):
            raise ValueError(f"state field {key!r} has the wrong shape")
        try:
            return array("i", saved)
        except (TypeError, OverflowError):
            raise ValueError(f"state field {key!r} must hold integers") from None
    if key == "battle":
        return None if saved is None else _battle_from(saved)
    if isinstance(fresh, int) and (not isinstance(saved, int) or isinstance(saved, bool)):
        raise ValueError(f"state field {key!r} must be an integer")
    if isinstance(fresh, list):
        if not isinstance(saved, list):
            raise ValueError(f"state field {key!r} must be a list")
        if key in ("bids", "econ_report", "researched", "purchases", "income_hexes") and \
                len(saved) != len(fresh):
            raise ValueError(f"state field {key!r} needs one entry per player")
    return copy.deepcopy(saved)


def _battle_from(saved: Any) -> Battle:
    if not isinstance(saved, dict):
        raise ValueError("state field 'battle' must be an object")
    try:
        return Battle.from_dict(saved)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"state field 'battle' is damaged: {exc}") from None
