"""Developer tools: the headless ``se4x`` subcommands and the engine's own checkers.

``cli`` (the subcommands), ``selfplay``, ``replay``, ``golden`` (the pinned
playthroughs), ``demo`` (a game as text), ``invariants`` (every field within
the charts), ``infoset`` (the leak checker) and ``contract`` (the facade's
contract, checked action by action), plus ``gen_codes``, which
writes the compiled rules' constants.  Nothing here is needed to play: the
app, the bots and the network use :class:`se4x_core.game.Game` only.
"""
