"""The rule-based player, compiled: the rules it plays by, one concern a module.

:mod:`se4x_core.ai.rule_bot` is the player (its docstring is the specification of the
rules) and :func:`se4x_core.sim.policy.choose` the one entry point; these modules are
the rules themselves, in the order a decision uses them:

* :mod:`~se4x_core.sim.rulebot.constants`: the strategy's slots, the fixed numbers,
  the memory's layout (plain Python, mirrored as C constants);
* :mod:`~se4x_core.sim.rulebot.memory`: :class:`PolicyMemory`, what the player keeps
  between decisions and its scratch;
* :mod:`~se4x_core.sim.rulebot.picture`: the board as the player reads it at a
  decision (enemy counters, deadly hexes, warp points, threats);
* :mod:`~se4x_core.sim.rulebot.odds`: battle odds (a mean-field battle read through a
  calibrated table);
* :mod:`~se4x_core.sim.rulebot.paths`: travel costs and cheapest paths;
* :mod:`~se4x_core.sim.rulebot.assignments`: who goes where (explorers, colony ships,
  miners, pipelines);
* :mod:`~se4x_core.sim.rulebot.war`: the war plan decided once a turn;
* :mod:`~se4x_core.sim.rulebot.movement`, :mod:`~se4x_core.sim.rulebot.battles`,
  :mod:`~se4x_core.sim.rulebot.purchases`, :mod:`~se4x_core.sim.rulebot.choices`: the
  decisions of each phase.
"""
