"""The compiled modules, listed once.

``setup.py`` compiles exactly these (reading this file without importing the
package), ``tools/install.sh`` rebuilds when one of them or a ``.pxd``
changes, and ``tests/build/test_build.py`` checks a normal install imports each of
them compiled.  A ``.pxd`` on its own compiles nothing: the generated
``rules/codes.pxd`` only declares constants.  To compile a new module, add
it here (with its ``.pxd`` beside it).
"""

HOT_MODULES = (
    "se4x_core.kernel.dice",
    "se4x_core.kernel.battle_math",
    "se4x_core.sim.combat_sim",
    "se4x_core.rules.state",
    "se4x_core.rules.alist",
    "se4x_core.rules.units",
    "se4x_core.rules.advanced.cloaking",
    "se4x_core.rules.advanced.carriers",
    "se4x_core.rules.advanced.warp",
    "se4x_core.rules.exploration",
    "se4x_core.rules.advanced.pipelines",
    "se4x_core.rules.economy",
    "se4x_core.rules.advanced.doomsday",
    "se4x_core.rules.advanced.mines",
    "se4x_core.rules.combat",
    "se4x_core.rules.movement",
    "se4x_core.rules.alien",
    "se4x_core.rules.engine",
    "se4x_core.sim.rulebot.memory",
    "se4x_core.sim.rulebot.picture",
    "se4x_core.sim.rulebot.odds",
    "se4x_core.sim.rulebot.paths",
    "se4x_core.sim.rulebot.assignments",
    "se4x_core.sim.rulebot.war",
    "se4x_core.sim.rulebot.movement",
    "se4x_core.sim.rulebot.battles",
    "se4x_core.sim.rulebot.purchases",
    "se4x_core.sim.rulebot.choices",
    "se4x_core.sim.policy",
    "se4x_core.sim.playout",
    "se4x_core.sim.determinize",
    "se4x_core.sim.macro",
    "se4x_core.sim.features",
    "se4x_core.sim.evaluation",
    "se4x_core.ai.ismcts",
)
