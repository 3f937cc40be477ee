"""A ship's numbers from its hull and cards: modifiers, weapons, cargo, and slot fitting.

Why one module: combat, movement, the administration and the observation all read a
ship's attack, defence, cloak, cargo room and point defence the same way, from the
text's hull table (:mod:`charts`) and the component data (:mod:`data`).
"""

from __future__ import annotations

from math import ceil

from se4x_core.games.se4.charts import CRIPPLED_ATTACK, CRIPPLED_DEFENCE, HULLS, PD_ROLLS, TRANSPORT
from se4x_core.games.se4.data import Component, Gaps
from se4x_core.games.se4.state import Ship, State


def cards(gaps: Gaps, ship: Ship, face_up: bool | None = None) -> list[Component]:
    """The ship's components (only face-up or face-down ones when asked)."""
    return [gaps.components[c] for c, up in ship.cards if face_up is None or bool(up) == face_up]


def has(gaps: Gaps, ship: Ship, flag: str) -> bool:
    return any(getattr(card, flag) for card in cards(gaps, ship))


def techs(state: State, gaps: Gaps, player: int) -> list[int]:
    return [t for t in state.techs[player] if 0 <= t < len(gaps.techs)]


def tech_sum(state: State, gaps: Gaps, player: int, name: str) -> int:
    return sum(int(getattr(gaps.techs[t], name)) for t in techs(state, gaps, player))


def attack_mod(gaps: Gaps, ship: Ship) -> int:
    """Hull attack (-1 once crippled) plus the utilities' attack bonuses."""
    hull = CRIPPLED_ATTACK if ship.crippled else HULLS[ship.hull].attack
    return hull + sum(c.attack for c in cards(gaps, ship) if c.type == "utility")


def defence_mod(state: State, gaps: Gaps, ship: Ship) -> int:
    """Hull defence (-1 crippled or under construction) plus ECM and Phased Shields."""
    if ship.building:
        return CRIPPLED_DEFENCE
    hull = CRIPPLED_DEFENCE if ship.crippled else HULLS[ship.hull].defence
    bonus = sum(c.defence for c in cards(gaps, ship) if c.type == "utility")
    if any(c.type == "shield" for c in cards(gaps, ship, True)):
        bonus += tech_sum(state, gaps, ship.owner, "shield_defence")
    return hull + bonus


def cloaked(gaps: Gaps, ship: Ship) -> bool:
    """Fires in phase 1 and may retreat in phase 5: a cloak, not crippled."""
    return not ship.crippled and not ship.building and has(gaps, ship, "cloak")


def weapons_in_round(gaps: Gaps, ship: Ship, round_: int) -> list[int]:
    """The component ids of the ship's weapons that fire in ``round_``."""
    if ship.building:
        return []
    return [c for c, _ in ship.cards
            if gaps.components[c].type == "weapon" and round_ in gaps.components[c].rounds]


def bombard_weapons(gaps: Gaps, ship: Ship) -> list[int]:
    if ship.building or ship.crippled:
        return []
    return [c for c, _ in ship.cards if gaps.components[c].bombard]


def pd_rolls(gaps: Gaps, ship: Ship) -> int:
    best = max((c.pd_rolls for c in cards(gaps, ship)), default=0)
    return max(PD_ROLLS, best)


def cargo_room(state: State, gaps: Gaps, ship: Ship) -> int:
    """Coins the ship can carry: a transport one, plus its cargo bays."""
    if ship.building:
        return 0
    base = 1 if ship.hull == TRANSPORT else 0
    bays = [c for c in cards(gaps, ship) if c.cargo]
    bonus = tech_sum(state, gaps, ship.owner, "cargo_bonus")
    return base + sum(c.cargo + bonus for c in bays)


def repair_points(state: State, gaps: Gaps, ship: Ship) -> int:
    bays = [c for c in cards(gaps, ship) if c.repair]
    return sum(c.repair + tech_sum(state, gaps, ship.owner, "repair_bonus") for c in bays)


def negation(state: State, gaps: Gaps, ship: Ship) -> int:
    """Damage points the ship's armor negates a combat round (the ladder's step 2)."""
    up = [c for c in cards(gaps, ship, True) if c.type == "armor"]
    if not up:
        return 0
    return sum(c.negate for c in up) + tech_sum(state, gaps, ship.owner, "armor_negate")


def slots_needed(gaps: Gaps, hull: int, card_ids: list[int]) -> int:
    """How many slots too few the hull has for ``card_ids`` (0: they fit).

    Each slot holds one component, or two armor, or four shields, or one armor and two
    shields: armor is half a slot, a shield a quarter.  Weapons go to weapon or general
    slots, cargo bays to the cargo slot or general ones, armor and shields to armor or
    general slots, anything else to general slots."""
    kinds = list(HULLS[hull].slots)
    free = {k: kinds.count(k) for k in ("general", "weapon", "armor", "cargo")}
    weapons = sum(1 for c in card_ids if gaps.components[c].type == "weapon")
    bays = sum(1 for c in card_ids if gaps.components[c].cargo_slot)
    others = sum(1 for c in card_ids if gaps.components[c].type == "utility"
                 and not gaps.components[c].cargo_slot)
    quarters = sum(gaps.components[c].slot_size for c in card_ids
                   if gaps.components[c].type in ("armor", "shield"))
    short = 0
    general = free["general"]
    for count, own in ((weapons, free["weapon"]), (bays, free["cargo"])):
        overflow = max(0, count - own)
        general -= overflow
    general -= others
    armor_slots = ceil(quarters / 4)
    general -= max(0, armor_slots - free["armor"])
    if general < 0:
        short = -general
    return short


def slot_layout(gaps: Gaps, hull: int, card_ids: list[int]
                ) -> tuple[list[list[int]], list[int]]:
    """Where ``card_ids`` sit in the hull's slots by the fitting rule of
    :func:`slots_needed` (what the design dialog draws): the cards in each slot, in the
    hull's slot order, and the cards left over (none when they fit).

    Weapons take weapon slots first, cargo bays the cargo slot, armor and shields the
    armor slot (packed: two armor, four shields, or one armor and two shields a slot);
    whatever is left takes general slots."""
    kinds = HULLS[hull].slots
    slots: list[list[int]] = [[] for _ in kinds]
    room = [4 for _ in kinds]  # quarters free in each slot
    leftover: list[int] = []

    def place(card: int, preferred: str, size: int) -> None:
        """First fit: a whole component needs an empty slot; armor and shields share a
        slot with each other only (a slot with a whole component has no room left)."""
        for wanted in (preferred, "general"):
            for index, kind in enumerate(kinds):
                if kind == wanted and room[index] >= size:
                    slots[index].append(card)
                    room[index] -= size
                    return
        leftover.append(card)

    def order(card: int) -> tuple[int, int]:
        component = gaps.components[card]
        return (0 if component.slot_size == 4 else 1, -component.slot_size)

    for card in sorted(card_ids, key=order):
        component = gaps.components[card]
        if component.type == "weapon":
            place(card, "weapon", 4)
        elif component.cargo_slot:
            place(card, "cargo", 4)
        elif component.type in ("armor", "shield"):
            place(card, "armor", component.slot_size)
        else:
            place(card, "general", 4)
    return slots, leftover


def fits(gaps: Gaps, hull: int, card_ids: list[int]) -> bool:
    return slots_needed(gaps, hull, card_ids) == 0


def value(ship: Ship) -> int:
    return HULLS[ship.hull].cost
