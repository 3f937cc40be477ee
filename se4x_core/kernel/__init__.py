"""The floor under the rules: dice and battle arithmetic.

What lives here is used by the rules (:mod:`se4x_core.rules`), the battle
simulator and the search alike, and depends on nothing but the charts
(:mod:`se4x_core.data`): the seeded dice the game state carries
(:mod:`~se4x_core.kernel.dice`) and the numbers of a battle, to-hit, hits,
the fleet-size bonus, firing order and the default target
(:mod:`~se4x_core.kernel.battle_math`).  Both modules are compiled.
"""
