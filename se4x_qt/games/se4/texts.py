"""The SE4 board game in words: sectors, ships, decisions, actions and events as a player
reads them.

Why one module: the map's tooltips, the prompt, the action buttons, the sector panel,
the battle panel and the log all name the same things; naming them once keeps a ship
"Cruiser #3" on every screen, and a sector its name, never its number.  Everything here
reads the observation (and the players' names) only, never the engine's state.

Two rules keep every sentence right whatever a player is called (as in SP4X's words): a
player is always named, never "you", so the log reads the same in every seat; and a
name is never followed by a possessive or a present-tense verb ("Chris's", "Ann
buys"), so "Chris", "Esmeralda Fitzgerald" or even "You" reads right.

A ship that is gone (destroyed, scrapped) is no longer in the observation, yet the log
still names it: a :class:`ShipBook` remembers every ship seen, from the observations and
from the purchase events.
"""

from __future__ import annotations

from collections import Counter
from math import ceil
from typing import Any, Final

from se4x_core.games.se4.actions import RESTORE, Action
from se4x_core.games.se4.charts import (
    CARD_PRICE,
    FACILITIES,
    FACILITY_PRICES,
    HULL_NAMES,
    HULLS,
    RESEARCH_PRICE,
    RETROFIT_PRICE,
)
from se4x_core.games.se4.data import load
from se4x_core.games.se4.explain import DECISIONS
from se4x_qt import style

Observation = dict[str, Any]
Event = dict[str, Any]

#: A hull's mark on its counter: its initial (Dreadnought's two letters, apart from the
#: Destroyer's D).
HULL_MARKS: Final = {"Transport": "T", "Escort": "E", "Destroyer": "D", "Cruiser": "C",
                     "Battleship": "B", "Dreadnought": "DN"}
#: A facility's mark in the map's one-line summary of a colony.
FACILITY_MARKS: Final = ("M", "R", "Y", "S")
BODY_TITLES: Final = {"home": "home world", "planet": "planet", "ring": "ring world",
                      "star": "star", "asteroids": "asteroids", "nebula": "nebula",
                      "empty": "empty space"}
PHASE_TITLES: Final = {
    "home": "Home world", "setup_buy": "Starting ships", "setup_design": "Fitting ships",
    "research": "Research", "yards": "Space yards", "combat_move": "Combat movement",
    "combat": "Combat", "move": "Movement", "repair": "Repair bays",
    "complete": "Completing hulls", "yard_fix": "Space yard repairs", "upkeep": "Upkeep",
    "abandon": "Abandoning ships", "pay": "Maintenance", "build": "Facilities",
    "scavenge": "Scavenging", "discard": "Discards", "draws": "Free draws",
    "damage": "Damage", "over": "Game over",
}
#: What a battle's stage asks for (the sentence after "Battle at X: ... must").
STAGE_DECISIONS: Final = {
    "call": "call a shot: one ship at one enemy ship, or none",
    "assign": "choose where the enemy fire goes (or at whom to aim)",
    "fire": "choose which ship fires next",
    "shoot": "roll point defence against the missiles, or pick a new target",
    "retreat": "retreat cloaked ships, or stay",
    "bombard": "bombard the planet, or stop",
    "sacrifice": "choose the facility the bombardment destroys",
}
STAGE_TITLES: Final = {"round": "starting a round", "call": "called shots",
                       "phase": "firing phase", "assign": "choosing targets",
                       "fire": "firing order", "shoot": "firing", "retreat": "retreats",
                       "bombard_start": "bombardment", "bombard": "bombardment",
                       "sacrifice": "facilities lost", "over": "ending"}
RESULT_WORDS: Final = {"hit": "a hit", "near_miss": "a near miss (shields only)",
                       "miss": "a miss"}


# -- things -------------------------------------------------------------------------------
def name(player: int, names: list[str]) -> str:
    return style.player_name(player, names)


def a(noun: str) -> str:
    """"a Cruiser", "an Escort"."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def counted(count: int, noun: str) -> str:
    """"1 Space Yard", "2 Space Yards"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def card_name(card: int) -> str:
    """A component card by its id (the events name cards by id)."""
    components = load().components
    return components[card].name if 0 <= card < len(components) else f"card {card}"


def card_list(names: list[str]) -> str:
    """"Antiproton Beam ×2, Shield" (a list of card names, counted)."""
    counted = Counter(names)
    return ", ".join(f"{n} \u00d7{k}" if k > 1 else n for n, k in counted.items()) or "nothing"


def sector_name(obs: Observation, sector: int) -> str:
    sectors = obs["sectors"]
    return str(sectors[sector]["name"]) if 0 <= sector < len(sectors) else f"sector {sector}"


def body_title(body: str) -> str:
    return BODY_TITLES.get(body, body)


def facility_name(facility: int) -> str:
    return FACILITIES[facility] if 0 <= facility < len(FACILITIES) else f"facility {facility}"


def phase_title(phase: str) -> str:
    return PHASE_TITLES.get(phase, phase.replace("_", " ").capitalize())


def ship_of(obs: Observation, ship_id: int) -> dict[str, Any] | None:
    return next((s for s in obs["ships"] if s["id"] == ship_id), None)


def colony_at(obs: Observation, sector: int) -> dict[str, Any] | None:
    return next((c for c in obs["colonies"] if c["sector"] == sector), None)


def debris_at(obs: Observation, sector: int) -> int:
    return sum(coins for where, coins in obs["debris"] if where == sector)


class ShipBook:
    """Every ship seen (its hull and owner), so that a gone ship is still named."""

    def __init__(self) -> None:
        self.ships: dict[int, tuple[str, int]] = {}

    def learn(self, obs: Observation) -> None:
        for ship in obs["ships"]:
            self.ships[ship["id"]] = (ship["hull"], ship["owner"])

    def learn_event(self, event: Event) -> None:
        if event.get("type") == "hull_bought":
            self.ships[int(event["ship"])] = (str(event["hull"]), int(event["player"]))

    def name(self, ship_id: int) -> str:
        """"Cruiser #3" ("ship #3" if never seen)."""
        hull = self.ships.get(ship_id, ("ship", -1))[0]
        return f"{hull} #{ship_id}"

    def owner(self, ship_id: int) -> int:
        return self.ships.get(ship_id, ("", -1))[1]


def ship_name(obs: Observation, ship_id: int) -> str:
    """"Cruiser #3", from the observation."""
    ship = ship_of(obs, ship_id)
    return f"{ship['hull'] if ship else 'ship'} #{ship_id}"


def counter_mark(hull: str) -> str:
    return HULL_MARKS.get(hull, hull[:1])


# -- the decision -------------------------------------------------------------------------
def decision(obs: Observation) -> str:
    """What the decision waited for is about (the engine's sentence; a battle's stage)."""
    battle = obs.get("battle")
    if obs["phase"] == "combat" and battle:
        return STAGE_DECISIONS.get(str(battle["stage"]), DECISIONS["combat"])
    return str(DECISIONS.get(str(obs["phase"]), obs["phase"]))


def prompt(obs: Observation, names: list[str], viewer_acts: bool, thinking: bool) -> str:
    """"Ann to decide: use the space yards: ..." (or the game's end)."""
    if obs["is_over"]:
        return "The game is over."
    current = obs["current_player"]
    who = name(current, names)
    if thinking:
        return f"{who} (computer) is thinking: {decision(obs)}."
    if viewer_acts:
        return f"{who} to decide: {decision(obs)}."
    return f"Waiting for {who}: {decision(obs)}."


def round_text(obs: Observation) -> str:
    if not obs["round"]:
        return "Setup"
    limit = obs.get("round_limit") or 0
    return f"Round {obs['round']} of {limit}" if limit else f"Round {obs['round']}"


# -- actions ------------------------------------------------------------------------------
def describe(action: Action, obs: Observation, names: list[str] | None = None) -> str:
    """An action in plain words ("Buy a Cruiser at Capella (8 coins)"); ``names``: the
    players' (an empire aimed at is named)."""
    if action.kind == "aim":
        return (f"{ship_name(obs, action.ship)} aims at the ships of "
                f"{name(action.player, names or [])}")
    words = _ACTION_WORDS.get(action.kind)
    return words(action, obs) if words else str(action)


def _done(action: Action, obs: Observation) -> str:
    battle = obs.get("battle")
    stage = str(battle["stage"]) if obs["phase"] == "combat" and battle else ""
    return {"call": "Call no shot this round", "shoot": "No more point defence",
            "retreat": "No retreat", "bombard": "Stop bombarding"}.get(stage, "Done")


def _home(action: Action, obs: Observation) -> str:
    return f"Take {sector_name(obs, action.sector)} as home world"


def _buy(action: Action, obs: Observation) -> str:
    hull = HULLS[action.hull]
    return f"Buy {a(hull.name)} at {sector_name(obs, action.sector)} ({hull.cost} coins)"


def _draw(action: Action, obs: Observation) -> str:
    return f"Draw a card at {sector_name(obs, action.sector)} ({CARD_PRICE} coin)"


def _retrofit(action: Action, obs: Observation) -> str:
    cost = RETROFIT_PRICE + ceil(action.count / 2)
    repairs = f", repairing {action.count} armor" if action.count else ""
    return f"Retrofit {ship_name(obs, action.ship)}{repairs} ({cost} coin{_s(cost)})"


def _scrap(action: Action, obs: Observation) -> str:
    ship = ship_of(obs, action.ship)
    refund = HULLS[HULL_NAMES.index(ship["hull"])].cost // 2 if ship else 0
    back = refund - ceil(action.count / 2)
    repairs = f", repairing {action.count} armor" if action.count else ""
    return f"Scrap {ship_name(obs, action.ship)}{repairs} ({back:+d} coin{_s(abs(back))})"


def _research(action: Action, obs: Observation) -> str:
    return f"Research attempt at {sector_name(obs, action.sector)} ({RESEARCH_PRICE} coins)"


def _install(action: Action, obs: Observation) -> str:
    return f"Fit {card_name(action.card)} to {ship_name(obs, action.ship)}"


def _armor(action: Action, obs: Observation) -> str:
    return f"Buy a Standard Armor for {ship_name(obs, action.ship)} (half a coin)"


def _finish(action: Action, obs: Observation) -> str:
    return f"Finish {ship_name(obs, action.ship)}"


def _move(action: Action, obs: Observation) -> str:
    ship = ship_of(obs, action.ship)
    risky = ship is not None and _unstable(obs, ship["sector"], action.sector)
    warning = " (unstable line: 1 damage)" if risky else ""
    return f"Move {ship_name(obs, action.ship)} to {sector_name(obs, action.sector)}{warning}"


def _unstable(obs: Observation, a: int, b: int) -> bool:
    return any({x, y} == {a, b} and kind == "unstable" for x, y, kind in obs["lines"])


def _load(action: Action, obs: Observation) -> str:
    return f"Load a coin onto {ship_name(obs, action.ship)}"


def _drop(action: Action, obs: Observation) -> str:
    return f"Drop a coin from {ship_name(obs, action.ship)}"


def _colonise(action: Action, obs: Observation) -> str:
    ship = ship_of(obs, action.ship)
    where = sector_name(obs, ship["sector"]) if ship else "here"
    return f"Colonise {where} with {ship_name(obs, action.ship)}"


def _call(action: Action, obs: Observation) -> str:
    return f"Call a shot: {ship_name(obs, action.ship)} at {ship_name(obs, action.target)}"


def _target(action: Action, obs: Observation) -> str:
    return f"Direct the shot of {ship_name(obs, action.ship)} at {ship_name(obs, action.target)}"


def _tk(action: Action, obs: Observation) -> str:
    return f"TK Projector of {ship_name(obs, action.ship)} at {ship_name(obs, action.target)}"


def _fire(action: Action, obs: Observation) -> str:
    return f"Fire {ship_name(obs, action.ship)} next"


def _pd(action: Action, obs: Observation) -> str:
    return f"Point defence roll with {ship_name(obs, action.ship)}"


def _cripple(action: Action, obs: Observation) -> str:
    return f"Cripple {ship_name(obs, action.ship)} (keep its cards)"


def _absorb(action: Action, obs: Observation) -> str:
    return f"{card_name(action.card)} of {ship_name(obs, action.ship)} takes the point"


def _lose(action: Action, obs: Observation) -> str:
    return f"{ship_name(obs, action.ship)} loses its {card_name(action.card)}"


def _retreat(action: Action, obs: Observation) -> str:
    return f"Retreat {ship_name(obs, action.ship)} to {sector_name(obs, action.sector)}"


def _bombard(action: Action, obs: Observation) -> str:
    ship = ship_of(obs, action.ship)
    where = sector_name(obs, ship["sector"]) if ship else "the planet"
    coins = " and its coins" if action.count else ""
    return f"Bombard {where}{coins} with {ship_name(obs, action.ship)}"


def _sacrifice(action: Action, obs: Observation) -> str:
    return f"Give up {a(facility_name(action.facility))} at {sector_name(obs, action.sector)}"


def _repair(action: Action, obs: Observation) -> str:
    what = RESTORE[action.what] if 0 <= action.what < len(RESTORE) else "card"
    return f"Repair bay: restore the {what} of {ship_name(obs, action.ship)} (1 coin)"


def _fix(action: Action, obs: Observation) -> str:
    what = RESTORE[action.what] if 0 <= action.what < len(RESTORE) else "card"
    cost = " (1 coin)" if what == "hull" else ""
    return f"Space yard: restore the {what} of {ship_name(obs, action.ship)}{cost}"


def _abandon(action: Action, obs: Observation) -> str:
    return f"Abandon {ship_name(obs, action.ship)}"


def _pay(action: Action, obs: Observation) -> str:
    return (f"Pay {action.count} coin{_s(action.count)} of maintenance from "
            f"{sector_name(obs, action.sector)}")


def _build(action: Action, obs: Observation) -> str:
    price = FACILITY_PRICES[action.facility] if 0 <= action.facility < len(FACILITIES) else 0
    return (f"Build {a(facility_name(action.facility))} at {sector_name(obs, action.sector)} "
            f"({price} coins)")


def _scavenge(action: Action, obs: Observation) -> str:
    return f"Scavenge a coin of debris with {ship_name(obs, action.ship)}"


def _discard(action: Action, obs: Observation) -> str:
    return f"Discard {a(card_name(action.card))}"


def _s(count: int) -> str:
    return "" if count == 1 else "s"


_ACTION_WORDS: Final = {
    "done": _done, "home": _home, "buy": _buy, "draw": _draw, "retrofit": _retrofit,
    "scrap": _scrap, "research": _research, "install": _install, "armor": _armor,
    "finish": _finish, "move": _move, "load": _load, "drop": _drop, "colonise": _colonise,
    "call": _call, "target": _target, "tk": _tk, "fire": _fire, "pd": _pd,
    "cripple": _cripple, "absorb": _absorb, "lose": _lose, "retreat": _retreat,
    "bombard": _bombard, "sacrifice": _sacrifice, "repair": _repair, "fix": _fix,
    "abandon": _abandon, "pay": _pay, "build": _build, "scavenge": _scavenge,
    "discard": _discard,
}


def action_sectors(action: Action, obs: Observation) -> set[int]:
    """The sectors an action is about: where its ships are, where it goes, its colony
    (a battle's choices: the battle's sector)."""
    found: set[int] = set()
    if action.sector >= 0:
        found.add(action.sector)
    for ship_id in (action.ship, action.target):
        ship = ship_of(obs, ship_id) if ship_id >= 0 else None
        if ship is not None:
            found.add(int(ship["sector"]))
    battle = obs.get("battle")
    if obs["phase"] == "combat" and battle:
        found.add(int(battle["sector"]))
    return found


# -- events -------------------------------------------------------------------------------
class EventWords:
    """Events as log lines, for one game: the sectors' names, the players' names and the
    ships seen (a :class:`ShipBook`)."""

    def __init__(self, obs: Observation, names: list[str], book: ShipBook) -> None:
        self.obs = obs
        self.names = names
        self.book = book

    def who(self, player: Any) -> str:
        return name(int(player), self.names) if isinstance(player, int) else "Nobody"

    def ship(self, ship_id: Any) -> str:
        return self.book.name(int(ship_id))

    def sector(self, sector: Any) -> str:
        return sector_name(self.obs, int(sector))

    def text(self, event: Event) -> str | None:
        """The line of ``event`` (None: not worth a line, e.g. a phase beginning)."""
        kind = str(event.get("type", ""))
        if kind in QUIET:
            return None
        words = getattr(self, f"_{kind}", None)
        try:
            return str(words(event)) if words is not None else self._other(event)
        except (KeyError, TypeError, ValueError):  # an event of another shape: say it plainly
            return self._other(event)

    # each event type's line ---------------------------------------------------------------
    def _text(self, e: Event) -> str:
        return str(e.get("text", ""))

    def _turn(self, e: Event) -> str:
        return f"Round {e['round']}: the turn of {self.who(e['player'])}"

    def _home(self, e: Event) -> str:
        return f"{self.who(e['player'])} took {self.sector(e['sector'])} as home world"

    def _hull_bought(self, e: Event) -> str:
        return (f"{self.who(e['player'])} bought {a(str(e['hull']))} hull (#{e['ship']}) at "
                f"{self.sector(e['sector'])}")

    def _ship_completed(self, e: Event) -> str:
        cards = card_list([card_name(c) for c in e.get("cards", [])])
        return f"{self.ship(e['ship'])} completed with {cards}"

    def _research_roll(self, e: Event) -> str:
        chart = f", then {e['chart']} on the research chart" if e.get("chart") else \
            " (a 6 finds a tech)"
        return f"{self.who(e['player'])} rolled {e['roll']} for research{chart}"

    def _tech(self, e: Event) -> str:
        return f"{self.who(e['player'])} gained the tech {e['tech']}"

    def _drew(self, e: Event) -> str:
        return f"{self.who(e['player'])} drew {e['count']} card{_s(int(e['count']))}"

    def _cards(self, e: Event) -> str:
        return "Cards drawn: " + card_list([card_name(c) for c in e.get("cards", [])])

    def _discarded(self, e: Event) -> str:
        card = card_name(int(e["card"])) if "card" in e else "card"
        return f"{self.who(e['player'])} discarded {a(card)}"

    def _discarded_card(self, e: Event) -> str:
        return f"The card discarded: {card_name(int(e['card']))}"

    def _moved(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} moved from {self.sector(e['from'])} to " \
               f"{self.sector(e['to'])}"

    def _colonised(self, e: Event) -> str:
        return f"{self.who(e['player'])} colonised {self.sector(e['sector'])}"

    def _production(self, e: Event) -> str:
        return f"{self.sector(e['sector'])} produced {e['coins']} coin{_s(int(e['coins']))}"

    def _upkeep_paid(self, e: Event) -> str:
        return (f"{self.who(e['player'])} paid {e['coins']} coin{_s(int(e['coins']))} of "
                f"maintenance from {self.sector(e['sector'])}")

    def _scavenged(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} scavenged a coin of debris at {self.sector(e['sector'])}"

    def _facility(self, e: Event) -> str:
        built = a(facility_name(int(e["facility"])))
        return f"{built[0].upper()}{built[1:]} was built at {self.sector(e['sector'])}"

    def _battle(self, e: Event) -> str:
        sides = " against ".join(self.who(p) for p in e.get("sides", []))
        return f"Battle at {self.sector(e['sector'])}: {sides} (attacker: " \
               f"{self.who(e['attacker'])})"

    def _combat_round(self, e: Event) -> str:
        return f"Combat round {e['round']} at {self.sector(e['sector'])}"

    def _called_shot(self, e: Event) -> str:
        return f"{self.who(e['player'])} called a shot: {self.ship(e['ship'])} at " \
               f"{self.ship(e['target'])}"

    def _shot(self, e: Event) -> str:
        return (f"{self.ship(e['ship'])} fired {e['weapon']} at {self.ship(e['target'])}: "
                f"rolled {e['roll']} (attack {e['attack']}) against {e['defence_roll']} "
                f"(defence {e['defence']}): {RESULT_WORDS.get(str(e['result']), e['result'])}")

    def _stray_roll(self, e: Event) -> str:
        strays = int(e["roll"]) - 3 > int(e["needed_above"])
        return (f"Stray roll {e['roll']} (strays above {int(e['needed_above']) + 3}): "
                f"{'the shot strays' if strays else 'lost in space'}")

    def _stray_hit(self, e: Event) -> str:
        return f"The stray shot of {self.ship(e['ship'])} hit {self.ship(e['target'])}"

    def _missiles(self, e: Event) -> str:
        return (f"{self.ship(e['ship'])} launched {e['missiles']} missile"
                f"{_s(int(e['missiles']))} at {self.ship(e['target'])} (rolled {e['roll']})")

    def _point_defence(self, e: Event) -> str:
        bonus = f"+{e['bonus']}" if e.get("bonus") else ""
        result = "a missile shot down" if e.get("hit") else "missed"
        return (f"Point defence of {self.ship(e['ship'])}: rolled {e['roll']}{bonus}, "
                f"needed {e['needed']}: {result}")

    def _repulsed(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} was repulsed: its next shot is lost"

    def _shot_spoiled(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} lost its shot (repulsed)"

    def _negated(self, e: Event) -> str:
        return f"The armor of {self.ship(e['ship'])} negated a point of damage"

    def _card_down(self, e: Event) -> str:
        return f"{self.ship(e['ship'])}: {card_name(int(e['card']))} damaged (face down)"

    def _crippled(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} was crippled"

    def _card_lost(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} lost its {card_name(int(e['card']))}"

    def _destroyed(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} of {self.who(e['owner'])} was destroyed at " \
               f"{self.sector(e['sector'])}"

    def _retreated(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} retreated to {self.sector(e['sector'])}"

    def _bombarded(self, e: Event) -> str:
        coins = f", {e['coins_lost']} coin{_s(int(e['coins_lost']))} lost" \
            if e.get("coins_lost") else ""
        return f"{self.ship(e['ship'])} bombarded {self.sector(e['sector'])}: " \
               f"{e['damage']} damage{coins}"

    def _facility_lost(self, e: Event) -> str:
        return f"{self.sector(e['sector'])} lost {a(facility_name(int(e['facility'])))}"

    def _colony_destroyed(self, e: Event) -> str:
        return f"The colony of {self.who(e['owner'])} at {self.sector(e['sector'])} " \
               "was destroyed"

    def _scrapped(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} was scrapped"

    def _retrofit(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} is being retrofitted"

    def _repaired(self, e: Event) -> str:
        return f"A repair bay restored the {e['what']} of {self.ship(e['ship'])}"

    def _yard_repair(self, e: Event) -> str:
        return f"A space yard restored the {e['what']} of {self.ship(e['ship'])}"

    def _abandoned(self, e: Event) -> str:
        return f"{self.ship(e['ship'])} was abandoned"

    def _eliminated(self, e: Event) -> str:
        return f"{self.who(e['player'])} is out: no colony left"

    def _round_limit(self, e: Event) -> str:
        scores = [f"{self.who(p)} {s}" for p, s in enumerate(e.get("scores", [])) if s >= 0]
        return "The round limit is reached. Scores: " + ", ".join(scores)

    def _game_over(self, e: Event) -> str:
        return "Game over. " + winners_text(list(e.get("winners", [])), self.names)

    def _other(self, e: Event) -> str:
        fields = ", ".join(f"{k} {v}" for k, v in e.items() if k not in ("type", "visible_to"))
        title = str(e.get("type", "event")).replace("_", " ").capitalize()
        return f"{title}: {fields}" if fields else title


#: Events left out of the log: a phase beginning (fifteen a turn; the top bar says it).
QUIET: Final = frozenset({"phase"})
#: Events the log sets apart (a heading's weight, or an alarm's colour).
HEADINGS: Final = frozenset({"turn", "battle", "game_over", "round_limit"})
ALERTS: Final = frozenset({"destroyed", "colony_destroyed", "eliminated", "crippled"})


def winners_text(winners: list[int], names: list[str]) -> str:
    """"Winner: Ann", "Shared win: Ann & Bob" or "No winner"."""
    if len(winners) == 1:
        return f"Winner: {name(winners[0], names)}"
    if winners:
        return "Shared win: " + " & ".join(name(p, names) for p in winners)
    return "No winner"


__all__ = ["BODY_TITLES", "FACILITY_MARKS", "HULL_MARKS", "PHASE_TITLES", "EventWords",
           "ShipBook", "a", "counted", "action_sectors", "card_list", "card_name", "colony_at",
           "counter_mark", "debris_at", "decision", "describe", "phase_title", "prompt",
           "round_text", "sector_name", "ship_name", "ship_of", "winners_text"]
