"""Ship combat and bombardment, by the text's procedure.

Every sector holding ships of more than one empire fights up to six rounds; a sector
where the player whose turn it is has ships beside an enemy colony also reaches round 7,
the bombardment.  Each round: every empire may make one called shot (one of its ships
at one enemy ship); phase 1, cloaked ships (not crippled) fire; phase 3, every other
armed ship fires; phase 5, cloaked ships may retreat; phase 6, shield regenerators and
organic armor restore cards.  In each firing phase the targets not called are the
defender's choice, the firing order is the attacker's, every shot uses the ship's
numbers from the start of the phase, and a shot whose target is gone is redirected by
the defender.  Missiles always hit with 1d6 missiles (halved when crippled) that the
defender's point defence shoots down; other weapons roll 1d6 plus modifiers against
the defender's 1d6 plus modifiers: above is a hit, equal a near miss (shields only),
below a miss that strays onto another ship on 1d6-3 above the count of the firer's
non-crippled enemies.

The battle's progress is ``state.battle`` (plain JSON values); :func:`step` runs it until
a decision is due (returning True, with ``state.legal`` set) or the battle is over.
"""

from __future__ import annotations

from typing import Any

from se4x_core.games.se4 import damage
from se4x_core.games.se4 import ships as sh
from se4x_core.games.se4.actions import Action, encode
from se4x_core.games.se4.charts import (
    BOMBARD_ROUND,
    COMBAT_ROUNDS,
    PD_SUPPORT,
    PD_TARGET,
    STRAY_OFFSET,
)
from se4x_core.games.se4.data import Gaps
from se4x_core.games.se4.state import Ship, State

Event = dict[str, Any]
Battle = dict[str, Any]


def sectors_to_fight(state: State) -> list[int]:
    """Sectors with ships of two or more empires, and those where the active player's
    ships face an enemy colony (bombardment only)."""
    found = []
    for sector in sorted({s.sector for s in state.ships.values()}):
        owners = state.owners_at(sector)
        colony = state.colonies.get(sector)
        if len(owners) > 1 or (state.active in owners and colony is not None
                               and colony.owner != state.active):
            found.append(sector)
    return found


def begin(state: State, sector: int, events: list[Event]) -> None:
    """Open the battle in ``sector``; the attacker is the active player if present."""
    owners = state.owners_at(sector)
    colony = state.colonies.get(sector)
    sides = owners + ([colony.owner] if colony and colony.owner not in owners else [])
    attacker = next(p for p in state.order_from(state.active) if p in owners)
    state.battle = {"sector": sector, "attacker": attacker,
                    "sides": [p for p in state.order_from(attacker) if p in sides],
                    "round": 0, "stage": "round", "calls": {}, "calls_left": [],
                    "fire_phase": 0, "plan": {}, "defence": {}, "order": [], "shot": None,
                    "pd_left": {}, "negated": {}, "queue": [], "bombarded": []}
    if sector not in state.fought:
        state.fought.append(sector)
    events.append({"type": "battle", "sector": sector, "attacker": attacker,
                   "sides": list(state.battle["sides"]), "visible_to": None})


def _enemies(state: State, sector: int, player: int) -> list[Ship]:
    return [s for s in state.ships_at(sector) if s.owner != player]


def _fighting(state: State, sector: int) -> bool:
    return len(state.owners_at(sector)) > 1


DECIDE, MORE, OVER = "decide", "more", "over"
DONE, AGAIN = "done", "again"  # a weapon's outcome: finished, or a further step of it


def step(state: State, gaps: Gaps, events: list[Event]) -> str:
    """One step of the battle: DECIDE (a decision is due, ``state.legal`` set), MORE (call
    again, after any damage it queued is applied) or OVER (the battle has ended)."""
    battle = state.battle
    assert battle is not None
    stage = battle["stage"]
    decided = False
    if stage == "round":
        if battle["round"] >= COMBAT_ROUNDS or not _fighting(state, battle["sector"]):
            battle["stage"] = "bombard_start"
        else:
            _new_round(state, gaps, battle, events)
    elif stage == "call":
        decided = _decide_call(state, gaps, battle)
    elif stage == "phase":
        _start_phase(state, gaps, battle, events)
    elif stage == "assign":
        decided = _decide_assignment(state, gaps, battle)
    elif stage == "fire":
        decided = _decide_fire(state, battle)
    elif stage == "shoot":
        decided = _shoot(state, gaps, battle, events)
    elif stage == "retreat":
        decided = _decide_retreat(state, gaps, battle)
    elif stage == "bombard_start":
        battle["round"] = BOMBARD_ROUND
        battle["queue"] = [p for p in battle["sides"] if _bombarders(state, gaps, battle, p)]
        battle["stage"] = "bombard"
    elif stage == "bombard":
        decided = _decide_bombard(state, gaps, battle)
    elif stage == "sacrifice":
        decided = _sacrifice(state, battle, events)
    else:  # "over"
        state.battle = None
        return OVER
    return DECIDE if decided else MORE


# -- a round -------------------------------------------------------------------------------
def _new_round(state: State, gaps: Gaps, battle: Battle, events: list[Event]) -> None:
    battle["round"] += 1
    sector = battle["sector"]
    battle["calls"] = {}
    battle["calls_left"] = [p for p in battle["sides"] if state.ships_at(sector, p)]
    battle["negated"] = {}
    battle["fired"] = []
    battle["pd_left"] = {str(s.id): sh.pd_rolls(gaps, s) for s in state.ships_at(sector)}
    battle["fire_phase"] = 1
    battle["stage"] = "call"
    events.append({"type": "combat_round", "sector": sector, "round": battle["round"],
                   "visible_to": None})


def _callers(state: State, gaps: Gaps, battle: Battle, player: int) -> list[Ship]:
    return [s for s in state.ships_at(battle["sector"], player)
            if sh.weapons_in_round(gaps, s, battle["round"]) and not s.spoiled]


def _decide_call(state: State, gaps: Gaps, battle: Battle) -> bool:
    while battle["calls_left"]:
        player = battle["calls_left"][0]
        shooters = _callers(state, gaps, battle, player)
        targets = _enemies(state, battle["sector"], player)
        if shooters and targets:
            state.current = player
            state.legal = [encode("done")] + [
                encode("call", s.id, t.id) for s in shooters for t in targets]
            return True
        battle["calls_left"].pop(0)
    battle["stage"] = "phase"
    return False


def act_call(state: State, battle: Battle, action: Action, events: list[Event]) -> None:
    player = battle["calls_left"].pop(0)
    if action.kind == "call":
        battle["calls"][str(player)] = [action.ship, action.target]
        events.append({"type": "called_shot", "player": player, "ship": action.ship,
                       "target": action.target, "visible_to": None})


def _start_phase(state: State, gaps: Gaps, battle: Battle, events: list[Event]) -> None:
    """Fix the phase's shooters and their numbers as they stand now."""
    phase = battle["fire_phase"]
    if phase > 3:
        battle["stage"] = "retreat"
        battle["queue"] = list(battle["sides"])
        return
    sector, round_ = battle["sector"], battle["round"]
    plan: dict[str, Any] = {}
    for ship in state.ships_at(sector):
        weapons = sh.weapons_in_round(gaps, ship, round_)
        if not weapons or ship.id in battle["fired"] or not _enemies(state, sector, ship.owner):
            continue
        if phase == 1 and not sh.cloaked(gaps, ship):
            continue
        if ship.spoiled:
            ship.spoiled = False
            battle["fired"].append(ship.id)
            events.append({"type": "shot_spoiled", "ship": ship.id, "visible_to": None})
            continue
        battle["fired"].append(ship.id)
        plan[str(ship.id)] = {"owner": ship.owner, "weapons": weapons,
                              "attack": sh.attack_mod(gaps, ship), "crippled": ship.crippled,
                              "target": -1, "tk": -1, "empire": -1}
    battle["plan"] = plan
    battle["defence"] = {str(s.id): sh.defence_mod(state, gaps, s) for s in state.ships_at(sector)}
    battle["order"] = sorted(int(k) for k in plan)
    battle["fire_phase"] = phase + 2
    battle["stage"] = "assign" if plan else "phase"


def _decide_assignment(state: State, gaps: Gaps, battle: Battle) -> bool:
    """The next target still to choose: a called shot's is fixed; an empire to aim at is
    the firer's choice (when several), the ship the defender's; a TK projector's target
    the firer's."""
    sector = battle["sector"]
    for key in sorted(battle["plan"], key=int):
        entry = battle["plan"][key]
        shooter, owner = int(key), entry["owner"]
        enemies = _enemies(state, sector, owner)
        if entry["target"] < 0:
            call = battle["calls"].get(str(owner))
            if call and call[0] == shooter and call[1] in state.ships and \
                    state.ships[call[1]].sector == sector:
                entry["target"] = call[1]
                continue
            empires = sorted({s.owner for s in enemies})
            if entry["empire"] < 0 and len(empires) > 1:
                state.current = owner
                state.legal = [encode("aim", shooter, p) for p in empires]
                return True
            empire = entry["empire"] if entry["empire"] >= 0 else empires[0]
            candidates = [s.id for s in enemies if s.owner == empire]
            if len(candidates) > 1:
                state.current = empire
                state.legal = [encode("target", shooter, t) for t in candidates]
                return True
            entry["target"] = candidates[0]
        if entry["tk"] < 0:
            if any(gaps.components[w].free_target for w in entry["weapons"]) and len(enemies) > 1:
                state.current = owner
                state.legal = [encode("tk", shooter, s.id) for s in enemies]
                return True
            entry["tk"] = entry["target"]
    battle["stage"] = "fire"
    return False


def act_assign(battle: Battle, action: Action) -> None:
    entry = battle["plan"][str(action.ship)]
    if action.kind == "aim":
        entry["empire"] = action.player
    elif action.kind == "tk":
        entry["tk"] = action.target
    else:
        entry["target"] = action.target


def _decide_fire(state: State, battle: Battle) -> bool:
    if not battle["order"]:
        battle["stage"] = "phase"
        return False
    if len(battle["order"]) > 1:
        state.current = battle["attacker"]
        state.legal = [encode("fire", s) for s in battle["order"]]
        return True
    _begin_shooter(battle, battle["order"][0])
    return False


def act_fire(battle: Battle, action: Action) -> None:
    _begin_shooter(battle, action.ship)


def _begin_shooter(battle: Battle, shooter: int) -> None:
    battle["order"].remove(shooter)
    battle["shot"] = {"shooter": shooter, "i": 0, "missiles": -1, "target": -1, "stray": 0}
    battle["stage"] = "shoot"


# -- one shot --------------------------------------------------------------------------------
def _shoot(state: State, gaps: Gaps, battle: Battle, events: list[Event]) -> bool:
    """Fire the current shooter's next weapon (card order), or a step of it; True at a
    decision.  One weapon at a time, so that its damage is applied before the next."""
    shot = battle["shot"]
    entry = battle["plan"][str(shot["shooter"])]
    sector = battle["sector"]
    if shot["i"] >= len(entry["weapons"]):
        battle["shot"] = None
        battle["stage"] = "fire"
        return False
    weapon = gaps.components[entry["weapons"][shot["i"]]]
    if shot["target"] < 0:
        wanted = entry["tk"] if weapon.free_target else entry["target"]
        if _present(state, wanted, sector):
            shot["target"] = wanted
        else:
            candidates = _retargets(state, sector, entry["owner"], wanted)
            if not candidates:
                _next_weapon(shot)
                return False
            if len(candidates) > 1:
                state.current = state.ships[candidates[0]].owner
                state.legal = [encode("target", shot["shooter"], t)
                               for t in candidates]
                return True
            shot["target"] = candidates[0]
    if weapon.missile:
        result = _missile(state, gaps, battle, shot, entry, events)
    elif shot["stray"]:
        result = _stray(state, gaps, battle, shot, entry, events)
    else:
        result = _beam(state, gaps, battle, shot, entry, events)
    if result == DONE:
        _next_weapon(shot)
    return result == DECIDE


def _present(state: State, ship: int, sector: int) -> bool:
    return ship in state.ships and state.ships[ship].sector == sector


def _retargets(state: State, sector: int, firer: int, lost: int) -> list[int]:
    """Where a shot goes when its target is gone: the same empire's other ships, else any
    enemy's (the defender's choice)."""
    enemies = _enemies(state, sector, firer)
    owner = next((s.owner for s in state.ships.values() if s.id == lost), -1)
    same = [s.id for s in enemies if s.owner == owner]
    return same or [s.id for s in enemies if s.owner == enemies[0].owner] if enemies else []


def _next_weapon(shot: dict[str, Any]) -> None:
    shot["i"] += 1
    shot["missiles"], shot["target"], shot["stray"] = -1, -1, 0


def act_retarget(battle: Battle, action: Action) -> None:
    """The defender's choice of a new target (a lost one, or a stray shot's)."""
    shot = battle["shot"]
    shot["target"] = action.target
    if shot["stray"] == 1:
        shot["stray"] = 2


def _beam(state: State, gaps: Gaps, battle: Battle, shot: dict[str, Any],
          entry: dict[str, Any], events: list[Event]) -> str:
    """Attack roll against defence roll: hit, near miss, or a miss that may stray."""
    weapon = gaps.components[entry["weapons"][shot["i"]]]
    target = state.ships[shot["target"]]
    attack = state.d6()
    defence = state.d6()
    total_a = attack + entry["attack"] + weapon.attack
    total_d = defence + battle["defence"].get(str(target.id), sh.defence_mod(state, gaps, target))
    result = "hit" if total_a > total_d else "near_miss" if total_a == total_d else "miss"
    events.append({"type": "shot", "ship": shot["shooter"], "weapon": weapon.name,
                   "target": target.id, "roll": attack, "attack": total_a,
                   "defence_roll": defence, "defence": total_d, "result": result,
                   "visible_to": None})
    if result == "miss":
        stray = state.d6() - STRAY_OFFSET
        others = sum(1 for s in _enemies(state, battle["sector"], entry["owner"])
                     if not s.crippled and not s.building)
        events.append({"type": "stray_roll", "ship": shot["shooter"],
                       "roll": stray + STRAY_OFFSET, "needed_above": others,
                       "visible_to": None})
        if stray > others:
            shot["stray"] = 1
            return AGAIN
        return DONE
    _hit(state, gaps, target.id, _damage(state, gaps, entry, weapon.name),
         weapon.shields_half, result == "near_miss", weapon.spoils, events)
    return DONE


def _damage(state: State, gaps: Gaps, entry: dict[str, Any], name: str) -> int:
    weapon = gaps.component(name)
    bonus = sh.tech_sum(state, gaps, entry["owner"], "torpedo_damage") if name == "Torpedo" else 0
    return weapon.damage + bonus


def _hit(state: State, gaps: Gaps, target: int, points: int, half: bool, near: bool,
         spoils: bool, events: list[Event]) -> None:
    """Queue a hit's damage (a hull under construction dies to any hit)."""
    ship = state.ships[target]
    if ship.building:
        if points > 0 or not near:
            damage.queue(state, target, 1, cause="hit")
        return
    if spoils and not near:
        ship.spoiled = True
        events.append({"type": "repulsed", "ship": target, "visible_to": None})
    damage.queue(state, target, points, shields_only=near, half=half, cause="hit")


def _stray(state: State, gaps: Gaps, battle: Battle, shot: dict[str, Any],
           entry: dict[str, Any], events: list[Event]) -> str:
    """A complete miss strays onto another of the defender's ships (their choice) and
    deals its full damage there; lost if the defender has no other ship."""
    if shot["stray"] == 1:
        original = state.ships[shot["target"]]
        others = [s.id for s in state.ships_at(battle["sector"], original.owner)
                  if s.id != original.id]
        if not others:
            return DONE
        if len(others) > 1:
            state.current = original.owner
            state.legal = [encode("target", shot["shooter"], t) for t in others]
            return DECIDE
        shot["target"] = others[0]
    weapon = gaps.components[entry["weapons"][shot["i"]]]
    events.append({"type": "stray_hit", "ship": shot["shooter"], "target": shot["target"],
                   "visible_to": None})
    _hit(state, gaps, shot["target"], _damage(state, gaps, entry, weapon.name),
         weapon.shields_half, False, weapon.spoils, events)
    return DONE


def _missile(state: State, gaps: Gaps, battle: Battle, shot: dict[str, Any],
             entry: dict[str, Any], events: list[Event]) -> str:
    """Launch (1d6, halved when crippled), then the defender's point defence, then damage."""
    target = state.ships[shot["target"]]
    if shot["missiles"] < 0:
        roll = state.d6()
        shot["missiles"] = roll // 2 if entry["crippled"] else roll
        shot["pd_over"] = False
        events.append({"type": "missiles", "ship": shot["shooter"], "target": target.id,
                       "roll": roll, "missiles": shot["missiles"], "visible_to": None})
    if shot["missiles"] > 0 and not shot["pd_over"] and not target.building:
        gunners = [s.id for s in state.ships_at(battle["sector"], target.owner)
                   if battle["pd_left"].get(str(s.id), 0) > 0]
        if gunners:
            state.current = target.owner
            state.legal = [encode("done")] + [encode("pd", g) for g in gunners]
            return DECIDE
    _hit(state, gaps, target.id, shot["missiles"], False, False, False, events)
    return DONE


def act_pd(state: State, gaps: Gaps, battle: Battle, action: Action, events: list[Event]) -> None:
    """One point-defence roll by ``action.ship`` (4+ for the target, 6+ for a supporting
    ship, with their cards' bonuses), or ``done`` to let the rest through."""
    shot = battle["shot"]
    if action.kind == "done":
        shot["pd_over"] = True
        return
    target = state.ships[shot["target"]]
    gunner = state.ships[action.ship]
    battle["pd_left"][str(gunner.id)] -= 1
    roll = state.d6()
    mine = gunner.id == target.id
    bonus = sum(c.pd_target if mine else c.pd_support for c in sh.cards(gaps, gunner))
    need = PD_TARGET if mine else PD_SUPPORT
    hit = roll + bonus >= need
    if hit:
        shot["missiles"] -= 1
    events.append({"type": "point_defence", "ship": gunner.id, "roll": roll, "bonus": bonus,
                   "needed": need, "hit": hit, "visible_to": None})


# -- after the firing phases ------------------------------------------------------------------
def _decide_retreat(state: State, gaps: Gaps, battle: Battle) -> bool:
    sector = battle["sector"]
    while battle["queue"]:
        player = battle["queue"][0]
        movers = [s for s in state.ships_at(sector, player) if sh.cloaked(gaps, s)]
        exits = safe_neighbours(state, gaps, sector, player)
        if movers and exits and _enemies(state, sector, player):
            state.current = player
            state.legal = [encode("done")] + [
                encode("retreat", s.id, x) for s in movers for x in exits]
            return True
        battle["queue"].pop(0)
    _regenerate(state, gaps, battle, events=[])
    battle["stage"] = "round"
    return False


def safe_neighbours(state: State, gaps: Gaps, sector: int, player: int) -> list[int]:
    """Adjacent sectors without enemy ships or colonies."""
    board = gaps.maps[state.map_players]
    return [n for n in board.neighbours[sector]
            if not _enemies(state, n, player)
            and (n not in state.colonies or state.colonies[n].owner == player)]


def act_retreat(state: State, battle: Battle, action: Action, events: list[Event]) -> None:
    if action.kind == "done":
        battle["queue"].pop(0)
        return
    ship = state.ships[action.ship]
    ship.sector, ship.moved = action.sector, True
    events.append({"type": "retreated", "ship": ship.id, "sector": action.sector,
                   "visible_to": None})


def _regenerate(state: State, gaps: Gaps, battle: Battle, events: list[Event]) -> None:
    """Phase 6: shield regenerators restore shields; organic armor rolls per damaged card."""
    for ship in state.ships_at(battle["sector"]):
        regen = sum(c.shield_regen for c in sh.cards(gaps, ship))
        for entry in ship.cards:
            if regen and not entry[1] and gaps.components[entry[0]].type == "shield":
                entry[1], regen = 1, regen - 1
        for entry in ship.cards:
            card = gaps.components[entry[0]]
            if card.combat_regen and not entry[1] and state.d6() >= card.combat_regen:
                entry[1] = 1


# -- round 7: bombardment ----------------------------------------------------------------------
def _bombarders(state: State, gaps: Gaps, battle: Battle, player: int) -> list[Ship]:
    colony = state.colonies.get(battle["sector"])
    if colony is None or colony.owner == player:
        return []
    return [s for s in state.ships_at(battle["sector"], player)
            if sh.bombard_weapons(gaps, s) and s.id not in battle["bombarded"]]


def _decide_bombard(state: State, gaps: Gaps, battle: Battle) -> bool:
    while battle["queue"]:
        player = battle["queue"][0]
        ships = _bombarders(state, gaps, battle, player)
        colony = state.colonies.get(battle["sector"])
        if ships and colony is not None:
            state.current = player
            vicious = (0, 1) if colony.coins else (0,)
            state.legal = [encode("done")] + [
                encode("bombard", s.id, v) for s in ships for v in vicious]
            return True
        battle["queue"].pop(0)
    battle["stage"] = "over"
    return False


def act_bombard(state: State, gaps: Gaps, battle: Battle, action: Action,
                events: list[Event]) -> None:
    if action.kind == "done":
        battle["queue"].pop(0)
        return
    ship = state.ships[action.ship]
    battle["bombarded"].append(ship.id)
    colony = state.colonies[battle["sector"]]
    points = hits = 0
    for card in sh.bombard_weapons(gaps, ship):
        weapon = gaps.components[card]
        dealt = state.d6() if weapon.missile else weapon.damage
        points += dealt
        hits += 1 if dealt else 0
    if colony.facilities[3]:
        points = max(0, points - gaps.planetary_shield_negates)
    lost_coins = min(colony.coins, hits) if action.count else 0
    colony.coins -= lost_coins
    events.append({"type": "bombarded", "ship": ship.id, "sector": colony.sector,
                   "damage": points, "coins_lost": lost_coins, "visible_to": None})
    battle["sacrifice"] = points
    battle["stage"] = "sacrifice"


def _sacrifice(state: State, battle: Battle, events: list[Event]) -> bool:
    """Each damage point costs the owner a facility of their choice; with none left, the
    next point destroys the colony and leaves its coins as debris."""
    sector = battle["sector"]
    while battle["sacrifice"] > 0:
        colony = state.colonies.get(sector)
        if colony is None:
            battle["sacrifice"] = 0
            break
        kinds = [k for k, n in enumerate(colony.facilities) if n]
        if not kinds:
            del state.colonies[sector]
            if colony.coins:
                state.debris[sector] = state.debris.get(sector, 0) + colony.coins
            events.append({"type": "colony_destroyed", "sector": sector, "owner": colony.owner,
                           "visible_to": None})
            battle["sacrifice"] = 0
            break
        if len(kinds) > 1:
            state.current = colony.owner
            state.legal = [encode("sacrifice", sector, k) for k in kinds]
            return True
        act_sacrifice(state, battle, kinds[0], events)
    battle["stage"] = "bombard"
    return False


def act_sacrifice(state: State, battle: Battle, facility: int, events: list[Event]) -> None:
    colony = state.colonies[battle["sector"]]
    colony.facilities[facility] -= 1
    battle["sacrifice"] -= 1
    events.append({"type": "facility_lost", "sector": colony.sector, "facility": facility,
                   "visible_to": None})
