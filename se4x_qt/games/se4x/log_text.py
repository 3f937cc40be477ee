"""Events as sentences for the event log and the "since your last turn" summary.

Why a module of its own: the engine's events are terse dicts made for
programs (``{"type": "black_hole", "unit": 65, "rolls": [3, 8], ...}``);
a player wants "Black hole at 0506: rolls 3, 8 - 1 ship lost".  Keeping
the wording here, one function per event type, lets the log, the summary
and the tests agree on it, and keeps the widgets free of string building.

The text only uses what the event says plus what the reader already knows
(:class:`LogContext`): a unit's name comes from the event when it is
public, else from the reader's own knowledge; an enemy's face-down group is
never named.  Doomsday Machines (advanced rules) are named by their number
("Doomsday Machine 2"): their own events carry it, a shot carries its firing key
(``data.MACHINE_UNIT + i``), and a battle's side ``data.MACHINE_SIDE`` is the
machine standing in the battle's hex (:attr:`LogContext.machine_at`).

>>> ctx = LogContext(viewer=0, player_names=["Blue", "Red"], hex_label=lambda h: f"{h:04d}",
...                  unit_name=lambda unit: {64: "DD2"}.get(unit))
>>> describe({"type": "moved", "unit": 64, "player": 1, "origin": 304, "hex": 405,
...           "unit_type": "DD", "number": 2}, ctx)
"Red's DD2 moved 0304 \u2192 0405"
>>> describe({"type": "black_hole", "unit": 64, "player": 1, "hex": 506, "rolls": [3, 8],
...           "lost": 1}, ctx)
'Black hole at 0506: rolls 3, 8 \u2014 1 ship lost'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from se4x_core import data
from se4x_core.events import Event, WreckRoll

ARROW = "\u2192"
DASH = "\u2014"
FACE_DOWN = "face-down group"  # a group the reader cannot identify

MARKER_TITLES: dict[str, str] = dict(zip(data.MARKER_KEYS, data.MARKER_NAMES, strict=True))
TECH_TITLES: dict[str, str] = dict(zip(data.TECH_KEYS, data.TECH_NAMES, strict=True))
UNIT_TITLES: dict[str, str] = dict(zip(data.UNIT_CODES, data.UNIT_NAMES, strict=True))

# Event kinds the log shows as a heading (a new turn, a new phase).
HEADING_TYPES = frozenset({"turn_started", "economic_phase", "game_started", "game_over"})
# Event kinds worth drawing the eye to.
ALERT_TYPES = frozenset({
    "black_hole", "unit_destroyed", "battle_started", "colony_destroyed", "player_eliminated",
    "turned_back", "lost_in_space_shift", "game_over", "colony_damaged",
    "planet_destroyed", "machine_destroyed",
})


# -- Doomsday Machines (advanced rules) ------------------------------------------------------
# One wording for the map's tooltip, the side panel, the combat window and the log.
def machine_title(number: int | None) -> str:
    """E.g. "Doomsday Machine 2" ("the Doomsday Machine" when the number is unknown)."""
    return f"Doomsday Machine {number}" if number else "the Doomsday Machine"


def machine_number(unit: int) -> int:
    """The machine (1-3) a firing key or fire target ``MACHINE_UNIT + i`` stands for."""
    return unit - data.MACHINE_UNIT + 1


def is_machine_unit(unit: int | None) -> bool:
    """True for a machine's firing key / fire target (``data.MACHINE_UNIT`` and up)."""
    return isinstance(unit, int) and unit >= data.MACHINE_UNIT


def machine_hits_text(hits: int) -> str:
    """E.g. "1 hit of 3" (the third destroys it)."""
    return f"{hits} hit{'' if hits == 1 else 's'} of {data.DOOMSDAY_HULL}"


def machine_stats_text() -> str:
    """"class C, 9-2, fires twice a round" (docs/charts.md, from the engine's numbers)."""
    shots = {1: "once", 2: "twice"}.get(data.DOOMSDAY_SHOTS, f"{data.DOOMSDAY_SHOTS} times")
    return (f"class {data.CLASS_LETTERS[data.DOOMSDAY_CLASS]}, {data.DOOMSDAY_ATTACK}-"
            f"{data.DOOMSDAY_DEFENSE}, fires {shots} a round")


MACHINE_MOVES_TEXT = (f"Moves up to {data.DOOMSDAY_MOVE} hexes after each turn toward the "
                      "nearest planet, asteroid or ship; destroys planets it reaches")
MACHINE_FIGHT_TEXT = (f"Any shot at it hits on a roll of {data.DOOMSDAY_HIT_ROLL} only; no "
                      f"fleet-size bonus on either side; {data.DOOMSDAY_HULL} hits destroy it "
                      f"({data.DOOMSDAY_WRECK_ROLLS} space wreck rolls for the victor)")


def sentence(text: str) -> str:
    """``text`` with a capital first letter (``str.capitalize`` would lower "class C")."""
    return text[:1].upper() + text[1:]


@dataclass
class LogContext:
    """What the reader knows beyond the event itself."""

    viewer: int
    player_names: list[str]
    hex_label: Callable[[int], str]
    unit_name: Callable[[int], str | None]  # the reader's name for a unit, if known
    # Doomsday Machines: the number of the machine in a hex, if one stands there
    machine_at: Callable[[int], int | None] = field(default=lambda _hex: None)
    # the owner of a unit the reader can identify (a machine's target: "Bob's CA1")
    unit_owner: Callable[[int], int | None] = field(default=lambda _unit: None)

    def who(self, player: int | None) -> str:
        if player == data.MACHINE_SIDE:
            return "the Doomsday Machine"
        if player is None or player < 0:
            return "Nobody"
        if player < len(self.player_names) and self.player_names[player]:
            return self.player_names[player]
        return data.PLAYER_COLOURS[player] if player < len(data.PLAYER_COLOURS) else "?"

    def whose(self, player: int | None) -> str:
        name = self.who(player)
        return f"{name}'" if name.endswith("s") else f"{name}'s"

    def at(self, hex_index: int | None) -> str:
        return self.hex_label(hex_index) if hex_index is not None and hex_index >= 0 else "?"

    def machine_in(self, hex_index: int | None) -> str:
        """"Doomsday Machine 2", the one in a battle's hex (a battle event names no number)."""
        number = self.machine_at(hex_index) if hex_index is not None and hex_index >= 0 else None
        return machine_title(number)

    def side(self, player: int | None, hex_index: int | None) -> str:
        """A battle's side: a player's name, or the machine fighting in ``hex_index``."""
        return self.machine_in(hex_index) if player == data.MACHINE_SIDE else self.who(player)


def marker_title(key: str | None, value: int = 0) -> str:
    """E.g. ``"Minerals (10 CP)"`` or ``"Planet"``."""
    if key is None:
        return "an unexplored system"
    title = MARKER_TITLES.get(key, key.replace("_", " ").title())
    if key == "minerals" and value:
        return f"{title} ({value} CP)"
    return title


def unit_label(event: Event, ctx: LogContext, key: str = "unit") -> str:
    """The name of the unit an event is about: public name, own knowledge, or 'a group'."""
    unit_type = event.get("unit_type") if key == "unit" else None
    if unit_type:
        number = event.get("number")
        return f"{unit_type}{number}" if number else str(unit_type)
    unit = event.get(key)
    known = ctx.unit_name(unit) if isinstance(unit, int) else None
    return known or FACE_DOWN


def _owned_unit(event: Event, ctx: LogContext, key: str = "unit") -> str:
    player = event.get("player")
    return f"{ctx.whose(player)} {unit_label(event, ctx, key)}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# What one of a counter's several stands for, where it is not a ship ("SY1 (4 yards)").
MEMBER_NOUNS = {"SY": "yard", "F": "fighter"}


def member_noun(unit_type: str | None) -> str:
    """"ship", or what a counter of ``unit_type`` counts instead."""
    return MEMBER_NOUNS.get(unit_type or "", "ship")


def members(unit_type: str | None, count: int) -> str:
    """E.g. "3 ships", "4 yards", "1 fighter"."""
    return _plural(count, member_noun(unit_type))


# -- one function per event type ------------------------------------------------------------
def _homeworld_placed(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} placed their homeworld at {ctx.at(e['hex'])}"


def _game_started(e: Event, ctx: LogContext) -> str:
    order = ", ".join(ctx.who(p) for p in e.get("order", []))
    return f"The game begins {DASH} turn order: {order}"


def _turn_started(e: Event, ctx: LogContext) -> str:
    return f"Round {e['round']}, turn {e['turn']}: {ctx.whose(e['player'])} movement"


def _moved(e: Event, ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} moved {ctx.at(e['origin'])} {ARROW} {ctx.at(e['hex'])}"


def repeat_key(event: Event, ctx: LogContext) -> str | None:
    """Moves a reader cannot tell apart: the same player's face-down groups moving
    between the same two hexes one after another read as one line with a count
    (:func:`moved_groups_text`); the key says which lines are alike, None for others."""
    if event.get("type") != "moved" or unit_label(event, ctx) != FACE_DOWN:
        return None
    return f"moved:{event.get('player')}:{event.get('origin')}:{event.get('hex')}"


def moved_groups_text(event: Event, ctx: LogContext, count: int) -> str:
    """E.g. "Bob's 3 face-down groups moved 0304 → 0405" (one: the usual line)."""
    if count == 1:
        return _moved(event, ctx)
    return (f"{ctx.whose(event.get('player'))} {count} face-down groups moved "
            f"{ctx.at(event['origin'])} {ARROW} {ctx.at(event['hex'])}")


def _split(e: Event, ctx: LogContext) -> str:
    new = ctx.unit_name(e.get("new_unit", -1)) or "a new group"
    return (f"{_owned_unit(e, ctx)} split off {members(e.get('unit_type'), e['count'])} "
            f"as {new}")


def _counter_appeared(e: Event, ctx: LogContext) -> str | None:
    if e.get("player") == ctx.viewer:
        return None  # the owner read the split line already
    return f"A new {ctx.who(e['player'])} counter appeared at {ctx.at(e['hex'])}"


def _merged(e: Event, ctx: LogContext) -> str:
    removed = ctx.unit_name(e.get("removed", -1)) or "another group"
    return f"{ctx.who(e['player'])} merged {removed} into {unit_label(e, ctx)}"


def _colonized(e: Event, ctx: LogContext) -> str:
    return f"{ctx.whose(e['player'])} colony ship founded a colony at {ctx.at(e['hex'])}"


def _loaded(e: Event, ctx: LogContext) -> str:
    cargo = marker_title(e.get("marker"), e.get("value", 0))
    return f"{_owned_unit(e, ctx)} took {cargo} in tow at {ctx.at(e['hex'])}"


def _boarded(e: Event, ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} went aboard carrier group {e['carrier']} at {ctx.at(e['hex'])}"


def _left_carrier(e: Event, ctx: LogContext) -> str:
    return (f"{_owned_unit(e, ctx)} left carrier group {e['carrier']} and stays at "
            f"{ctx.at(e['hex'])}")


def _unloaded(e: Event, ctx: LogContext) -> str:
    cargo = marker_title(e.get("marker"), e.get("value", 0))
    return f"{_owned_unit(e, ctx)} delivered {cargo} to the colony at {ctx.at(e['hex'])}"


def _peeked(e: Event, ctx: LogContext) -> str:
    found = marker_title(e.get("marker"), e.get("value", 0))
    return f"{_owned_unit(e, ctx)} peeked at {ctx.at(e['hex'])}: {found}"


def _peek_made(e: Event, ctx: LogContext) -> str | None:
    if e.get("player") == ctx.viewer:
        return None  # the private "peeked" line says more
    return f"{_owned_unit(e, ctx)} peeked at the marker in {ctx.at(e['hex'])}"


def _peek_hidden(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} left the marker at {ctx.at(e['hex'])} face down"


def _marker_discarded(e: Event, ctx: LogContext) -> str:
    return (f"{marker_title(e.get('marker'))} at {ctx.at(e['hex'])} revealed from afar "
            f"and discarded")


def _explored(e: Event, ctx: LogContext) -> str:
    found = marker_title(e.get("marker"), e.get("value", 0))
    if e.get("marker") == "doomsday":  # the machine appears only with its rule set
        number = e.get("value", 0)
        found = (f"{machine_title(number)} appears!" if ctx.machine_at(e["hex"]) == number
                 else "a Doomsday Machine marker, empty space under the basic rules")
    return f"{ctx.who(e['player'])} explored {ctx.at(e['hex'])}: {found}"


def _turned_back(e: Event, ctx: LogContext) -> str:
    return (f"Supernova at {ctx.at(e.get('supernova'))}! {_owned_unit(e, ctx)} turned back "
            f"to {ctx.at(e['hex'])}")


def _black_hole(e: Event, ctx: LogContext) -> str:
    rolls = ", ".join(str(r) for r in e.get("rolls", []))
    lost = e.get("lost", 0)
    outcome = f"{_plural(lost, 'ship')} lost" if lost else "no ship lost"
    label = "roll" if len(e.get("rolls", [])) == 1 else "rolls"
    return f"Black hole at {ctx.at(e['hex'])}: {label} {rolls} {DASH} {outcome}"


def _lost_shift(e: Event, ctx: LogContext) -> str:
    return (f"Lost in Space: {_owned_unit(e, ctx)} drifted {ctx.at(e['origin'])} {ARROW} "
            f"{ctx.at(e['hex'])}")


def _lost_stuck(e: Event, ctx: LogContext) -> str:
    return f"Lost in Space: {_owned_unit(e, ctx)} could not drift anywhere"


def _unit_destroyed(e: Event, ctx: LogContext) -> str:
    reason = e.get("reason", "")
    why = f" ({reason})" if reason and reason != "combat" else ""
    return f"{_owned_unit(e, ctx)} was destroyed at {ctx.at(e.get('hex'))}{why}"


def _movement_ended(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} ended movement"


def _battle_started(e: Event, ctx: LogContext) -> str:
    defender = e.get("defender", -1)
    if defender == data.MACHINE_SIDE:  # the machine may have come to them: no "attacks"
        return (f"Battle at {ctx.at(e['hex'])}: {ctx.who(e['attacker'])} fights "
                f"{ctx.machine_in(e['hex'])}")
    target = ctx.who(defender) if defender is not None and defender >= 0 else "a colony"
    return f"Battle at {ctx.at(e['hex'])}: {ctx.who(e['attacker'])} attacks {target}"


def _combat_round(e: Event, ctx: LogContext) -> str:
    return f"Battle at {ctx.at(e['hex'])}, round {e['round']}"


def _screened(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} screened {unit_label(e, ctx)}"


def _fleet_bonus(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} gets the fleet-size bonus (+1 attack) at {ctx.at(e['hex'])}"


def _shot(e: Event, ctx: LogContext) -> str:
    target_unit = e.get("target", -1)
    if is_machine_unit(target_unit):
        target = machine_title(machine_number(target_unit))
    else:
        target = ctx.unit_name(target_unit) or "a group"
    shooter = _owned_unit(e, ctx)
    if e.get("player") == data.MACHINE_SIDE:  # its target's owner is not in the event
        shooter = machine_title(machine_number(e["unit"]))
        owner = ctx.unit_owner(target_unit)
        if owner is not None and owner >= 0 and target != "a group":
            target = f"{ctx.whose(owner)} {target}"
    result = "hit" if e.get("hit") else "miss"
    return (f"{shooter} fired at {target}: rolled {e['roll']} "
            f"(needs {e['to_hit']} or less) {DASH} {result}")


def _ship_destroyed(e: Event, ctx: LogContext) -> str:
    return (f"{_owned_unit(e, ctx)} lost a {member_noun(e.get('unit_type'))} "
            f"({e.get('remaining', 0)} left)")


def _mines_swept(e: Event, ctx: LogContext) -> str:
    n = e.get("count", 0)
    return (f"Minesweepers cleared {n} of {ctx.who(e['player'])}'s mine{'s' if n != 1 else ''}"
            f" at {ctx.at(e['hex'])}")


def _mine_exploded(e: Event, ctx: LogContext) -> str:
    target = ctx.unit_name(e.get("target", -1)) or "a group"
    return f"A mine of {ctx.who(e['player'])} exploded under {target} at {ctx.at(e['hex'])}"


def _retreated(e: Event, ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} retreated {ctx.at(e['origin'])} {ARROW} {ctx.at(e['hex'])}"


def _battle_ended(e: Event, ctx: LogContext) -> str:
    winner = e.get("winner", -1)
    won = winner is not None and (winner >= 0 or winner == data.MACHINE_SIDE)
    result = f"{ctx.side(winner, e.get('hex'))} wins" if won else "no winner"
    rounds = _plural(e.get("rounds", 0), "round")
    return f"Battle at {ctx.at(e['hex'])} over after {rounds}: {result}"


def _colony_shot(e: Event, ctx: LogContext) -> str:
    result = "hit" if e.get("hit") else "miss"
    return (f"{_owned_unit(e, ctx)} bombarded the colony at {ctx.at(e['hex'])}: rolled "
            f"{e['roll']} (needs {e['to_hit']} or less) {DASH} {result}")


def _colony_damaged(e: Event, ctx: LogContext) -> str:
    return f"{ctx.whose(e['player'])} colony at {ctx.at(e['hex'])} is down to {e['cp']} CP"


def _colony_destroyed(e: Event, ctx: LogContext) -> str:
    if e.get("homeworld"):
        return f"{ctx.whose(e['player'])} homeworld at {ctx.at(e['hex'])} has fallen!"
    return f"{ctx.whose(e['player'])} colony at {ctx.at(e['hex'])} was destroyed"


def _eliminated(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} is out of the game"


def _economic_phase(e: Event, ctx: LogContext) -> str:
    return f"Economic Phase of round {e['round']}"


def _income(e: Event, ctx: LogContext) -> str:
    parts = [f"colonies {e.get('colony_income', 0)}"]
    if e.get("trade"):  # MS Pipelines (advanced rules)
        parts.append(f"trade {e['trade']}")
    if e.get("minerals"):
        parts.append(f"minerals {e['minerals']}")
    if e.get("maintenance"):
        parts.append(f"maintenance \u2212{e['maintenance']}")
    text = (f"Income: {', '.join(parts)} {ARROW} +{e.get('net', 0)} CP "
            f"(now {e.get('cp', 0)} CP)")
    if e.get("discarded"):
        text += f"; {e['discarded']} CP over the carry-over cap were lost"
    for wreck in e.get("wrecks", []):
        text += f"; space wreck rolled {wreck.get('roll')}: {wreck_outcome(wreck)}"
    if e.get("blockaded"):
        text += f"; {_plural(len(e['blockaded']), 'colony')} blockaded"
    return text


def _bid_made(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} bid {e['amount']} CP for the turn order"


def _bids_revealed(e: Event, ctx: LogContext) -> str:
    bids = ", ".join(f"{ctx.who(p)} {b}" for p, b in enumerate(e.get("bids", [])) if b >= 0)
    return f"Bids revealed: {bids}"


def _order_kept(e: Event, ctx: LogContext) -> str:
    return "Turn order stays: " + ", ".join(ctx.who(p) for p in e.get("order", []))


def _order_chosen(e: Event, ctx: LogContext) -> str:
    order = ", ".join(ctx.who(p) for p in e.get("order", []))
    return f"{ctx.who(e['player'])} chose the turn order: {order}"


def _unit_type_title(code: str | None) -> str:
    """A unit type's name ("Destroyer"), its code if unknown, "?" if the event has none."""
    return UNIT_TITLES.get(code, code) if code is not None else "?"


def _bought(e: Event, ctx: LogContext) -> str:
    title = _unit_type_title(e.get("unit_type"))
    return f"{ctx.who(e['player'])} bought a {title} at {ctx.at(e['hex'])} for {e['cost']} CP"


def _researched(e: Event, ctx: LogContext) -> str:
    tech = TECH_TITLES.get(e.get("tech", ""), e.get("tech", "?"))
    return f"{ctx.who(e['player'])} researched {tech} {e['level']} for {e['cost']} CP"


def _refitted(e: Event, ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} was refitted for {e['cost']} CP"


def _purchase_undone(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} took back a purchase (+{e['refund']} CP)"


def _purchases_done(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} finished purchases"


def _placed(e: Event, ctx: LogContext) -> str | None:
    if e.get("player") == ctx.viewer:
        return None  # the private "placed_detail" line says more
    if e.get("unit_type"):
        return f"{_owned_unit(e, ctx)} was placed at {ctx.at(e['hex'])}"
    return f"A new {ctx.who(e['player'])} counter was placed at {ctx.at(e['hex'])}"


def _placed_detail(e: Event, ctx: LogContext) -> str:
    title = _unit_type_title(e.get("unit_type"))
    count = e.get("count", 1)
    what = f"{count} \u00d7 {title}" if count > 1 else title
    return f"{ctx.whose(e['player'])} new {what} entered play at {ctx.at(e['hex'])}"


def _colony_grew(e: Event, ctx: LogContext) -> str:
    return f"{ctx.whose(e['player'])} colony at {ctx.at(e['hex'])} grew to {e['cp']} CP"


def _game_over(e: Event, ctx: LogContext) -> str:
    winner = e.get("winner", -1)
    if winner is not None and winner >= 0:
        return f"Game over: {ctx.who(winner)} wins in round {e.get('round', '?')}"
    return f"Game over after round {e.get('round', '?')}: no winner"


def _fleet_launched(e: Event, ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} launches a fleet from its homeworld"


def _alien_economy(e: Event, ctx: LogContext) -> str:
    banks = ", ".join(f"{name} {cp}" for name, cp in e["banks"].items())
    return f"{ctx.who(e['player'])} rolls {e['rolls']}; banks: {banks}"


def _round_limit(e: Event, ctx: LogContext) -> str:
    return f"The round limit ({e['round']}) is reached"


def _machine_moved(e: Event, ctx: LogContext) -> str:
    return (f"{machine_title(e['machine'])} moved from {ctx.at(e['origin'])} to "
            f"{ctx.at(e['hex'])}")


def _planet_destroyed(e: Event, ctx: LogContext) -> str:
    owner = e.get("player", -1)
    lost = f" ({ctx.whose(owner)} colony lost)" if owner is not None and owner >= 0 else ""
    return f"{machine_title(e['machine'])} destroyed the planet at {ctx.at(e['hex'])}{lost}"


def _machine_hit(e: Event, ctx: LogContext) -> str:
    return (f"{ctx.who(e['player'])} hit {machine_title(e['machine'])} "
            f"({e['hits']} of {data.DOOMSDAY_HULL} hits)")


def wreck_rolls_text(wrecks: list[WreckRoll]) -> str:
    """"3 Defense gained, 8 Movement already at maximum" (space wreck rolls)."""
    return ", ".join(f"{wreck.get('roll')} {wreck_outcome(wreck)}" for wreck in wrecks) or "none"


def wreck_outcome(wreck: WreckRoll) -> str:
    """What one space wreck roll gave: "Defense gained", "Movement already at maximum"."""
    tech = TECH_TITLES.get(wreck.get("tech", ""), wreck.get("tech") or "nothing")
    return f"{tech} {'gained' if wreck.get('gained') else 'already at maximum'}"


def _machine_destroyed(e: Event, ctx: LogContext) -> str:
    wrecks = e.get("wrecks", [])
    count = {1: "one", 2: "two", 3: "three"}.get(len(wrecks), str(len(wrecks)))
    rolls = "roll" if len(wrecks) == 1 else "rolls"
    return (f"{ctx.who(e['player'])} destroyed {machine_title(e['machine'])} at "
            f"{ctx.at(e['hex'])}: {count} space wreck {rolls}: {wreck_rolls_text(wrecks)}")


def _not_for_players(e: Event, ctx: LogContext) -> None:
    """A record for the engine's own bookkeeping (visible to nobody): never a log line."""
    return None


DESCRIBERS: dict[str, Callable[[Event, LogContext], str | None]] = {
    "homeworld_placed": _homeworld_placed,
    "game_started": _game_started,
    "turn_started": _turn_started,
    "moved": _moved,
    "split": _split,
    "counter_appeared": _counter_appeared,
    "merged": _merged,
    "colonized": _colonized,
    "loaded": _loaded,
    "unloaded": _unloaded,
    "boarded": _boarded,
    "left_carrier": _left_carrier,
    "peeked": _peeked,
    "peek_made": _peek_made,
    "peek_hidden": _peek_hidden,
    "marker_discarded": _marker_discarded,
    "explored": _explored,
    "turned_back": _turned_back,
    "black_hole": _black_hole,
    "lost_in_space_shift": _lost_shift,
    "lost_in_space_stuck": _lost_stuck,
    "unit_destroyed": _unit_destroyed,
    "movement_ended": _movement_ended,
    "battle_started": _battle_started,
    "combat_round": _combat_round,
    "screened": _screened,
    "fleet_size_bonus": _fleet_bonus,
    "shot": _shot,
    "ship_destroyed": _ship_destroyed,
    "mines_swept": _mines_swept,
    "mine_exploded": _mine_exploded,
    "retreated": _retreated,
    "battle_ended": _battle_ended,
    "colony_shot": _colony_shot,
    "colony_damaged": _colony_damaged,
    "colony_destroyed": _colony_destroyed,
    "player_eliminated": _eliminated,
    "economic_phase": _economic_phase,
    "income": _income,
    "bid_made": _bid_made,
    "bids_revealed": _bids_revealed,
    "order_kept": _order_kept,
    "order_chosen": _order_chosen,
    "bought": _bought,
    "researched": _researched,
    "refitted": _refitted,
    "purchase_undone": _purchase_undone,
    "purchases_done": _purchases_done,
    "placed": _placed,
    "placed_detail": _placed_detail,
    "colony_grew": _colony_grew,
    "game_over": _game_over,
    "round_limit": _round_limit,
    "fleet_launched": _fleet_launched,
    "alien_economy": _alien_economy,
    "economy_summary": _not_for_players,  # the game-over charts' statistics
    "machine_moved": _machine_moved,
    "planet_destroyed": _planet_destroyed,
    "machine_hit": _machine_hit,
    "machine_destroyed": _machine_destroyed,
}


def describe(event: Event, ctx: LogContext) -> str | None:
    """The sentence for one event as ``ctx.viewer`` reads it, or None to leave it out.

    An event type this module does not know yet still gets a line (its type
    in words), so a new engine event never vanishes from the log silently.
    """
    handler = DESCRIBERS.get(event.get("type", ""))
    if handler is None:
        return str(event.get("type", "event")).replace("_", " ").capitalize()
    try:
        return handler(event, ctx)
    except (KeyError, TypeError, ValueError):  # a field renamed in the engine: still say something
        return str(event.get("type", "event")).replace("_", " ").capitalize()


def hex_of(event: Event) -> int | None:
    """The hex an event happened in, if any (the log centres the map on it)."""
    value = event.get("hex")
    return value if isinstance(value, int) and value >= 0 else None
