"""se4x's desktop app: Qt views and dialogs over the rules engine.

Nothing here judges a rule.  Every screen draws from
``Session.observation()`` (what the player at the screen may know), offers
what ``Session.legal_actions()`` allows, and turns a click into an
:class:`~se4x_core.actions.Action` applied through the session.
"""
