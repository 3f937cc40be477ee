"""Information-set Monte Carlo Tree Search over macro actions, in compiled code.

After Cowling, Powley and Whitehouse (2012), "single observer" ISMCTS: one
tree for the searching player, whose nodes are macro actions (see
:mod:`se4x_core.sim.macro`: a group to a hex, end of movement, a battle by
the default policy, a purchase plan, a bid bucket).  Every iteration:

1. **determinize**: draw a full state consistent with what the searching
   player knows (:func:`se4x_core.sim.determinize.resample` on the player's
   information set), so hidden markers, enemy groups and enemy economies
   differ from one iteration to the next;
2. **select** down the tree with UCB1 over the children whose macro is
   legal in this determinization, counting *availability* (how often a
   child could have been chosen) in place of the parent's visits;
   forced decisions (one macro) are played without a node;
3. **expand** one new macro when the node may widen: progressive widening
   allows ``WIDEN_K * visits ** WIDEN_ALPHA`` children, so a movement
   decision with dozens of groups and hexes is explored a few macros at a
   time, drawn at random among those not tried yet;
4. **play out** with the compiled heuristic policy to the end of the next
   round (two Economic Phases, ``HORIZON``), so a battle inside the search
   is fought by the rules' dice like any other;
5. **evaluate** the position (:func:`evaluate`) and back the reward of each
   node's player up the path.

**Modelled** (a win model and every player's strategy given): the playouts are
the compiled rule-based player (:func:`se4x_core.sim.playout.policy_playout`),
each player following its strategy and the searcher its war plan's targets, and
the position is scored by the learned win probability
(:mod:`se4x_core.sim.evaluation`), as in the strategy search.  Why: the
rule-of-thumb playouts move fleets and buy unlike the players they stand for,
and the material share counts a lost fleet no more than its price, so a battle
decision (fight on, retreat, which group to fire at) is judged on futures the
real game will not have.

The tree, too, stops at that round's end.  The search is
deterministic for a given seed and an iteration budget; a time budget stops
at a wall-clock limit instead.
"""

from __future__ import annotations

import time
from array import array

import cython

from se4x_core.kernel import dice
from se4x_core.rules.alist import ActionList
from se4x_core.rules.state import State
from se4x_core.sim import determinize, macro, playout
from se4x_core.sim.evaluation import WinModel
from se4x_core.sim.rulebot.memory import PolicyMemory

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *

if cython.compiled:
    from cython.cimports.libc.math import log, sqrt
else:
    from math import log, sqrt

EXPLORATION: float = 0.7  # UCB1's constant; rewards lie in [0, 1]
WIDEN_K: float = 2.0
WIDEN_ALPHA: float = 0.5
PLAYOUT_ACTIONS: int = 4000  # a safety cap; the round's end comes long before
MAX_PLAYERS: int = 4
# Rounds searched beyond the current one.  One more round (two Economic Phases)
# won 6 of 8 games against the heuristic bot at 100 iterations where stopping at
# the current round's end won 3 of 8: the value of a move often shows only then.
HORIZON: int = 1
COLONY_WORTH: float = 15.0  # a settled colony beyond its production (see strength)


@cython.final
@cython.cclass
class Tree:
    """The search tree's nodes, column by column (node 0 is the root)."""

    def __init__(self) -> None:
        self.macro = array("i")
        self.player = array("i")
        self.parent = array("i")
        self.first_child = array("i")
        self.next_sibling = array("i")
        self.visits = array("i")
        self.avail = array("i")
        self.reward = array("d")
        self.n = 0
        self.add(-1, -1, -1)

    @cython.ccall
    @cython.exceptval(-1, check=True)
    def add(self, parent: cython.int, code: cython.int, player: cython.int) -> cython.int:
        """A new node under ``parent`` for the macro ``code`` chosen by ``player``."""
        node: cython.int = self.n
        self.macro.append(code)
        self.player.append(player)
        self.parent.append(parent)
        self.first_child.append(-1)
        self.visits.append(0)
        self.avail.append(0)
        self.reward.append(0.0)
        if parent >= 0:
            self.next_sibling.append(self.first_child[parent])
            self.first_child[parent] = node
        else:
            self.next_sibling.append(-1)
        self.n += 1
        return node

    def root_statistics(self) -> list[tuple[int, int, float]]:
        """(macro, visits, mean reward) of every child of the root, most visited first."""
        out = []
        child = self.first_child[0]
        while child >= 0:
            visits = self.visits[child]
            out.append((self.macro[child], visits,
                        self.reward[child] / visits if visits else 0.0))
            child = self.next_sibling[child]
        return sorted(out, key=lambda row: (-row[1], row[0]))


# -- the position's value ------------------------------------------------------------------
@cython.ccall
@cython.exceptval(check=False)
def strength(s: State, player: cython.int) -> cython.double:
    """A player's material, in CP: what it holds and what it has invested in.

    The search looks one round ahead, so an investment that pays later
    (a colony ship, a colony, research) must already be worth about what it
    cost, or the search would hoard CP.  Hence: CP at face value; a colony
    at ``COLONY_WORTH`` plus its production three times (it grows to 5 CP a
    turn and produces for the rest of the game), so settling is worth more
    than the colony ship; a colony ship a little above its price, so buying
    one is not a loss; cargo (minerals, wrecks) at its value; a warship at
    its cost raised by the attack and defense technology it carries; research
    at its price (it pays through ships, which the rest of the search sees);
    scouts below their price (their worth is the exploration the playouts
    already count).
    """
    if not s.alive[player]:
        return 0.0
    total: cython.double = s.cp[player]
    unit: cython.int
    unit_type: cython.int
    count: cython.int
    for unit in range(player * UNITS_PER_PLAYER, (player + 1) * UNITS_PER_PLAYER):
        unit_type = s.u_type[unit]
        if unit_type < 0:
            continue
        count = s.u_count[unit]
        if UNIT_TRAITS[unit_type] & TR_WARSHIP:
            total += UNIT_COST[unit_type] * count * \
                (1.0 + 0.2 * (s.u_att[unit] + s.u_def[unit]))
        elif unit_type == CO:
            total += 10.0 * count
        elif unit_type == SC:
            total += 3.0 * count
        else:
            total += UNIT_COST[unit_type] * count
        total += s.u_cargo_value[unit]
    tech: cython.int
    level: cython.int
    for tech in range(N_TECHS):
        for level in range(TECH_START[tech], s.tech[player * N_TECHS + tech]):
            total += TECH_COST_FLAT[TECH_COST_AT[tech] + level - TECH_START[tech]]
    h: cython.int
    for h in range(s.n_hexes):
        if s.h_col_owner[h] == player:
            total += 3.0 * s.h_col_cp[h]
            if h != s.homeworld[player]:
                total += COLONY_WORTH
    return total


@cython.ccall
@cython.exceptval(check=False)
def evaluate(s: State, player: cython.int) -> cython.double:
    """``player``'s reward in [0, 1]: 1 or 0 once the game is over, else its material
    share (in team play its team's: a win or an ally's strength counts as its own)."""
    team: cython.int = s.team[player]
    if s.phase == PH_GAME_OVER:
        if s.winner == player or (s.winner >= 0 and team != 0 and s.team[s.winner] == team):
            return 1.0
        return 0.0
    mine: cython.double = 0.0
    total: cython.double = 0.0
    here: cython.double
    p: cython.int
    for p in range(s.n_players):
        here = strength(s, p)
        total += here
        if p == player or (team != 0 and s.team[p] == team):
            mine += here
    if total <= 0.0:
        return 0.0
    return mine / total


# -- one search ----------------------------------------------------------------------------
@cython.final
@cython.cclass
class Search:
    """An ISMCTS search from one player's information set (see the module docstring)."""

    def __init__(self, info: State, player: int, seed: int, horizon: int = HORIZON,
                 model: WinModel | None = None,
                 strategies: list[tuple[int, ...]] | None = None,
                 targets: tuple[int, int] = (-1, -1)) -> None:
        self.info = info
        self.work = info.clone()
        self.player = player
        self.seed = seed
        self.tree = Tree()
        self.legal = ActionList()
        self.log = ActionList()
        self.rewards = array("d", [0.0] * MAX_PLAYERS)
        self.iterations = 0
        self.end_round = info.round + horizon  # the tree and playouts stop after this round
        # Modelled (a win model given): the playouts are the compiled rule-based player,
        # each player with its strategy (``strategies``, one per player; the searcher
        # carries on its war plan's ``targets``), scored by the model's win probability.
        self.model = model
        self.memory = None
        self.attack_target, self.push_target = targets
        if model is not None:
            if strategies is None or len(strategies) < info.n_players:
                raise ValueError("a modelled search needs every player's strategy")
            memory = PolicyMemory()
            for p in range(info.n_players):
                memory.set_strategy(p, strategies[p])
            self.memory = memory

    def run(self, iterations: int = 0, seconds: float = 0.0) -> int:
        """Iterate until ``iterations`` are done or ``seconds`` have passed; returns the count."""
        deadline = time.perf_counter() + seconds if seconds > 0 else 0.0
        done = 0
        while iterations <= 0 or done < iterations:
            self.iterate()
            done += 1
            if deadline and done % 8 == 0 and time.perf_counter() >= deadline:
                break
        return done

    @cython.ccall
    @cython.exceptval(check=True)
    def iterate(self) -> cython.void:
        """One determinization, selection, expansion, playout and backup."""
        d: State = self.work
        d.copy_from(self.info)
        self.iterations += 1
        x: cython.ulonglong = dice.rng_seed(self.seed * 1000003 + self.iterations)
        determinize.resample(d, self.player, x)
        node: cython.int = self._descend(d, x)
        x = dice.rng_next(x)
        if self.memory is None:
            playout.playout(d, x, PLAYOUT_ACTIONS, playout.HEURISTIC, self.end_round)
        else:
            self.memory.reset()
            self.memory.set_targets(self.player, self.attack_target, self.push_target)
            playout.policy_playout(d, self.memory, PLAYOUT_ACTIONS, self.end_round)
        self._backup(d, node)

    @cython.cfunc
    @cython.exceptval(-1, check=True)
    def _descend(self, d: State, x: cython.ulonglong) -> cython.int:
        """Select and expand down the tree on ``d``; returns the node reached."""
        tree: Tree = self.tree
        node: cython.int = 0
        chosen: cython.int
        while d.phase != PH_GAME_OVER and d.round <= self.end_round:
            macro.legal_macros(d, self.legal)
            if self.legal.n == 0:
                break
            if self.legal.n == 1:  # forced: no decision to learn
                self.log.clear()
                macro.apply_macro(d, self.legal[0], None, self.log)
                continue
            x = dice.rng_next(x)
            chosen = self._select_or_expand(d, node, x)
            if chosen < 0:
                break
            self.log.clear()
            macro.apply_macro(d, tree.macro[chosen], None, self.log)
            node = chosen
            if tree.visits[chosen] == 0:
                break  # a new node: the playout starts here
        return node

    @cython.cfunc
    @cython.exceptval(-1, check=True)
    def _select_or_expand(self, d: State, node: cython.int, x: cython.ulonglong) -> cython.int:
        tree: Tree = self.tree
        player: cython.int = d.current_player
        legal: ActionList = self.legal
        best: cython.int = -1
        best_score: cython.double = -1.0
        children: cython.int = 0
        child: cython.int = tree.first_child[node]
        score: cython.double
        while child >= 0:
            if tree.player[child] == player and legal.contains(tree.macro[child]):
                tree.avail[child] += 1
                children += 1
                if tree.visits[child] == 0:
                    score = 1e9
                else:
                    score = tree.reward[child] / tree.visits[child] + EXPLORATION * sqrt(
                        log(tree.avail[child]) / tree.visits[child])
                if score > best_score:
                    best_score = score
                    best = child
            child = tree.next_sibling[child]
        allowed: cython.double = WIDEN_K * (tree.visits[node] + 1) ** WIDEN_ALPHA
        if children < allowed or best < 0:
            fresh: cython.int = self._new_macro(d, node, player, x)
            if fresh >= 0:
                return tree.add(node, fresh, player)
        return best

    @cython.cfunc
    @cython.exceptval(-1, check=True)
    def _new_macro(self, d: State, node: cython.int, player: cython.int,
                   x: cython.ulonglong) -> cython.int:
        """A legal macro without a child yet, drawn at random."""
        legal: ActionList = self.legal
        i: cython.int
        fresh: ActionList = ActionList()
        for i in range(legal.n):
            if not self._has_child(node, legal[i], player):
                fresh.push(legal[i])
        if fresh.n == 0:
            return -1
        return fresh[dice.rng_below(x, fresh.n)]

    @cython.cfunc
    @cython.exceptval(-1, check=True)
    def _has_child(self, node: cython.int, code: cython.int, player: cython.int) -> cython.bint:
        tree: Tree = self.tree
        child: cython.int = tree.first_child[node]
        while child >= 0:
            if tree.macro[child] == code and tree.player[child] == player:
                return True
            child = tree.next_sibling[child]
        return False

    @cython.cfunc
    @cython.exceptval(check=True)
    def _backup(self, d: State, node: cython.int) -> cython.void:
        tree: Tree = self.tree
        rewards = self.rewards
        p: cython.int
        if self.model is None:
            for p in range(d.n_players):
                rewards[p] = evaluate(d, p)
        else:
            self.model.values(d, rewards)
        tree.visits[0] += 1
        while node > 0:
            tree.visits[node] += 1
            tree.reward[node] += rewards[tree.player[node]]
            node = tree.parent[node]
