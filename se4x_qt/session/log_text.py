"""Events as sentences for the event log and the "since your last turn" summary.

Why a module of its own: the engine's events are terse dicts made for
programs (``{"type": "black_hole", "unit": 65, "rolls": [3, 8], ...}``);
a player wants "Black hole at 0506: rolls 3, 8 - 1 ship lost".  Keeping
the wording here, one function per event type, lets the log, the summary
and the tests agree on it, and keeps the widgets free of string building.

The text only uses what the event says plus what the reader already knows
(:class:`LogContext`): a unit's name comes from the event when it is
public, else from the reader's own knowledge; an enemy's face-down group is
never named.

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
from dataclasses import dataclass
from typing import Any

from se4x_core import data

ARROW = "\u2192"
DASH = "\u2014"

MARKER_TITLES: dict[str, str] = dict(zip(data.MARKER_KEYS, data.MARKER_NAMES, strict=True))
TECH_TITLES: dict[str, str] = dict(zip(data.TECH_KEYS, data.TECH_NAMES, strict=True))
UNIT_TITLES: dict[str, str] = dict(zip(data.UNIT_CODES, data.UNIT_NAMES, strict=True))

# Event kinds the log shows as a heading (a new turn, a new phase).
HEADING_TYPES = frozenset({"turn_started", "economic_phase", "game_started", "game_over"})
# Event kinds worth drawing the eye to.
ALERT_TYPES = frozenset({
    "black_hole", "unit_destroyed", "battle_started", "colony_destroyed", "player_eliminated",
    "turned_back", "lost_in_space_shift", "game_over", "colony_damaged",
})


@dataclass
class LogContext:
    """What the reader knows beyond the event itself."""

    viewer: int
    player_names: list[str]
    hex_label: Callable[[int], str]
    unit_name: Callable[[int], str | None]  # the reader's name for a unit, if known

    def who(self, player: int | None) -> str:
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


def marker_title(key: str | None, value: int = 0) -> str:
    """E.g. ``"Minerals (10 CP)"`` or ``"Planet"``."""
    if key is None:
        return "an unexplored system"
    title = MARKER_TITLES.get(key, key.replace("_", " ").title())
    if key == "minerals" and value:
        return f"{title} ({value} CP)"
    return title


def unit_label(event: dict[str, Any], ctx: LogContext, key: str = "unit") -> str:
    """The name of the unit an event is about: public name, own knowledge, or 'a group'."""
    unit_type = event.get("unit_type") if key == "unit" else None
    if unit_type:
        number = event.get("number")
        return f"{unit_type}{number}" if number else str(unit_type)
    unit = event.get(key)
    known = ctx.unit_name(unit) if isinstance(unit, int) else None
    return known or "face-down group"


def _owned_unit(event: dict[str, Any], ctx: LogContext, key: str = "unit") -> str:
    player = event.get("player")
    return f"{ctx.whose(player)} {unit_label(event, ctx, key)}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- one function per event type ------------------------------------------------------------
def _homeworld_placed(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} placed their homeworld at {ctx.at(e['hex'])}"


def _game_started(e: dict[str, Any], ctx: LogContext) -> str:
    order = ", ".join(ctx.who(p) for p in e.get("order", []))
    return f"The game begins {DASH} turn order: {order}"


def _turn_started(e: dict[str, Any], ctx: LogContext) -> str:
    return f"Round {e['round']}, turn {e['turn']}: {ctx.whose(e['player'])} movement"


def _moved(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} moved {ctx.at(e['origin'])} {ARROW} {ctx.at(e['hex'])}"


def _split(e: dict[str, Any], ctx: LogContext) -> str:
    new = ctx.unit_name(e.get("new_unit", -1)) or "a new group"
    return (f"{_owned_unit(e, ctx)} split off {_plural(e['count'], 'ship')} as {new}")


def _counter_appeared(e: dict[str, Any], ctx: LogContext) -> str | None:
    if e.get("player") == ctx.viewer:
        return None  # the owner read the split line already
    return f"A new {ctx.who(e['player'])} counter appeared at {ctx.at(e['hex'])}"


def _merged(e: dict[str, Any], ctx: LogContext) -> str:
    removed = ctx.unit_name(e.get("removed", -1)) or "another group"
    return f"{ctx.who(e['player'])} merged {removed} into {unit_label(e, ctx)}"


def _colonized(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.whose(e['player'])} colony ship founded a colony at {ctx.at(e['hex'])}"


def _loaded(e: dict[str, Any], ctx: LogContext) -> str:
    cargo = marker_title(e.get("marker"), e.get("value", 0))
    return f"{_owned_unit(e, ctx)} took {cargo} in tow at {ctx.at(e['hex'])}"


def _boarded(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} went aboard carrier group {e['carrier']} at {ctx.at(e['hex'])}"


def _left_carrier(e: dict[str, Any], ctx: LogContext) -> str:
    return (f"{_owned_unit(e, ctx)} left carrier group {e['carrier']} and stays at "
            f"{ctx.at(e['hex'])}")


def _unloaded(e: dict[str, Any], ctx: LogContext) -> str:
    cargo = marker_title(e.get("marker"), e.get("value", 0))
    return f"{_owned_unit(e, ctx)} delivered {cargo} to the colony at {ctx.at(e['hex'])}"


def _peeked(e: dict[str, Any], ctx: LogContext) -> str:
    found = marker_title(e.get("marker"), e.get("value", 0))
    return f"{_owned_unit(e, ctx)} peeked at {ctx.at(e['hex'])}: {found}"


def _peek_made(e: dict[str, Any], ctx: LogContext) -> str | None:
    if e.get("player") == ctx.viewer:
        return None  # the private "peeked" line says more
    return f"{_owned_unit(e, ctx)} peeked at the marker in {ctx.at(e['hex'])}"


def _peek_hidden(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} left the marker at {ctx.at(e['hex'])} face down"


def _marker_discarded(e: dict[str, Any], ctx: LogContext) -> str:
    return (f"{marker_title(e.get('marker'))} at {ctx.at(e['hex'])} revealed from afar "
            f"and discarded")


def _explored(e: dict[str, Any], ctx: LogContext) -> str:
    found = marker_title(e.get("marker"), e.get("value", 0))
    return f"{ctx.who(e['player'])} explored {ctx.at(e['hex'])}: {found}"


def _turned_back(e: dict[str, Any], ctx: LogContext) -> str:
    return (f"Supernova at {ctx.at(e.get('supernova'))}! {_owned_unit(e, ctx)} turned back "
            f"to {ctx.at(e['hex'])}")


def _black_hole(e: dict[str, Any], ctx: LogContext) -> str:
    rolls = ", ".join(str(r) for r in e.get("rolls", []))
    lost = e.get("lost", 0)
    outcome = f"{_plural(lost, 'ship')} lost" if lost else "no ship lost"
    label = "roll" if len(e.get("rolls", [])) == 1 else "rolls"
    return f"Black hole at {ctx.at(e['hex'])}: {label} {rolls} {DASH} {outcome}"


def _lost_shift(e: dict[str, Any], ctx: LogContext) -> str:
    return (f"Lost in Space: {_owned_unit(e, ctx)} drifted {ctx.at(e['origin'])} {ARROW} "
            f"{ctx.at(e['hex'])}")


def _lost_stuck(e: dict[str, Any], ctx: LogContext) -> str:
    return f"Lost in Space: {_owned_unit(e, ctx)} could not drift anywhere"


def _unit_destroyed(e: dict[str, Any], ctx: LogContext) -> str:
    reason = e.get("reason", "")
    why = f" ({reason})" if reason and reason != "combat" else ""
    return f"{_owned_unit(e, ctx)} was destroyed at {ctx.at(e.get('hex'))}{why}"


def _movement_ended(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} ended movement"


def _battle_started(e: dict[str, Any], ctx: LogContext) -> str:
    defender = e.get("defender", -1)
    target = ctx.who(defender) if defender is not None and defender >= 0 else "a colony"
    return f"Battle at {ctx.at(e['hex'])}: {ctx.who(e['attacker'])} attacks {target}"


def _combat_round(e: dict[str, Any], ctx: LogContext) -> str:
    return f"Battle at {ctx.at(e['hex'])}, round {e['round']}"


def _screened(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} screened {unit_label(e, ctx)}"


def _fleet_bonus(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} gets the fleet-size bonus (+1 attack) at {ctx.at(e['hex'])}"


def _shot(e: dict[str, Any], ctx: LogContext) -> str:
    target = ctx.unit_name(e.get("target", -1)) or "a group"
    result = "hit" if e.get("hit") else "miss"
    return (f"{_owned_unit(e, ctx)} fired at {target}: rolled {e['roll']} "
            f"(needs {e['to_hit']} or less) {DASH} {result}")


def _ship_destroyed(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} lost a ship ({e.get('remaining', 0)} left)"


def _mines_swept(e: dict[str, Any], ctx: LogContext) -> str:
    n = e.get("count", 0)
    return (f"Minesweepers cleared {n} of {ctx.who(e['player'])}'s mine{'s' if n != 1 else ''}"
            f" at {ctx.at(e['hex'])}")


def _mine_exploded(e: dict[str, Any], ctx: LogContext) -> str:
    target = ctx.unit_name(e.get("target", -1)) or "a group"
    return f"A mine of {ctx.who(e['player'])} exploded under {target} at {ctx.at(e['hex'])}"


def _retreated(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} retreated {ctx.at(e['origin'])} {ARROW} {ctx.at(e['hex'])}"


def _battle_ended(e: dict[str, Any], ctx: LogContext) -> str:
    winner = e.get("winner", -1)
    result = f"{ctx.who(winner)} wins" if winner is not None and winner >= 0 else "no winner"
    rounds = _plural(e.get("rounds", 0), "round")
    return f"Battle at {ctx.at(e['hex'])} over after {rounds}: {result}"


def _colony_shot(e: dict[str, Any], ctx: LogContext) -> str:
    result = "hit" if e.get("hit") else "miss"
    return (f"{_owned_unit(e, ctx)} bombarded the colony at {ctx.at(e['hex'])}: rolled "
            f"{e['roll']} (needs {e['to_hit']} or less) {DASH} {result}")


def _colony_damaged(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.whose(e['player'])} colony at {ctx.at(e['hex'])} is down to {e['cp']} CP"


def _colony_destroyed(e: dict[str, Any], ctx: LogContext) -> str:
    if e.get("homeworld"):
        return f"{ctx.whose(e['player'])} homeworld at {ctx.at(e['hex'])} has fallen!"
    return f"{ctx.whose(e['player'])} colony at {ctx.at(e['hex'])} was destroyed"


def _eliminated(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} is out of the game"


def _economic_phase(e: dict[str, Any], ctx: LogContext) -> str:
    return f"Economic Phase of round {e['round']}"


def _income(e: dict[str, Any], ctx: LogContext) -> str:
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
        tech = TECH_TITLES.get(wreck.get("tech", ""), wreck.get("tech", "?"))
        gained = "gained" if wreck.get("gained") else "already at maximum"
        text += f"; space wreck rolled {wreck.get('roll')}: {tech} {gained}"
    if e.get("blockaded"):
        text += f"; {_plural(len(e['blockaded']), 'colony')} blockaded"
    return text


def _bid_made(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} bid {e['amount']} CP for the turn order"


def _bids_revealed(e: dict[str, Any], ctx: LogContext) -> str:
    bids = ", ".join(f"{ctx.who(p)} {b}" for p, b in enumerate(e.get("bids", [])) if b >= 0)
    return f"Bids revealed: {bids}"


def _order_kept(e: dict[str, Any], ctx: LogContext) -> str:
    return "Turn order stays: " + ", ".join(ctx.who(p) for p in e.get("order", []))


def _order_chosen(e: dict[str, Any], ctx: LogContext) -> str:
    order = ", ".join(ctx.who(p) for p in e.get("order", []))
    return f"{ctx.who(e['player'])} chose the turn order: {order}"


def _bought(e: dict[str, Any], ctx: LogContext) -> str:
    title = UNIT_TITLES.get(e.get("unit_type", ""), e.get("unit_type", "?"))
    return f"{ctx.who(e['player'])} bought a {title} at {ctx.at(e['hex'])} for {e['cost']} CP"


def _researched(e: dict[str, Any], ctx: LogContext) -> str:
    tech = TECH_TITLES.get(e.get("tech", ""), e.get("tech", "?"))
    return f"{ctx.who(e['player'])} researched {tech} {e['level']} for {e['cost']} CP"


def _refitted(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{_owned_unit(e, ctx)} was refitted for {e['cost']} CP"


def _purchase_undone(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} took back a purchase (+{e['refund']} CP)"


def _purchases_done(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} finished purchases"


def _placed(e: dict[str, Any], ctx: LogContext) -> str | None:
    if e.get("player") == ctx.viewer:
        return None  # the private "placed_detail" line says more
    if e.get("unit_type"):
        return f"{_owned_unit(e, ctx)} was placed at {ctx.at(e['hex'])}"
    return f"A new {ctx.who(e['player'])} counter was placed at {ctx.at(e['hex'])}"


def _placed_detail(e: dict[str, Any], ctx: LogContext) -> str:
    title = UNIT_TITLES.get(e.get("unit_type", ""), e.get("unit_type", "?"))
    count = e.get("count", 1)
    what = f"{count} \u00d7 {title}" if count > 1 else title
    return f"{ctx.whose(e['player'])} new {what} entered play at {ctx.at(e['hex'])}"


def _colony_grew(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.whose(e['player'])} colony at {ctx.at(e['hex'])} grew to {e['cp']} CP"


def _game_over(e: dict[str, Any], ctx: LogContext) -> str:
    winner = e.get("winner", -1)
    if winner is not None and winner >= 0:
        return f"Game over: {ctx.who(winner)} wins in round {e.get('round', '?')}"
    return f"Game over after round {e.get('round', '?')}: no winner"


def _fleet_launched(e: dict[str, Any], ctx: LogContext) -> str:
    return f"{ctx.who(e['player'])} launches a fleet from its homeworld"


def _alien_economy(e: dict[str, Any], ctx: LogContext) -> str:
    banks = ", ".join(f"{name} {cp}" for name, cp in e["banks"].items())
    return f"{ctx.who(e['player'])} rolls {e['rolls']}; banks: {banks}"


def _round_limit(e: dict[str, Any], ctx: LogContext) -> str:
    return f"The round limit ({e['round']}) is reached"


def _not_for_players(e: dict[str, Any], ctx: LogContext) -> None:
    """A record for the engine's own bookkeeping (visible to nobody): never a log line."""
    return None


DESCRIBERS: dict[str, Callable[[dict[str, Any], LogContext], str | None]] = {
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
}


def describe(event: dict[str, Any], ctx: LogContext) -> str | None:
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


def hex_of(event: dict[str, Any]) -> int | None:
    """The hex an event happened in, if any (the log centres the map on it)."""
    value = event.get("hex")
    return value if isinstance(value, int) and value >= 0 else None
