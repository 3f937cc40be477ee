# C declarations for combat_sim.py (Cython pure-Python mode): the simulator's
# Python layer (specs to groups, firing order, to-hit tables, outcomes), compiled
# for speed; its trials kernel is kernel/battle_math.

from se4x_core.kernel cimport battle_math, dice
