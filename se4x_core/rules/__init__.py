"""The rules of Space Empires 4X on the compact game state, compiled.

Everything here works on :class:`~se4x_core.rules.state.State`, one compiled
class over a flat buffer of shorts, and never on Python objects in its inner
loops; the facade (:mod:`se4x_core.game`) is the only way in for the app, the
bots and the network.  What each module holds:

* ``state``: the state's layout (units, hexes, players, the battle in progress),
  clone, pack, equality; ``codes``: the generated constants the compiled
  modules share (action kinds, phases, unit types, flags); ``alist``: the
  action list and the action encoding;
* ``engine``: the phase table, ``legal_actions``/``apply``/default actions,
  new games and the turn sequence;
* ``movement``, ``exploration``, ``combat``, ``economy``: the phases of a turn
  (moving and what a step reveals, battles decision by decision, the Economic
  Phase with research, purchases and the bid);
* ``units``: who is where, hostility, combat strength, creating and destroying
  units, the dice of the rules; ``alien``: the official solitaire opponent's
  economy;
* ``advanced/``: the optional rule sets that live in modules of their own
  (warp points, MS pipelines, Doomsday Machines); carriers and fighters,
  raiders and mines are parts of the phases above, behind ``s.options``.

Below this folder lies only :mod:`se4x_core.kernel` (dice and battle
arithmetic) and the charts; nothing here imports the simulator, the search or
a seat (``tests/build/test_layout.py``).
"""
