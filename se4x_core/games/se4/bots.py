"""SE4's computer players: uniformly random, and a rule bot (Easy).

Both decide from the player's observation and the legal actions only.  The rule bot
plays a plain plan: buy a balanced first fleet and fit every weapon it holds, grow
with transports carrying coins to empty planets, put miners where production is
capped by them, attack the nearest enemy once its fleet outnumbers what it can see
there, and in battle call its strongest ship on the weakest enemy, shield with its
sturdiest ship, spend point defence on the target first, and give up its cheapest
cards and facilities first.

>>> RuleBot(seed=1, posture=POSTURES["attack"]).posture.attack_margin
0
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from se4x_core.gamekit.bot import Bot, RandomBot
from se4x_core.games.se4.actions import Action, find
from se4x_core.games.se4.charts import HULL_NAMES, HULLS

Observation = dict[str, Any]
#: What the rule bot gives up first when its ships take damage (cheapest first).
LOSS_ORDER = ("Shield", "Standard Armor", "Cargo Bay", "Repair Bay", "Emissive Armor",
              "Organic Armor", "ECM", "Point Defence", "Shield Regenerator", "Cloaking Device",
              "Combat Sensors", "Repulsor Beam", "TK Projector", "Torpedo", "Ripper Beam",
              "Antiproton Beam", "Planetary Napalm", "Capital Ship Missile")
#: The first fleet: 22 of the 25 starting coins.
OPENING = ("Cruiser", "Destroyer", "Escort", "Transport")


@dataclass(frozen=True)
class Posture:
    """The rule bot's plan in numbers (what the search level chooses between)."""

    attack_round: int = 5  # the first round it may attack in
    attack_margin: int = 2  # attacks with more armed ships than the enemy's plus this
    fleet_margin: int = 2  # builds warships up to the enemy's plus this (at least 4)
    transports: int = 2  # transports kept while free planets remain


#: The postures the search level weighs at the start of each of its turns.
POSTURES: dict[str, Posture] = {
    "steady": Posture(),
    "attack": Posture(attack_round=3, attack_margin=0, fleet_margin=3),
    "hold": Posture(attack_round=99, fleet_margin=1),
    "grow": Posture(fleet_margin=0, transports=3),
    "rush": Posture(attack_round=2, attack_margin=-1, fleet_margin=4, transports=1),
}


class Se4RandomBot(RandomBot[Action]):
    """Uniformly random among the legal actions."""


class RuleBot(Bot[Observation, Action, Any]):
    """The plan in the module docstring, decision by decision, in a posture."""

    def __init__(self, seed: int = 0, posture: Posture = POSTURES["steady"]) -> None:
        super().__init__(seed)
        self.posture = posture

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        chooser = getattr(self, f"_{observation['phase']}", None)
        if observation["phase"] == "combat" and observation["battle"] is not None:
            chooser = getattr(self, f"_battle_{observation['battle']['stage']}", None)
        choice = chooser(observation, list(legal)) if chooser else None
        return choice if choice is not None else _done_or_first(legal)

    # -- setup and the yards -------------------------------------------------------------------
    def _home(self, obs: Observation, legal: list[Action]) -> Action | None:
        """The home planet farthest from the homes already taken."""
        taken = {c["sector"] for c in obs["colonies"]}
        if not taken:
            return legal[0]
        return max(legal, key=lambda a: (_distance(obs, a.sector, taken), -a.sector))

    def _setup_buy(self, obs: Observation, legal: list[Action]) -> Action | None:
        mine = [s["hull"] for s in obs["ships"] if s["owner"] == obs["viewer"]]
        for name in OPENING:
            if name not in mine or mine.count(name) < OPENING.count(name):
                found = find(legal, "buy", hull=HULL_NAMES.index(name))
                if found:
                    return found
        return find(legal, "done")

    def _setup_design(self, obs: Observation, legal: list[Action]) -> Action | None:
        return self._design(obs, legal)

    def _complete(self, obs: Observation, legal: list[Action]) -> Action | None:
        return self._design(obs, legal)

    def _design(self, obs: Observation, legal: list[Action]) -> Action | None:
        """Weapons first, then utilities, then armor bought and shields from the hand."""
        from se4x_core.games.se4.data import load

        gaps = load()
        installs = [a for a in legal if a.kind == "install"]
        for wanted in ("weapon", "utility", "armor", "shield"):
            for action in installs:
                card = gaps.components[action.card]
                if card.type == wanted and not card.bombard_only:
                    ship = _ship(obs, action.ship)
                    if card.type == "utility" and card.cargo_slot and ship["hull"] != "Transport":
                        continue
                    return action
            if wanted == "utility":
                armor = find(legal, "armor")
                if armor:
                    return armor
        return find(legal, "finish")

    def _research(self, obs: Observation, legal: list[Action]) -> Action | None:
        attempts = obs["task"].get("attempts", 0)
        rich = [a for a in legal if a.kind == "research"
                and _colony(obs, a.sector)["coins"] >= 15]
        return rich[0] if rich and attempts < 1 and obs["round"] % 2 == 0 else find(legal, "done")

    def _yards(self, obs: Observation, legal: list[Action]) -> Action | None:
        """Two transports while free planets remain; warships while the fleet is smaller
        than the enemy's plus two (and upkeep leaves income to grow); cards when the hand
        holds no weapon to fit."""
        me = obs["viewer"]
        mine = [s for s in obs["ships"] if s["owner"] == me]
        transports = sum(1 for s in mine if s["hull"] == "Transport")
        warships = sum(1 for s in mine if s["hull"] != "Transport")
        enemy = sum(1 for s in obs["ships"] if s["owner"] != me and s["hull"] != "Transport")
        weapons = _weapons_in_hand(obs)
        for action in legal:
            if action.kind != "buy":
                continue
            coins = _colony(obs, action.sector)["coins"]
            name, cost = HULLS[action.hull].name, HULLS[action.hull].cost
            plan = self.posture
            if name == "Transport" and transports < plan.transports and _free_planets(obs) \
                    and coins >= 8:
                return action
            if name in ("Cruiser", "Destroyer") and weapons and coins >= cost + 4 and \
                    warships < max(4, enemy + plan.fleet_margin):
                return action
        draw = next((a for a in legal if a.kind == "draw"
                     and _colony(obs, a.sector)["coins"] >= 8), None)
        if draw is not None and not weapons:
            return draw
        return find(legal, "done")

    # -- movement -----------------------------------------------------------------------------
    def _combat_move(self, obs: Observation, legal: list[Action]) -> Action | None:
        me = obs["viewer"]
        armed = [s for s in obs["ships"] if s["owner"] == me and _armed(s)]
        enemies = [s for s in obs["ships"] if s["owner"] != me]
        moved = obs["task"].get("movers", [])
        enemy_armed = [s for s in enemies if _armed(s)]
        plan = self.posture
        if obs["round"] < plan.attack_round or \
                len(armed) < max(3, len(enemy_armed) + plan.attack_margin):
            if not moved:
                return find(legal, "done")
        hostile = {c["sector"] for c in obs["colonies"] if c["owner"] != me} | \
            {s["sector"] for s in enemies}
        best: tuple[int, Action] | None = None
        for action in legal:
            if action.kind != "move":
                continue
            ship = _ship(obs, action.ship)
            if not _armed(ship) or ship["hull"] == "Transport":
                continue
            if ship["sector"] in hostile:
                continue
            dist = _distance(obs, action.sector, hostile)
            if best is None or dist < best[0]:
                best = (dist, action)
        if best is not None:
            return best[1]
        return find(legal, "done")

    def _move(self, obs: Observation, legal: list[Action]) -> Action | None:
        """Transports carry three coins to the nearest free planet and colonise it."""
        me = obs["viewer"]
        for action in legal:
            if action.kind == "colonise":
                return action
        targets = _free_planets(obs)
        for ship in obs["ships"]:
            if ship["owner"] != me or ship["hull"] != "Transport" or ship["building"]:
                continue
            here = ship["sector"]
            colony = next((c for c in obs["colonies"] if c["sector"] == here), None)
            debris = dict((s, n) for s, n in obs["debris"]).get(here, 0)
            if here in targets and (ship["cargo"] or debris >= 3):
                drop = find(legal, "drop", ship=ship["id"])
                if drop and debris < 3:
                    return drop
            load = find(legal, "load", ship=ship["id"])
            if load and colony and colony["coins"] > 4 and ship["cargo"] < 3:
                return load
            hungry = {c["sector"] for c in obs["colonies"] if c["owner"] == me and c["coins"] < 3
                      and c["facilities"]["Mineral Miner"] < 4 and c["sector"] != _home_sector(obs)}
            if colony and colony["owner"] == me and colony["sector"] in hungry and ship["cargo"]:
                return find(legal, "drop", ship=ship["id"])
            if ship["cargo"] >= 3 or (ship["cargo"] and not load):
                goal = targets | hungry
            else:
                goal = {c["sector"] for c in obs["colonies"] if c["owner"] == me and c["coins"] > 4}
            steps = [a for a in legal if a.kind == "move" and a.ship == ship["id"]]
            if goal and steps and here not in goal:
                best = min(steps, key=lambda a: _distance(obs, a.sector, goal))
                if _distance(obs, best.sector, goal) < _distance(obs, here, goal):
                    return best
        return find(legal, "done")

    # -- administration ------------------------------------------------------------------------
    def _repair(self, obs: Observation, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "repair"), None)

    def _yard_fix(self, obs: Observation, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "fix"), None)

    def _abandon(self, obs: Observation, legal: list[Action]) -> Action | None:
        if find(legal, "done"):
            return find(legal, "done")
        ships = [a for a in legal if a.kind == "abandon"]
        return min(ships, key=lambda a: HULLS[HULL_NAMES.index(_ship(obs, a.ship)["hull"])].cost)

    def _build(self, obs: Observation, legal: list[Action]) -> Action | None:
        for action in legal:
            if action.kind != "build":
                continue
            colony = _colony(obs, action.sector)
            body = obs["sectors"][colony["sector"]]["body"]
            cap = {"home": 10, "ring": 20}.get(body, 4)
            miners = colony["facilities"]["Mineral Miner"]
            if action.facility == 0 and miners < cap and colony["coins"] >= 3:
                return action
        return find(legal, "done")

    def _scavenge(self, obs: Observation, legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.kind == "scavenge"), None)

    def _damage(self, obs: Observation, legal: list[Action]) -> Action | None:
        """Keep organic armor (it heals), lose the cheapest component, cripple before
        losing a weapon."""
        from se4x_core.games.se4.data import load

        gaps = load()
        absorb = [a for a in legal if a.kind == "absorb"]
        if absorb:
            return min(absorb, key=lambda a: gaps.components[a.card].combat_regen)
        lose = [a for a in legal if a.kind == "lose"]
        cheapest = min(lose, key=lambda a: _loss_rank(gaps.components[a.card].name), default=None)
        cripple = find(legal, "cripple")
        if cripple and (cheapest is None or gaps.components[cheapest.card].type == "weapon"):
            return cripple
        return cheapest

    # -- battle ----------------------------------------------------------------------------------
    def _battle_call(self, obs: Observation, legal: list[Action]) -> Action | None:
        calls = [a for a in legal if a.kind == "call"]
        if not calls:
            return None
        return max(calls, key=lambda a: (_firepower(_ship(obs, a.ship)),
                                         -_toughness(_ship(obs, a.target))))

    def _battle_assign(self, obs: Observation, legal: list[Action]) -> Action | None:
        me = obs["viewer"]
        targets = [a for a in legal if a.kind == "target"]
        if targets and _ship(obs, targets[0].target)["owner"] == me:
            return max(targets, key=lambda a: _toughness(_ship(obs, a.target)))
        choices = [a for a in legal if a.kind in ("tk", "target")]
        if choices:
            return min(choices, key=lambda a: _toughness(_ship(obs, a.target)))
        return None

    def _battle_shoot(self, obs: Observation, legal: list[Action]) -> Action | None:
        pd = [a for a in legal if a.kind == "pd"]
        if pd:
            shot = obs["battle"]["shot"]
            own = next((a for a in pd if a.ship == shot["target"]), None)
            return own or pd[0]
        return self._battle_assign(obs, legal)

    def _battle_bombard(self, obs: Observation, legal: list[Action]) -> Action | None:
        vicious = [a for a in legal if a.kind == "bombard" and a.count == 1]
        plain = [a for a in legal if a.kind == "bombard"]
        return vicious[0] if vicious else plain[0] if plain else None

    def _battle_sacrifice(self, obs: Observation, legal: list[Action]) -> Action | None:
        colony = _colony(obs, legal[0].sector)
        counts = list(colony["facilities"].values())
        return max(legal, key=lambda a: (counts[a.facility], -a.facility))


def _home_sector(obs: Observation) -> int:
    """The viewer's richest-producing colony: the home world while it stands."""
    mine = [c for c in obs["colonies"] if c["owner"] == obs["viewer"]]
    return max(mine, key=lambda c: c["facilities"]["Mineral Miner"])["sector"] if mine else -1


def _weapons_in_hand(obs: Observation) -> int:
    from se4x_core.games.se4.data import load

    gaps = load()
    return sum(n for name, n in obs["hand"].items() if gaps.component(name).type == "weapon"
               and not gaps.component(name).bombard_only)


def _loss_rank(name: str) -> int:
    return LOSS_ORDER.index(name) if name in LOSS_ORDER else len(LOSS_ORDER)


def _done_or_first(legal: Sequence[Action]) -> Action:
    return next((a for a in legal if a.kind in ("done", "finish")), legal[0])


def _ship(obs: Observation, ship_id: int) -> dict[str, Any]:
    return next(s for s in obs["ships"] if s["id"] == ship_id)


def _colony(obs: Observation, sector: int) -> dict[str, Any]:
    return next(c for c in obs["colonies"] if c["sector"] == sector)


def _armed(ship: dict[str, Any]) -> bool:
    return _firepower(ship) > 0 and not ship["crippled"] and not ship["building"]


def _firepower(ship: dict[str, Any]) -> int:
    from se4x_core.games.se4.data import load

    gaps = load()
    return sum(1 for name, _ in ship["cards"] if gaps.component(name).type == "weapon")


def _toughness(ship: dict[str, Any]) -> int:
    if ship["building"]:
        return -1
    guard = sum(1 for name, up in ship["cards"] if up and name != "Cargo Bay")
    return guard + (0 if ship["crippled"] else 2)


def _free_planets(obs: Observation) -> set[int]:
    taken = {c["sector"] for c in obs["colonies"]}
    return {i for i, s in enumerate(obs["sectors"])
            if s["body"] in ("home", "planet", "ring") and i not in taken}


def _distance(obs: Observation, start: int, goals: set[int]) -> int:
    """Warp lines from ``start`` to the nearest of ``goals`` (a large number if none)."""
    if not goals:
        return 99
    neighbours: dict[int, list[int]] = {}
    for a, b, _ in obs["lines"]:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    seen, todo = {start}, deque([(start, 0)])
    while todo:
        sector, dist = todo.popleft()
        if sector in goals:
            return dist
        for n in neighbours.get(sector, []):
            if n not in seen:
                seen.add(n)
                todo.append((n, dist + 1))
    return 99
