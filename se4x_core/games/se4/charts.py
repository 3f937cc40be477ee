"""The numbers the SE4 board game's rules text gives, written once.

Everything here is stated by the text (the hull table, the facility prices, the research
chart, the setup, production caps, the combat schedule); everything the text does not
give is data in ``resources/se4/gaps.json`` (:mod:`se4x_core.games.se4.data`).  The
project's own account of both is ``docs/se4.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Slot kinds a hull may have: any component, a weapon only, armor or shields only,
#: a cargo bay only.
SLOT_KINDS: tuple[str, ...] = ("general", "weapon", "armor", "cargo")


@dataclass(frozen=True)
class Hull:
    """One row of the text's hull table."""

    name: str
    slots: tuple[str, ...]  # one entry per slot, each a SLOT_KINDS name
    speed: int
    attack: int
    defence: int
    cost: int
    upkeep: int


HULLS: tuple[Hull, ...] = (
    Hull("Transport", ("general", "cargo"), 1, -1, 0, 5, 0),
    Hull("Escort", ("general", "general"), 2, 1, 2, 3, 1),
    Hull("Destroyer", ("weapon", "weapon", "armor"), 2, 1, 2, 6, 1),
    Hull("Cruiser", ("general", "general", "weapon", "armor"), 1, 1, 1, 8, 1),
    Hull("Battleship", ("general", "general", "weapon", "weapon", "armor"), 1, 0, 1, 10, 2),
    Hull("Dreadnought", ("general", "general", "general", "weapon", "weapon", "armor"),
         1, 0, 0, 13, 2),
)
HULL_NAMES: tuple[str, ...] = tuple(h.name for h in HULLS)
TRANSPORT = 0  # the hull that colonises and carries one coin besides its cargo bays

#: A crippled hull's combat modifiers (the text: -1 to attack and to defence).
CRIPPLED_ATTACK = -1
CRIPPLED_DEFENCE = -1

#: Facilities and their prices; a planetary shield at most once a planet.
FACILITIES: tuple[str, ...] = ("Mineral Miner", "Research Center", "Space Yard",
                               "Planetary Shield")
FACILITY_PRICES: tuple[int, ...] = (3, 6, 8, 20)
MINER, RESEARCH, YARD, PLANET_SHIELD = range(4)

#: The research chart, by the second die (1-6).
TECHS: tuple[str, ...] = ("Advanced Storage Tech", "Advanced Repair Tech",
                          "Advanced Armor Tech", "Durable Hull", "Phased Shields",
                          "Quantum Torpedoes")
RESEARCH_PRICE = 5  # coins an attempt, from a planet with a research center
RESEARCH_DUPLICATE_CARDS = 2  # a tech already held gives two component cards

#: Setup: the home world's facilities, coins, cards and ships.
START_FACILITIES: tuple[int, ...] = (10, 1, 2, 0)  # miners, research centers, yards, shield
START_COINS = 25
START_CARDS = 15
START_SHIPS = 4

#: Production caps (2.6.6): never more than the planet's mineral miners.
HOME_PRODUCTION = 10
COLONY_PRODUCTION = 4
RING_PRODUCTION = 20

COLONY_COINS = 3  # coins on an empty planet that a transport turns into a colony
CARD_PRICE = 1  # a component card drawn at a space yard
RETROFIT_PRICE = 1
MIN_HAND = 3  # 2.6.12: draw freely up to three
FREE_DRAW = 3  # 2.6.13: then three more

#: Combat: six rounds, then the bombardment round.
COMBAT_ROUNDS = 6
BOMBARD_ROUND = 7
ROF_ROUNDS: dict[int, tuple[int, ...]] = {1: (1, 2, 3, 4, 5, 6), 2: (1, 3, 5), 3: (1, 4)}
PD_TARGET = 4  # the targeted ship's point-defence roll
PD_SUPPORT = 6  # another ship's
PD_ROLLS = 1  # a ship's point-defence rolls a round without a point-defence component
STRAY_OFFSET = 3  # a complete miss: 1d6-3 above the enemy's non-crippled ships strays

#: Bodies a sector may hold; the first three can hold a colony.
BODIES: tuple[str, ...] = ("home", "planet", "ring", "star", "asteroids", "nebula", "empty")
COLONISABLE: frozenset[str] = frozenset({"home", "planet", "ring"})
