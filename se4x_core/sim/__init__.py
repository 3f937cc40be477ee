"""Simulation over the rules: battle odds, playouts, determinization, macro actions.

What the computer players and the app's odds build on, above the rules:

* ``battle_spec`` and ``combat_sim``: the battle simulator (``se4x battle``,
  the combat window's odds, the rule bot's decisions): a JSON spec parsed and
  checked, turned into flat arrays for the compiled trials kernel in
  :mod:`se4x_core.kernel.battle_math`;
* ``playout``: a game played on by a policy (uniform or heuristic), compiled;
* ``determinize`` and ``infostate``: a player's information set, redrawn so
  that the search never sees what its player may not know, and packed for it;
* ``macro``: the coarse choices the search branches on (a group to a hex, a
  battle resolved, a purchase plan, a bid), played as atomic actions.
"""
