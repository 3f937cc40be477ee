"""The whole SE4 state: board, colonies, ships, hands, deck, the pending decision, the dice.

Everything a game is lives here, including the random generator (SplitMix64, one
integer), so that the config plus the action codes replay a game exactly.
:meth:`State.to_dict` is the canonical form: saves store it, equality compares it, and a
load names the first field where a stored state and the replayed one differ.

A ship's components are ``[card, face_up]`` pairs: a face-down shield or armor card is
damaged (the text's own bookkeeping).  The pending decision is ``phase`` (its name),
``current`` (who decides) and ``task`` (its context, plain JSON values); a battle in
progress is ``battle``.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import asdict, dataclass, field
from typing import Any

from se4x_core.gamekit.dice import MASK64, Dice

Task = dict[str, Any]


@dataclass
class Ship:
    """One ship (or a hull under construction) on the board."""

    id: int
    owner: int
    hull: int
    sector: int
    cards: list[list[int]] = field(default_factory=list)  # [component id, face up 0/1]
    crippled: bool = False
    building: bool = False  # face down with a coin on top: no components yet
    cargo: int = 0
    moves: int = 0  # moves left this turn
    moved: bool = False  # moved (or retreated) this turn
    spoiled: bool = False  # a repulsor hit: its next firing round is lost
    armor_bought: int = 0  # standard armor bought at this completion (every second free)


@dataclass
class Colony:
    owner: int
    sector: int
    facilities: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    coins: int = 0
    yards_used: int = 0  # space yards busy this turn (a hull each, or drawing cards)
    drawing: bool = False  # one yard here is drawing cards this turn


class State(Dice):
    """One SE4 position (engine internals: the app and bots read observations)."""

    def __init__(self, players: int, seed: int, map_players: int) -> None:
        self.n = players
        self.map_players = map_players
        self.rng = seed & MASK64
        self.first = 0  # who won the starting roll; play goes clockwise from them
        self.round = 0  # 0 during setup
        self.active = 0
        self.phase = "home"
        self.current = 0
        self.task: Task = {}
        self.battle: Task | None = None
        self.battles: list[int] = []  # sectors still to fight in this combat phase
        self.fought: list[int] = []  # sectors that saw a battle this turn
        self.hands: list[list[int]] = []  # per player, a count per component id
        self.deck: list[int] = []  # component ids, top first (hidden)
        self.armor_pile = 0
        self.techs: list[list[int]] = [[] for _ in range(players)]
        self.ships: dict[int, Ship] = {}
        self.next_ship = 0
        self.colonies: dict[int, Colony] = {}  # by sector
        self.debris: dict[int, int] = {}  # sector -> loose coins
        self.out: list[bool] = [False] * players
        self.winners: list[int] = []
        self.setup_done: list[bool] = [False] * players
        self.damage: list[Task] = []  # damage still to apply, first first (the ladder)
        self.resume = ""  # the phase a damage choice interrupted
        self.legal: list[int] = []  # the pending decision's codes (derived, not saved)

    # -- queries ------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def ships_at(self, sector: int, owner: int | None = None) -> list[Ship]:
        return [s for s in self.ships.values()
                if s.sector == sector and (owner is None or s.owner == owner)]

    def owners_at(self, sector: int) -> list[int]:
        return sorted({s.owner for s in self.ships.values() if s.sector == sector})

    def colonies_of(self, player: int) -> list[Colony]:
        return [c for c in self.colonies.values() if c.owner == player]

    def order_from(self, player: int) -> list[int]:
        """Players still in, clockwise from ``player``."""
        return [(player + k) % self.n for k in range(self.n) if not self.out[(player + k) % self.n]]

    # -- copies and the canonical form -----------------------------------------------------
    def copy(self) -> State:
        copied: State = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return copied

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n, "map_players": self.map_players, "rng": self.rng,
                "first": self.first, "round": self.round, "active": self.active,
                "phase": self.phase, "current": self.current, "task": self.task,
                "battle": self.battle, "battles": list(self.battles), "fought": list(self.fought),
                "hands": [list(h) for h in self.hands], "deck": list(self.deck),
                "armor_pile": self.armor_pile, "techs": [list(t) for t in self.techs],
                "ships": [asdict(s) for s in sorted(self.ships.values(), key=lambda s: s.id)],
                "next_ship": self.next_ship,
                "colonies": [asdict(c) for _, c in sorted(self.colonies.items())],
                "debris": [[k, v] for k, v in sorted(self.debris.items()) if v],
                "out": list(self.out), "winners": list(self.winners),
                "setup_done": list(self.setup_done), "damage": self.damage,
                "resume": self.resume}

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> State:
        """The state :meth:`to_dict` describes (what a search rebuilds from an
        information set's canonical state)."""
        state = cls(doc["n"], 0, doc["map_players"])
        for key in ("rng", "first", "round", "active", "phase", "current", "next_ship",
                    "armor_pile", "resume"):
            setattr(state, key, doc[key])
        state.task = copy.deepcopy(doc["task"])
        state.battle = copy.deepcopy(doc["battle"])
        state.damage = copy.deepcopy(doc["damage"])
        state.battles, state.fought = list(doc["battles"]), list(doc["fought"])
        state.hands = [list(h) for h in doc["hands"]]
        state.deck = list(doc["deck"])
        state.techs = [list(t) for t in doc["techs"]]
        state.ships = {s["id"]: Ship(**copy.deepcopy(s)) for s in doc["ships"]}
        state.colonies = {c["sector"]: Colony(**copy.deepcopy(c)) for c in doc["colonies"]}
        state.debris = {sector: coins for sector, coins in doc["debris"]}
        state.out, state.winners = list(doc["out"]), list(doc["winners"])
        state.setup_done = list(doc["setup_done"])
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]
