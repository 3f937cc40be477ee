"""Event kinds, declared once: their fields, who may see them, and what they mean.

The rules emit compact records only when somebody listens: search and
playouts pass no log at all, and :meth:`se4x_core.game.Game.apply` passes an
:class:`EventLog`, which turns each record into the plain dict the app, the
journal and the network read: ``{"type": name, "visible_to": players or
None, field: value, ...}``.  ``visible_to`` is None when every player may see
the event; a log or a network message is filtered with :func:`visible`.

Each kind declares

* its fields, in the order the rules pass their values (the ``number`` and
  ``count`` of a unit's public identity are left out of the event, and its
  ``unit_type`` is None, when the unit shows face down);
* its audience: ``ALL``, ``OWNER`` (only the event's ``player``), ``NOBODY``
  (a record for the facade, such as the game-over charts' statistics) or
  ``VARIES`` (the rules decide per event, e.g. a split is public only for a
  revealed group);
* flags the app relies on: ``reveals`` (hidden information becomes known),
  ``irreversible`` (a die was rolled or something revealed: no undo past it)
  and ``stops_movement`` (a group walking a planned path stops here).

>>> KIND_BY_NAME["shot"].irreversible, KIND_BY_NAME["moved"].irreversible
(True, False)
>>> log = EventLog()
>>> log.emit(KIND_BY_NAME["bid_made"].id, 1 << 1, 1, 5)
>>> log.events
[{'type': 'bid_made', 'visible_to': [1], 'player': 1, 'amount': 5}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, TypedDict


class RevealedUnit(TypedDict):
    """A group as ``battle_started`` reveals it to everyone."""

    unit: int
    player: int
    unit_type: str
    number: int
    count: int
    attack_tech: int
    defense_tech: int
    tactics: int


class WreckRoll(TypedDict):
    """A space wreck delivered home: its die roll and the technology it gave (if any)."""

    roll: int
    tech: str
    gained: bool


class EmpireStats(TypedDict):
    """One empire's row of an Economic Phase, for the game-over charts."""

    income: int
    fleet: int  # an alien fleet's number (1..3)
    tech: int
    cp: int


class IncomeReport(TypedDict, total=False):
    """A player's latest Economic Phase income: the ``income`` event's fields but its
    ``player`` (see :func:`income_report`).

    Empty before the player's first Economic Phase, so no key is required; ``trade``
    only with MS Pipelines.
    """

    carried: int
    discarded: int
    colony_income: int
    minerals: int
    wrecks: list[WreckRoll]
    maintenance: int
    net: int
    blockaded: list[int]
    cp: int
    trade: int


class Event(TypedDict, total=False):
    """One event as the app, the journal and the network read it.

    ``type`` names its kind (see ``KINDS``); ``visible_to`` lists who may see
    it (None: everyone); the other keys are exactly the kind's declared
    fields (a test checks each is typed here).
    """

    type: str
    visible_to: list[int] | None
    player: int
    unit: int
    new_unit: int
    removed: int
    hex: int
    origin: int
    unit_type: str | None
    number: int
    count: int
    order: list[int]
    round: int
    rounds: int
    turn: int
    marker: str
    value: int
    supernova: int
    rolls: list[int]
    lost: int
    reason: str
    attacker: int
    defender: int
    units: list[RevealedUnit]
    target: int
    roll: int
    to_hit: int
    hit: bool
    remaining: int
    winner: int
    cp: int
    homeworld: bool
    carried: int
    discarded: int
    colony_income: int
    minerals: int
    wrecks: list[WreckRoll]
    maintenance: int
    net: int
    blockaded: list[int]
    trade: int  # MS Pipelines: CP from colonies linked to the homeworld (absent without)
    bids: list[int]
    amount: int
    tech: str
    level: int
    cost: int
    refund: int
    rows: list[EmpireStats]
    phase: int  # the alien player's Economic Phase number (the round)
    banks: dict[str, int]  # an alien player's banks by name, CP in each
    launch_roll: int  # the fleet-launch die (0: none rolled this phase)
    launched: int  # 1 if a fleet launched this phase, else 0
    fleet: int  # an alien fleet's number (1..3)
    carrier: int  # the carrier group a fighter group boarded or left
    machine: int  # a Doomsday Machine's number (1..3)
    hits: int  # hits a Doomsday Machine has taken (3 destroy it)


ALL: Final = "all"
OWNER: Final = "owner"
NOBODY: Final = "nobody"
VARIES: Final = "varies"

# Visibility masks the rules pass: every player, or a bit per player.
VIS_ALL: Final = -1
VIS_NOBODY: Final = 0

# Fields absent when None: a unit's identity when face down; an advanced rule's off.
OPTIONAL: Final = ("number", "count", "trade")
_MAX_PLAYERS = 4


@dataclass(frozen=True)
class EventKind:
    """One kind of event (see the module docstring)."""

    id: int
    name: str
    fields: tuple[str, ...]
    audience: str = ALL
    reveals: bool = False
    irreversible: bool = False
    stops_movement: bool = False


def _kinds(*rows: tuple[Any, ...]) -> tuple[EventKind, ...]:
    """Number the rows in order: the id is the position in the table."""
    out = []
    for index, (name, fields, *rest) in enumerate(rows):
        flags = rest[1] if len(rest) > 1 else ""
        out.append(EventKind(index, name, tuple(fields.split()),
                             rest[0] if rest else ALL,
                             reveals="R" in flags, irreversible="I" in flags,
                             stops_movement="S" in flags))
    return tuple(out)


# (name, fields, audience, flags: R reveals, I irreversible, S stops movement)
KINDS: Final[tuple[EventKind, ...]] = _kinds(
    ("homeworld_placed", "player hex"),
    ("game_started", "order"),
    ("turn_started", "player round turn"),
    ("movement_ended", "player"),
    ("moved", "unit player origin hex unit_type number count"),
    ("split", "unit new_unit player count", VARIES),
    ("counter_appeared", "unit player hex unit_type number count"),
    ("merged", "unit removed player"),
    ("colonized", "unit player hex"),
    ("loaded", "unit player hex marker value"),
    ("unloaded", "unit player hex marker value"),
    ("peeked", "unit player hex marker value", OWNER, "RI"),
    ("peek_made", "unit player hex"),
    ("peek_hidden", "hex player"),
    ("marker_discarded", "hex marker", ALL, "R"),
    ("explored", "hex player marker value", ALL, "RIS"),
    ("turned_back", "unit player hex supernova", ALL, "IS"),
    ("black_hole", "unit player hex rolls lost", ALL, "IS"),
    ("lost_in_space_shift", "unit player origin hex", ALL, "IS"),
    ("lost_in_space_stuck", "unit player", ALL, "S"),
    ("unit_destroyed", "unit player hex reason unit_type number count", ALL, "RIS"),
    ("player_eliminated", "player", ALL, "I"),
    ("battle_started", "hex attacker defender units", ALL, "RIS"),
    ("combat_round", "hex round"),
    ("screened", "unit player"),
    ("fleet_size_bonus", "hex player"),
    ("shot", "unit player target roll to_hit hit", ALL, "I"),
    ("ship_destroyed", "unit player remaining", ALL, "I"),
    ("retreated", "unit player origin hex"),
    ("battle_ended", "hex winner rounds"),
    ("colony_shot", "unit player hex roll to_hit hit", ALL, "I"),
    ("colony_damaged", "hex player cp", ALL, "I"),
    ("colony_destroyed", "hex player homeworld", ALL, "I"),
    ("economic_phase", "round"),
    ("income", "player carried discarded colony_income minerals wrecks maintenance net "
               "blockaded cp trade", OWNER, "I"),
    ("bid_made", "player amount", OWNER),
    ("bids_revealed", "bids", ALL, "R"),
    ("order_kept", "order"),
    ("order_chosen", "player order"),
    ("bought", "player unit_type hex cost", OWNER),
    ("researched", "player tech level cost", OWNER),
    ("refitted", "player unit cost", OWNER),
    ("purchase_undone", "player refund", OWNER),
    ("purchases_done", "player"),
    ("placed", "unit player hex unit_type number count"),
    ("placed_detail", "unit player hex unit_type count", OWNER),
    ("colony_grew", "hex player cp"),
    ("economy_summary", "rows", NOBODY),
    ("game_over", "winner round"),
    ("round_limit", "round"),
    ("alien_economy", "player phase rolls banks launch_roll launched", OWNER, "I"),
    ("fleet_launched", "player fleet hex"),
    ("boarded", "unit player carrier hex", OWNER),
    ("left_carrier", "unit player carrier hex", OWNER),
    ("mines_swept", "hex player count", ALL, "RI"),  # player: the mines' owner
    ("mine_exploded", "unit player target hex", ALL, "RI"),
    # Doomsday Machines (advanced rules): "machine" is the machine's number, 1-3
    ("machine_moved", "machine origin hex"),
    ("planet_destroyed", "hex player machine", ALL, "I"),  # player: the colony's, or -1
    ("machine_hit", "machine player hits", ALL, "I"),  # player: who hit it; hits so far
    ("machine_destroyed", "machine player hex wrecks", ALL, "I"),
)
KIND_BY_NAME: Final[dict[str, EventKind]] = {k.name: k for k in KINDS}

IRREVERSIBLE: Final = frozenset(k.name for k in KINDS if k.irreversible)
STOPS_MOVEMENT: Final = frozenset(k.name for k in KINDS if k.stops_movement)
REVEALS: Final = frozenset(k.name for k in KINDS if k.reveals)


def audience_list(mask: int) -> list[int] | None:
    """``visible_to`` for a visibility mask (None: everyone)."""
    if mask == VIS_ALL:
        return None
    return [p for p in range(_MAX_PLAYERS) if mask >> p & 1]


class EventLog:
    """Collects the rules' event records as event dicts (see the module docstring)."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def emit(self, kind_id: int, mask: int, *values: Any) -> None:
        """Record one event; ``values`` follow the kind's declared fields."""
        kind = KINDS[kind_id]
        if len(values) != len(kind.fields):
            raise ValueError(f"event {kind.name!r} takes {len(kind.fields)} values, "
                             f"got {len(values)}")
        event: dict[str, Any] = {"type": kind.name, "visible_to": audience_list(mask)}
        for name, value in zip(kind.fields, values, strict=True):
            if value is None and name in OPTIONAL:
                continue
            event[name] = value
        self.events.append(event)  # type: ignore[arg-type]  # keys: the kind's fields


def income_report(event: Event) -> IncomeReport:
    """The report an ``income`` event makes: its fields but ``type``, ``visible_to`` and
    ``player`` (a test checks that they are IncomeReport's keys)."""
    report = {k: v for k, v in event.items() if k not in ("type", "visible_to", "player")}
    return report  # type: ignore[return-value]  # an income event's keys: IncomeReport's


def visible(event: Event, player: int) -> bool:
    """True when ``player`` may see ``event``."""
    audience = event.get("visible_to")
    return audience is None or player in audience


def filter_for(events: list[Event], player: int) -> list[Event]:
    """The events ``player`` may see."""
    return [e for e in events if visible(e, player)]
