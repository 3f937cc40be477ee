"""se4x's desktop app: Qt views and dialogs over the rules engine.

Nothing here judges a rule.  Every screen draws from
``Session.observation()`` (what the player at the screen may know), offers
what ``Session.legal_actions()`` allows, and turns a click into an
:class:`~se4x_core.actions.Action` applied through the session.

Importing the package protects ``None``/``True``/``False`` from the
reference-count bug of the PySide6 6.12 wheels on Python < 3.12 (see
:mod:`se4x_qt.compat`): without it the app aborts with "deallocating None"
after a few thousand Qt calls.  Doing it here means every entry point (the
app, scripts, benchmarks, tests) is covered before its first Qt call.
"""

from se4x_qt.compat import protect_singletons

protect_singletons()
