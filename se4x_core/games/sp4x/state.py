"""The whole SP4X state: cards, board, pieces, resources, scores, the pending decision, the RNG.

Everything a game is lives here and nowhere else, including the random
generator (SplitMix64, one integer), so that the config plus the action
codes replay a game exactly.  :meth:`State.to_dict` is the canonical form:
saves store it, equality compares it, and a load names the first field
where a stored state and the replayed one differ.

The pending decision is ``phase`` (its name) and ``current`` (who decides),
with ``task`` holding the context of the action being carried out and
``queue`` the actions still to come (the Star chain queues one per
player).  Tasks are plain dicts of ints, bools, strings and int lists so
that they serialise as they are.
"""

from __future__ import annotations

from typing import Any

from se4x_core.gamekit.dice import MASK64, Dice
from se4x_core.games.sp4x.cards import N_KINDS, Knowledge, empty_knowledge

Task = dict[str, Any]


class State(Dice):
    """One SP4X position (engine internals: the app and bots read observations)."""

    __slots__ = ("n", "factions", "rng", "age", "turn", "active", "phase", "current",
                 "hands", "deck", "discard", "plan_laid", "plan_cards", "chain", "know", "tiles",
                 "tile_order", "stack", "men", "bases", "roads", "res", "score", "task",
                 "queue", "winners", "age_ender")

    def __init__(self, players: int, factions: list[str], seed: int) -> None:
        n = players
        self.n = n
        self.factions = list(factions)
        self.rng = seed & MASK64
        self.age = 1
        self.turn = 0  # turns begun in this age
        self.active = 0
        self.phase = "draw"
        self.current = 0
        self.hands: list[list[int]] = [[0] * N_KINDS for _ in range(n)]
        self.deck: list[int] = []  # top first; the Star card last
        self.discard: list[int] = [0] * N_KINDS
        self.plan_laid: list[int] = [0] * n  # a laid Grand Plan's turns left (0: none)
        self.plan_cards: list[int] = [0] * n  # Grand Plan cards laid out (they return together)
        self.chain: list[list[int]] = []  # [player, card] laid in a Star chain
        self.know: Knowledge = empty_knowledge(n)
        self.tiles: dict[int, int] = {}  # cell -> tile kind
        self.tile_order: list[int] = []  # cells in the order their tiles were placed
        self.stack: list[int] = []  # tile kinds, top first (face up)
        self.men: list[dict[int, int]] = [{} for _ in range(n)]
        self.bases: list[set[int]] = [set() for _ in range(n)]
        self.roads: list[set[int]] = [set() for _ in range(n)]
        self.res: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.score: list[int] = [0] * n
        self.task: Task | None = None
        self.queue: list[Task] = []
        self.winners: list[int] = []
        self.age_ender = -1  # who ended the last age

    # -- derived ---------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == "game_over"

    def men_on_board(self, p: int) -> int:
        return sum(self.men[p].values())

    def hand_size(self, p: int) -> int:
        return sum(self.hands[p])

    def add_men(self, p: int, c: int, count: int) -> None:
        if count:
            self.men[p][c] = self.men[p].get(c, 0) + count

    def remove_man(self, p: int, c: int) -> None:
        left = self.men[p][c] - 1
        if left:
            self.men[p][c] = left
        else:
            del self.men[p][c]

    # -- copying, comparing, saving ----------------------------------------------------
    def copy(self) -> State:
        other = State.__new__(State)
        other.n = self.n
        other.factions = self.factions
        other.rng = self.rng
        other.age = self.age
        other.turn = self.turn
        other.active = self.active
        other.phase = self.phase
        other.current = self.current
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.plan_laid = list(self.plan_laid)
        other.plan_cards = list(self.plan_cards)
        other.chain = [list(x) for x in self.chain]
        other.know = [[list(k) for k in rows] for rows in self.know]
        other.tiles = dict(self.tiles)
        other.tile_order = list(self.tile_order)
        other.stack = list(self.stack)
        other.men = [dict(m) for m in self.men]
        other.bases = [set(b) for b in self.bases]
        other.roads = [set(r) for r in self.roads]
        other.res = [list(r) for r in self.res]
        other.score = list(self.score)
        other.task = _copy_task(self.task)
        other.queue = [t for t in (_copy_task(t) for t in self.queue) if t is not None]
        other.winners = list(self.winners)
        other.age_ender = self.age_ender
        return other

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON-ready form (sets sorted, int-keyed maps as pairs)."""
        return {
            "players": self.n,
            "factions": list(self.factions),
            "rng": self.rng,
            "age": self.age,
            "turn": self.turn,
            "active": self.active,
            "phase": self.phase,
            "current": self.current,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "plan_laid": list(self.plan_laid),
            "plan_cards": list(self.plan_cards),
            "chain": [list(x) for x in self.chain],
            "know": [[list(k) for k in rows] for rows in self.know],
            "tiles": [[c, self.tiles[c]] for c in self.tile_order],
            "stack": list(self.stack),
            "men": [sorted([c, k] for c, k in m.items()) for m in self.men],
            "bases": [sorted(b) for b in self.bases],
            "roads": [sorted(r) for r in self.roads],
            "res": [list(r) for r in self.res],
            "score": list(self.score),
            "task": _copy_task(self.task),
            "queue": [_copy_task(t) for t in self.queue],
            "winners": list(self.winners),
            "age_ender": self.age_ender,
        }

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> State:
        """The state :meth:`to_dict` gave (a search rebuilds its information set's
        state from it); no validation: saves are loaded by replaying their actions."""
        state = cls(doc["players"], doc["factions"], doc["rng"])
        for name in ("age", "turn", "active", "phase", "current", "age_ender"):
            setattr(state, name, doc[name])
        state.hands = [list(h) for h in doc["hands"]]
        state.deck = list(doc["deck"])
        state.discard = list(doc["discard"])
        state.plan_laid = list(doc["plan_laid"])
        state.plan_cards = list(doc["plan_cards"])
        state.chain = [list(x) for x in doc["chain"]]
        state.know = [[list(k) for k in rows] for rows in doc["know"]]
        state.tiles = {c: kind for c, kind in doc["tiles"]}
        state.tile_order = [c for c, _ in doc["tiles"]]
        state.stack = list(doc["stack"])
        state.men = [{c: k for c, k in m} for m in doc["men"]]
        state.bases = [set(b) for b in doc["bases"]]
        state.roads = [set(r) for r in doc["roads"]]
        state.res = [list(r) for r in doc["res"]]
        state.score = list(doc["score"])
        state.task = _copy_task(doc["task"])
        state.queue = [t for t in (_copy_task(t) for t in doc["queue"]) if t is not None]
        state.winners = list(doc["winners"])
        return state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def _copy_task(task: Task | None) -> Task | None:
    if task is None:
        return None
    return {k: list(v) if isinstance(v, list) else v for k, v in task.items()}
