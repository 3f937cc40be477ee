"""The rule-based player's numbers: strategy slots, fixed rules, the memory's layout.

Why a module of its own: every part of the compiled player (:mod:`se4x_core.sim.rulebot`)
reads them, the Python side (the strategy codec, the bots, the tests) needs them by
name, and compiled code needs them as C constants.  So, as with
:mod:`se4x_core.rules.codes`, they are plain Python integers here and the same
values as a C ``enum`` in ``constants.pxd``, which the compiled modules ``cimport *``
(``tests/sim/test_rulebot.py`` checks the two agree).  Nothing here is compiled.

The per-player strategy is :data:`N_SLOTS` integers (odds and shares in permille, see
:mod:`se4x_core.ai.strategy`); the rules' fixed numbers are the rule bot's
documented constants; the ``O_*`` names are offsets into the memory's one int
buffer (:class:`se4x_core.sim.rulebot.memory.PolicyMemory`).
"""

from __future__ import annotations

from se4x_core.rules.codes import (
    MAXP,
    N_UNIT_TYPES,
    T_ATTACK,
    T_DEFENSE,
    T_MOVEMENT,
    T_SHIP_SIZE,
    T_SHIP_YARD,
    T_TACTICS,
    UNITS_PER_PLAYER,
)

# -- a strategy: slots of the per-player numbers (permille for odds and shares) --
S_TARGETS = 0  # TARGETS_*: what the fleet attacks
S_ATTACK_ODDS = 1
S_ABORT_ODDS = 2
S_PUSH_ODDS = 3
S_DEFEND_ODDS = 4
S_RETREAT_ODDS = 5
S_GATHERED_SHARE = 6
S_RESEARCH_PLAN = 7  # RP_*: the research plan's order
S_RESEARCH_SHARE = 8
S_MAINTENANCE_SHARE = 9
S_SHIP_SHARE = 10
S_RESERVE = 11  # CP
S_COLONY_SHIPS = 12  # a phase at most
S_MINERS = 13
S_SCOUTS = 14
S_BASE_ROUND = 15  # a base at home from this round on
S_FOCUS = 16  # the one hex the fleet may attack (-1: any the targets allow)
S_TEAMWORK = 17  # team play: TEAM_* bits, what the player does with its allies (0: alone)
S_EMPHASIS = 18  # advanced rules: the unit family bought first (EMPHASIS_*)
N_SLOTS = 19
TARGETS_BEST = 0  # value x odds / distance among homeworlds, colonies, stacks
TARGETS_HOMEWORLD = 1  # enemy homeworlds only
TARGETS_COLONIES = 2  # enemy colonies other than homeworlds only
TARGETS_NONE = 3  # hold: the fleet stays home (it still defends)
TARGETS_GUARD = 4  # guard: enemy stacks within GUARD_RADIUS of the own colonies only
N_TARGETS = 5
RP_BALANCED = 0
RP_WEAPONS = 1
RP_GROWTH = 2
N_RESEARCH_PLANS = 3
EMPHASIS_NONE = 0  # the advanced units as the rule bot buys them
EMPHASIS_CARRIERS = 1  # Fighters researched first; carriers and fighters before warships
EMPHASIS_RAIDERS = 2  # Cloaking researched first; raiders before warships, more of them
EMPHASIS_MINES = 3  # Mines and Mine Sweep first; a minefield at home, sweepers in the fleet
N_EMPHASES = 4
RAIDERS_EMPHASISED = 6  # raiders wanted with the raider emphasis
MINES_EMPHASISED = 6  # mines at home with the mine emphasis

# -- the rule bot's fixed numbers (the module docstring of se4x_core.ai.rule_bot) --
THREAT_RADIUS = 3
GUARD_RADIUS = 2  # a guarding fleet goes for enemy stacks this near an own colony
STAGING_DISTANCE = 2
EARLY_ROUNDS = 4
DEEP_SPACE_PENALTY = 1
MAX_HOME_CAPACITY = 16
RAIDERS_WANTED = 2
MINES_AT_HOME = 2
POINT_DEFENSE_SCOUTS = 3
PIPELINE_REACH = 4
PIPELINES_A_PHASE = 2
TEAM_TARGET_STEPS = 3  # the finishing push prefers the team's target by this many steps
TEAM_TARGET = 1  # teamwork: the allies attack one enemy homeworld together
TEAM_DEFENCE = 2  # teamwork: enemy stacks near an ally's homeworld count as near the own
TEAM_PLANETS = 4  # teamwork: deep-space planets nearer an ally's homeworld are the ally's
TEAM_ALL = 7
# The default teamwork: joining the ally's attack only.  Measured against allies
# without teamwork (rule bots, 2 against 2, 200 games each): the target 51.0 %, the
# planets 47.0 %, the defence 44.0 %, target and planets 46.5 %, all three 37.5 %
# (docs/computer-players.md#teams).
TEAM_DEFAULT = TEAM_TARGET
MACHINE_WORTH4 = 48  # MACHINE_WORTH (12.0) x 4: target worths are kept in quarters
UNREACHABLE = 1 << 20
NO_OPTION = 0x3FFFFFFF

# -- ways of travelling, war plan modes ---------------------------------------
MODE_EXPLORER = 0
MODE_CIVIL = 1
MODE_FLEET = 2
WAR_GATHER = 0
WAR_ATTACK = 1
WAR_DEFEND = 2

# -- the memory's per-player war record (W_* fields, N_WAR of them) ----------
W_VALID = 0
W_ROUND = 1
W_TURN = 2
W_MODE = 3
W_TARGET = 4
W_CAP = 5
W_MAIN = 6
W_PUSH = 7
W_ATTACK = 8  # the attack target kept from turn to turn
W_PUSHING = 9  # the finishing push's target, likewise
N_WAR = 10

# -- assignments -------------------------------------------------------------
AK_EXPLORE = 0
AK_COLONY = 1
AK_MINE = 2
AK_PIPE = 3
N_AK = 4

# -- sizes and offsets into the memory's int buffer ------------------------------
MAX_HEX = 160
N_CACHE = 24
HEAP_CAP = 4096
MAX_ENTRIES = 48
F_FIELDS = 6
PLAN_STRIDE = 32
MAX_GROUPS = 96
G_FIELDS = 12
O_STRAT = 0
O_WAR = O_STRAT + MAXP * N_SLOTS
O_EXPL = O_WAR + MAXP * N_WAR
O_PLANS = O_EXPL + MAXP * UNITS_PER_PLAYER
O_HX_ENEMY = O_PLANS + N_RESEARCH_PLANS * PLAN_STRIDE
O_HX_ARMED = O_HX_ENEMY + MAX_HEX
O_HX_DEADLY = O_HX_ARMED + MAX_HEX
O_HX_MACHINE = O_HX_DEADLY + MAX_HEX
O_HX_NEAR = O_HX_MACHINE + MAX_HEX
O_ENTER = O_HX_NEAR + MAX_HEX
O_PCOST = O_ENTER + 3 * MAX_HEX
O_PPAR = O_PCOST + N_CACHE * MAX_HEX
O_PKEY = O_PPAR + N_CACHE * MAX_HEX
O_HEAP = O_PKEY + N_CACHE
O_AKEY = O_HEAP + HEAP_CAP
O_ABEST = O_AKEY + UNITS_PER_PLAYER * MAX_HEX
O_AUNIT = O_ABEST + UNITS_PER_PLAYER
O_TAKEN = O_AUNIT + UNITS_PER_PLAYER
O_TARGET = O_TAKEN + MAX_HEX
O_FLEET = O_TARGET + N_AK * UNITS_PER_PLAYER
O_LIST = O_FLEET + UNITS_PER_PLAYER
O_HASMOVE = O_LIST + UNITS_PER_PLAYER
O_FORCE = O_HASMOVE + UNITS_PER_PLAYER
O_NFORCE = O_FORCE + 2 * MAX_ENTRIES * F_FIELDS
O_GRP = O_NFORCE + 2
O_VOL = O_GRP + MAX_GROUPS * G_FIELDS
O_RPLAN = O_VOL + 2 * MAX_GROUPS
O_PIPE = O_RPLAN + PLAN_STRIDE + 8
O_HEXVAL = O_PIPE + MAX_HEX
O_CHOICE = O_HEXVAL + MAX_HEX
O_BOUGHT = O_CHOICE + 16
O_WARPS = O_BOUGHT + N_UNIT_TYPES
N_ODDS = 41
O_ODDS = O_WARPS + 16
O_SIG = O_ODDS + N_ODDS
N_BUF = O_SIG + MAX_HEX
N_DBUF = MAX_GROUPS

# -- the strategy's codec (se4x_core.ai.strategy): slots by name, in slot order --
SLOT_INDEX: dict[str, int] = {
    "targets": S_TARGETS, "attack_odds": S_ATTACK_ODDS, "abort_odds": S_ABORT_ODDS,
    "push_odds": S_PUSH_ODDS, "defend_odds": S_DEFEND_ODDS, "retreat_odds": S_RETREAT_ODDS,
    "gathered_share": S_GATHERED_SHARE, "research_plan": S_RESEARCH_PLAN,
    "research_share": S_RESEARCH_SHARE, "maintenance_share": S_MAINTENANCE_SHARE,
    "ship_share": S_SHIP_SHARE, "reserve": S_RESERVE, "colony_ships": S_COLONY_SHIPS,
    "miners": S_MINERS, "scouts": S_SCOUTS, "base_round": S_BASE_ROUND, "focus": S_FOCUS,
    "teamwork": S_TEAMWORK, "emphasis": S_EMPHASIS,
}
SLOT_COUNT: int = N_SLOTS
TARGET_IDS: dict[str, int] = {"best": TARGETS_BEST, "homeworld": TARGETS_HOMEWORLD,
                              "colonies": TARGETS_COLONIES, "none": TARGETS_NONE,
                              "guard": TARGETS_GUARD}
EMPHASIS_IDS: dict[str, int] = {"none": EMPHASIS_NONE, "carriers": EMPHASIS_CARRIERS,
                                 "raiders": EMPHASIS_RAIDERS, "mines": EMPHASIS_MINES}
RESEARCH_PLAN_IDS: dict[str, int] = {"balanced": RP_BALANCED, "weapons": RP_WEAPONS,
                                     "growth": RP_GROWTH}
# The default strategy's numbers, in slot order (the rule bot's docstring; what
# se4x_core.ai.strategy.DEFAULT encodes to): every player's until told otherwise.
_DEFAULTS: dict[str, int] = {
    "targets": TARGETS_BEST, "attack_odds": 700, "abort_odds": 450, "push_odds": 800,
    "defend_odds": 800, "retreat_odds": 200, "gathered_share": 700,
    "research_plan": RP_BALANCED, "research_share": 400, "maintenance_share": 600,
    "ship_share": 600, "reserve": 5, "colony_ships": 2, "miners": 2, "scouts": 2,
    "base_round": 3, "focus": -1, "teamwork": TEAM_DEFAULT, "emphasis": EMPHASIS_NONE,
}
DEFAULT_SLOTS: tuple[int, ...] = tuple(_DEFAULTS[name]
                                       for name in sorted(SLOT_INDEX, key=SLOT_INDEX.__getitem__))

# The research plans: (technology, level) milestones in the order they are bought.
# "balanced" is the default strategy's; the others reorder the same milestones
# (each holds Ship Size 4 and 5 and Movement 2, where the advanced rules' levels go in).
_SS, _ATT, _DEF, _TAC = T_SHIP_SIZE, T_ATTACK, T_DEFENSE, T_TACTICS
_MOV, _YARD = T_MOVEMENT, T_SHIP_YARD
RESEARCH_PLANS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((_SS, 2), (_SS, 3), (_ATT, 1), (_DEF, 1), (_ATT, 2), (_DEF, 2), (_MOV, 2), (_YARD, 2),
     (_SS, 4), (_SS, 5), (_SS, 6), (_ATT, 3), (_DEF, 3), (_TAC, 1), (_MOV, 3), (_TAC, 2),
     (_YARD, 3), (_MOV, 4), (_TAC, 3)),
    # weapons: combat technology before movement and yards
    ((_SS, 2), (_SS, 3), (_ATT, 1), (_DEF, 1), (_ATT, 2), (_DEF, 2), (_TAC, 1), (_SS, 4),
     (_SS, 5), (_SS, 6), (_ATT, 3), (_DEF, 3), (_TAC, 2), (_MOV, 2), (_YARD, 2), (_TAC, 3),
     (_MOV, 3), (_YARD, 3), (_MOV, 4)),
    # growth: movement and yards early (reach, capacity), weapons after
    ((_SS, 2), (_MOV, 2), (_YARD, 2), (_SS, 3), (_ATT, 1), (_DEF, 1), (_MOV, 3), (_ATT, 2),
     (_DEF, 2), (_YARD, 3), (_SS, 4), (_SS, 5), (_SS, 6), (_ATT, 3), (_DEF, 3), (_TAC, 1),
     (_MOV, 4), (_TAC, 2), (_TAC, 3)),
)

# The odds table: the simulator's win chance (permille) as a function of the
# mean-field balance x (what is left of the own side minus what is left of the
# enemy's, as shares of their starting hull points), at x = -1.0, -0.95, ..., 1.0;
# linear in between.  Calibrated by benchmarks/calibrate_policy_odds.py.
ODDS_TABLE: tuple[int, ...] = (
    0, 1, 2, 3, 8, 15, 26, 46, 57, 93, 116, 180, 233, 272, 317, 371,
    410, 436, 461, 477, 520, 540, 540, 575, 575, 613, 652, 694, 707, 768, 813, 853,
    903, 926, 958, 972, 986, 995, 999, 1000, 1000,
)
