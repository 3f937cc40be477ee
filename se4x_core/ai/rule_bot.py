"""A rule-based player with a plan: the "Easy" level and the yardstick for the search AI.

One player, three uses: the Easy level; the executor that plays the strategy the
search levels choose (:mod:`se4x_core.ai.search_bot`); the guide whose moves the
battle search checks (:mod:`se4x_core.ai.mcts_bot`).  The search's playouts are
played by the same code (:func:`se4x_core.sim.policy.choose`, compiled), so the
search judges its options by the very player that then plays them.  This module
is the player at the table: it hands its player's information set to the
compiled rules (:mod:`se4x_core.sim.rulebot`, one concern a module) and keeps
their memory of the game.  It decides from what its player may know only: the
information set (``Game.information_set``, :mod:`se4x_core.sim.infostate`) is a
function of the player's knowledge, never the real state.

It plays a whole empire with fixed rules.  The numbers and choices that make its
style of play (the odds it attacks at, what it attacks, the shares of research
and upkeep, colony ships a phase, the research plan's order) are a
:class:`~se4x_core.ai.strategy.Strategy`; ``RuleBot(seed, strategy)`` plays one
and :meth:`RuleBot.set_strategy` changes it between decisions (the search
chooses a posture each movement turn and a purchase plan each Economic Phase).
The rules (the strategy's numbers by name, the default's in
:mod:`se4x_core.ai.strategy`; the fixed ones in :mod:`se4x_core.sim.rulebot.constants`):

* **Exploration.**  Scouts go to the nearest face-down hex (Deep Space counts
  one hex farther, so the safer home system goes
  first), each to a different one.  Early on (up to round
  4), warships with nothing to fight explore the face-down
  hexes of their own home system too.
* **Colonisation.**  Colony ships go to the nearest free known planet (barren
  ones too once they can terraform), each to a different one, scored by
  distance plus a penalty for Deep Space and for enemies near it, and land on
  it.  A colony ship is bought for every such planet a colony ship from home
  could reach and none is heading for (two a phase at most).
* **Mining.**  Miners load the nearest minerals or space wreck (the value of
  the load weighed against the round trip) and tow it to the nearest colony
  that is not blockaded, where they unload.
* **Pipelines** (advanced rules, MS Pipelines).  The bot plans a chain along a
  shortest safe path from the homeworld to each own colony at most
  four hexes away (the hexes between the two: a colony next
  door needs one pipeline, at home); each pipeline goes to the nearest gap in
  the plan (one each) and stays there.  Buying one (3 CP) pays back within a
  few phases at +1 CP a linked colony a phase, so after expansion the bot buys
  pipelines for the gaps no pipeline fills, two a phase at most, keeping its
  reserve.
* **Economy.**  One purchase per step, the first rule that applies: (1) a
  homeworld that would not hold without the fleet gets a base and then every
  warship its yards can build; (2) colony ships as above, a second miner while
  minerals wait, a scout while fewer than two remain and space is unexplored,
  pipelines for the planned chain's gaps; (3) the next level of
  the research plan (Ship Size 3 for cruisers, Attack and Defense 1-2,
  Movement 2, Ship Yard 2, Ship Size up to dreadnoughts, Attack/Defense 3,
  ...) within the research share of the phase's CP; (4) a base at the
  homeworld (from round 3); (5) a ship yard at home while the yards cannot
  turn the ship share of the income into warships; (6) refits of old
  groups at the yards; (7) warships of the plan's type (cruisers, dreadnoughts
  at Ship Size 6, battleships at Ship Size 5 once Attack and Defense reach 3;
  cruisers fill the yards when the big hull does not fit) while maintenance
  stays within the maintenance share of the colonies' income; (8) more
  research in plan order; (9) CP that would be lost at the carry-over cap
  (above 30 at the end of the phase) go to the next research, then, once the
  research plan is complete, to warships whatever the maintenance share, then
  to a yard at home, a base at a colony, a colony ship; never to scouts or
  decoys.  Every rule but the first and the last keeps a reserve of 5 CP
  (at most a quarter of the income).
* **War.**  Warships gather at the homeworld, merging groups of the same type
  and technology.  Once a turn the bot compares its main stack (the hex with
  the most fleet value) with what it knows of every enemy homeworld, colony
  and seen stack, using the battle odds (below), and sends the stack against
  the best value x odds / distance when the odds are at least
  the attack odds (keeping a chosen target while they stay above
  the abort odds).  The groups of the stack move at the pace of the
  slowest, so they arrive together; ships built meanwhile stay home as a
  guard.  Setting out from home waits until the gathered share of the
  fleet is there.  When enemy groups within three hexes of
  the homeworld would beat what stays there (the odds below
  the defend odds), the only targets are those groups; if none can be
  beaten, the fleet comes home.  **Finishing push:** when the whole fleet
  beats everything an enemy is known to have (fleet, yards and bases, wherever
  they stand) at the push odds, that enemy's homeworld is the target: the
  fleet, home guard included, gathers two hexes from it
  unless the main stack alone beats that whole force at the attack odds,
  then strikes; once under way the push goes on at the abort odds, and an
  enemy fleet coming home to defend is no reason to turn back.
* **Battles.**  Each ship fires at the target with the best hit chance times
  the target's threat per hit its lead ship still needs (the rules' to-hit
  numbers give both); ties go to the rules' default target.  A group retreats,
  toward home, once the odds give its side less than
  the retreat odds (never from its own homeworld).  Enemy colonies are
  always bombed.
* **Doomsday Machines** (advanced rules).  A machine's hex is barred to scouts,
  colony ships and miners and costs the fleet as much as an enemy stack; a
  planet a machine could reach in its next move (two hexes) is a poor colony
  site.  A machine is an attack target worth 12 (two wreck
  rolls, and the colonies it would destroy), struck only at the attack
  odds against it; a battle against one is left like any other
  once hopeless.
* Everything else takes the rules' default action when there is one, else ends the
  phase.  A choice that is not legal is never returned (the last line falls
  back to the default action, then to ending the phase, then to the first legal
  action), and movement always ends: every step uses up movement, and the
  only other movement actions taken (colonise, load, unload, merge) remove a
  counter or a cargo.

Judgement calls:

* **Hidden facts.**  The player decides on its information set: the hidden
  facts (face-down markers it has not peeked at, the contents of face-down
  enemy groups, the enemies' technology, CP and unplaced purchases) are drawn
  by :mod:`se4x_core.sim.determinize` with a fixed seed from what it knows
  alone, so a face-down enemy counter is a plausible group (a warship type its
  empire's Ship Size allows, or a decoy, one to six ships; a counter alone
  beside the player's non-combat units a decoy), its technology near the
  player's own and never below what its revealed groups carry; the number of
  yards at an enemy colony is drawn too.  Decoys are not told apart otherwise,
  and what a group showed is redrawn once it turns face down again.  The enemy
  force at a target includes the enemy groups next to it, which could join the
  defence before the fleet arrives.
* **Deadly hexes.**  Known black holes (40% loss per ship on every entry) and
  markers the bot peeked at that would destroy or scatter a unit are never
  entered.  The fleet never steps into a face-down Deep Space hex (Danger!
  destroys a whole stack a quarter of the time): it waits for the scouts to
  open a route.  Colony ships and miners only use explored hexes without
  enemies (the rules forbid the rest), and colonise neither other empires'
  home systems nor within three hexes of an enemy homeworld.
* **Income** for the maintenance limit is what the colonies earn; minerals
  are one-off and not counted on.
* **Research** goes strictly in plan order: when the next level is too dear
  the bot saves for it rather than buying something further down the plan.
* **Bids.**  One CP when the player order matters (enemy groups near the
  homeworld, or the fleet near an enemy colony), else nothing; given the
  choice it moves first when attacking and last otherwise (it sees the
  enemy's moves first and fights as the defender).
* **Homeworld.**  The hex of its home system farthest from every other
  region, then the most central one.
* **Odds.**  Not the battle simulator's 400 battles (0.4 ms a question) but
  one deterministic *mean-field* battle (expected hits volley by volley in
  firing order) read through a table calibrated on the simulator's answers
  (:mod:`se4x_core.sim.rulebot.odds`): the same answer to the same question,
  about a microsecond each; damage already taken in a running battle is
  ignored.

What it does not do: screen in combat, peek with Exploration technology,
buy decoys, bid for the order in any subtle way, run more than one attack
at a time, defend colonies other than the homeworld, or weigh several
enemies against each other beyond picking the best target.
"""

from __future__ import annotations

from se4x_core.actions import A_END_BUY, A_END_MOVE, encode
from se4x_core.ai.bot import CodeBot
from se4x_core.ai.strategy import DEFAULT, Strategy
from se4x_core.observation import Observation
from se4x_core.rules import engine
from se4x_core.rules.alist import ActionList
from se4x_core.rules.codes import MAXP
from se4x_core.rules.state import State
from se4x_core.sim import policy
from se4x_core.sim.infostate import unpack
from se4x_core.sim.rulebot import war
from se4x_core.sim.rulebot.memory import PolicyMemory


class RuleBot(CodeBot):
    """The rule-based player (see the module docstring), playing ``strategy``.

    The strategy may change between decisions (:meth:`set_strategy`): the search
    sets a posture at the start of each movement turn and a purchase plan at the
    start of each Economic Phase.  A new strategy's war plan is decided at the next
    movement decision.  The memory of the game (the war plan of the turn, the attack
    and push targets, the explorers) is a
    :class:`~se4x_core.sim.rulebot.memory.PolicyMemory` kept until :meth:`restart`.
    """

    needs_information_set = True

    def __init__(self, seed: int = 0, strategy: Strategy = DEFAULT) -> None:
        super().__init__(seed)
        self._strategy = strategy
        self._memory = self._fresh_memory()

    @property
    def strategy(self) -> Strategy:
        return self._strategy

    def set_strategy(self, strategy: Strategy) -> None:
        """Play ``strategy`` from the next decision on (the game's memory stays)."""
        self._strategy = strategy
        codes = strategy.encode()
        for player in range(MAXP):
            self._memory.set_strategy(player, codes)

    def restart(self) -> None:
        """Forget the game (the strategy stays)."""
        super().restart()
        self._memory = self._fresh_memory()

    def _fresh_memory(self) -> PolicyMemory:
        """A memory with this bot's strategy for every seat: it decides only for its
        own, whichever that is."""
        memory = PolicyMemory()
        codes = self._strategy.encode()
        for player in range(MAXP):
            memory.set_strategy(player, codes)
        return memory

    def targets(self, player: int) -> tuple[int, int]:
        """The war plan's attack target and finishing-push target of ``player`` (-1: none),
        so that a simulation of the plan (:meth:`PolicyMemory.set_targets`) carries on
        with it."""
        return self._memory.targets(player)

    def target_candidates(self, observation: Observation, count: int) -> list[int]:
        """Up to ``count`` hexes worth attacking other than the current target, best
        first (worth / (3 + distance from the main stack), as the war plan ranks
        them before the odds): the attack targets a search may weigh as focuses
        (:attr:`se4x_core.ai.strategy.Strategy.focus`).  The default strategy's
        targets, whatever this bot plays now."""
        if count <= 0:  # a level without focuses: no unpacking on its every movement turn
            return []
        return war.target_candidates(self._known_state(), self._memory,
                                     observation["viewer"], count)

    def choose(self, observation: Observation, legal: list[int]) -> int:
        state = self._known_state()
        if state.current_player == observation["viewer"]:
            out = ActionList()
            engine.write_legal(state, out)
            code = policy.choose(state, out, self._memory)
            if code in legal:
                return code
        return fallback(observation, legal)

    def _known_state(self) -> State:
        """The player's information set as a state (see the module docstring)."""
        if not self.information_set:
            raise ValueError("the rule bot decides on its player's information set: "
                             "call inform() before step() (se4x_core.ai.bot.ask does)")
        return unpack(self.information_set)


def fallback(observation: Observation, legal: list[int]) -> int:
    """``suggested`` if legal, else end the phase, else the first legal action."""
    suggested = observation["suggested"]
    if suggested is not None and suggested in legal:
        return suggested
    for end in (encode(A_END_MOVE), encode(A_END_BUY)):
        if end in legal:
            return end
    return legal[0]
