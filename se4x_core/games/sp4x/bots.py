"""Computer players for SP4X: a uniform random bot and a rule bot.

Both are :class:`se4x_core.gamekit.bot.Bot` over SP4X's observation, actions and
information set, and decide from the player's observation and the legal actions
only, never from the state.  :func:`choose` asks a bot for a game's current player,
as a table does.

The rule bot follows the strategy notes of the rules (Danish "Overordnet
strategi", English summary A.8): track who holds what and draw from the
player known to hold the card you need; hold pairs until they score well
and use single cards to set them up; want the AI; play the War pair early
rather than let someone else start a great War; Steal is good as a single
card, bad as a pair; hold many cards when the Star card appears.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from se4x_core.gamekit import bot as gamekit_bot
from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.data import CARD_NAMES, PLAN_CHOICES, load
from se4x_core.games.sp4x.observation import InformationSet, Observation

if TYPE_CHECKING:
    from se4x_core.games.sp4x.game import Game

Cell = tuple[int, int]
DIRS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
RESOURCES = ("plastic", "food", "metal")


class Sp4xBot(gamekit_bot.Bot[Observation, Action, InformationSet | None]):
    """A computer player of SP4X: its information set is the card tracking a search
    samples hidden hands from (None until informed)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.information_set = None


def choose(bot: Sp4xBot, game: Game, player: int | None = None) -> Action:
    """``bot``'s decision for ``player`` (default: the one to decide) at ``game``."""
    action: Action = gamekit_bot.ask(bot, game, player)
    return action


class RandomBot(gamekit_bot.RandomBot[Action], Sp4xBot):
    """Uniformly random among the legal actions."""


# -- a board view built from the observation ---------------------------------------------
class View:
    """The public board of an observation, keyed by axial cells, for quick estimates."""

    def __init__(self, obs: Observation) -> None:
        self.me = obs["viewer"]
        self.tiles: dict[Cell, str] = {(t["q"], t["r"]): t["kind"] for t in obs["tiles"]}
        self.men: list[dict[Cell, int]] = []
        self.bases: list[set[Cell]] = []
        self.roads: list[set[frozenset[Cell]]] = []
        for pv in obs["players"]:
            pieces = pv["pieces"]
            self.men.append({(m[0], m[1]): m[2] for m in pieces["men"]})
            self.bases.append({(b[0], b[1]) for b in pieces["bases"]})
            self.roads.append({frozenset({(r[0], r[1]), (r[2], r[3])})
                               for r in pieces["roads"]})
        self.data = load()
        self.kinds = {kind.name: kind for kind in self.data.tiles}

    def others_on(self, c: Cell) -> bool:
        return any(c in self.men[p] or c in self.bases[p]
                   for p in range(len(self.men)) if p != self.me)

    def bonus(self) -> int:
        points = sum(self.kinds[self.tiles[c]].bonus_man for c in self.men[self.me])
        return points + sum(self.kinds[self.tiles[c]].bonus_base for c in self.bases[self.me])

    def connected(self, bases: set[Cell], roads: set[frozenset[Cell]]) -> int:
        best, left = 0, set(bases)
        while left:
            start = left.pop()
            seen, frontier = {start}, [start]
            while frontier:
                here = frontier.pop()
                for dq, dr in DIRS:
                    there = (here[0] + dq, here[1] + dr)
                    if there not in seen and frozenset({here, there}) in roads:
                        seen.add(there)
                        frontier.append(there)
            left -= seen
            best = max(best, len(seen & bases))
        return best

    def build_points(self, extra_base: Cell | None = None,
                     extra_road: frozenset[Cell] | None = None) -> int:
        bases = self.bases[self.me] | ({extra_base} if extra_base else set())
        roads = self.roads[self.me] | ({extra_road} if extra_road else set())
        table = self.data.scores["build_connected_bases"]
        return int(table[min(self.connected(bases, roads), len(table) - 1)])

    def harvest(self, resource: int) -> int:
        occupied = set(self.men[self.me]) | self.bases[self.me]
        return sum(self.kinds[self.tiles[c]].yields[resource] for c in occupied)

    def shared(self) -> int:
        occupied = set(self.men[self.me]) | self.bases[self.me]
        return sum(1 for c in occupied if self.others_on(c))

    def present(self, p: int) -> int:
        cells = set(self.men[p]) | self.bases[p]
        for road in self.roads[p]:
            cells |= road
        return len(cells)


# -- the rule bot ---------------------------------------------------------------------------
class RuleBot(Sp4xBot):
    """Plays by the strategy notes of the rules, with simple estimates of each choice."""

    def step(self, observation: Observation, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        view = View(observation)
        scored = [(self._value(observation, view, a) + self.rnd.random() * 0.01, i)
                  for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    def ranked(self, observation: Observation, legal: Sequence[Action]) -> list[Action]:
        """``legal`` best first by this bot's estimates, without its random nudge (a
        search's candidates and tie order); equal estimates keep the legal order."""
        view = View(observation)
        values = [self._value(observation, view, a) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        return [legal[i] for i in order]

    # one number per legal action; the highest is played
    def _value(self, obs: Observation, view: View, action: Action) -> float:
        handler = getattr(self, f"_v_{action.kind}", None)
        return float(handler(obs, view, action)) if handler is not None else 0.0

    # -- cards ---------------------------------------------------------------------------
    def _want(self, obs: Observation, card: str) -> float:
        """How much the viewer wants one more ``card``."""
        held = obs["hand"].get(card, 0)
        if card == "ai":
            return 3.0
        if card == "steal":
            return 0.8 if held == 0 else 0.2
        if held == 1:
            return 2.0
        return 0.6 if held == 0 else 0.3

    def _unseen(self, obs: Observation) -> dict[str, int]:
        """Cards whose place the viewer cannot name (in opponents' hands, or in the deck
        under its face-up top)."""
        counts = dict(zip(CARD_NAMES, load().card_counts, strict=True))
        seen: list[dict[str, int]] = [obs["hand"], obs["discard"]]
        seen += [pv["known"] for pv in obs["players"] if pv["player"] != obs["viewer"]]
        for source in seen:
            for card, k in source.items():
                counts[card] -= k
        if obs["deck_top"] not in ("", "star"):
            counts[obs["deck_top"]] -= 1
        for laid in obs["chain"]:
            counts[laid["card"]] -= 1
        for pv in obs["players"]:
            counts["plan"] -= pv["plan_laid"]
        return {card: max(0, k) for card, k in counts.items()}

    def _v_draw(self, obs: Observation, view: View, action: Action) -> float:
        pv = obs["players"][action.player]
        unseen = self._unseen(obs)
        total = sum(unseen.values())
        mean = sum(self._want(obs, c) * k for c, k in unseen.items()) / total if total else 0
        known = pv["known"]
        slots = pv["hand_size"] - sum(known.values())
        value = sum(self._want(obs, c) * k for c, k in known.items()) + slots * mean
        return value / max(1, pv["hand_size"])

    def _pair_points(self, obs: Observation, view: View, card: str) -> float:
        """What playing ``card`` as a pair would score now (an estimate)."""
        bonus = view.bonus()
        scores = view.data.scores
        if card == "move":
            near = 1 if (0, 0) not in view.men[view.me] else 0
            return int(scores["move"]) + bonus + near
        if card == "build":
            can_base = any(c not in view.bases[view.me] for c in view.men[view.me]) and \
                obs["players"][view.me]["pieces"]["pool"]["bases"] > 0
            best = view.build_points()
            if can_base:
                best = max(best, max(view.build_points(extra_base=c)
                                     for c in view.men[view.me]))
            return best + bonus
        if card == "exploit":
            return max(view.harvest(r) for r in range(3)) + bonus
        if card == "men":
            return int(scores["men_per_shared_tile"]) * view.shared() + bonus
        if card == "war":
            mine = view.present(view.me)
            others = max(view.present(p) for p in range(len(view.men)) if p != view.me)
            return 2.0 * (mine - others) + 4
        if card == "plan":
            return int(scores["plan"]) + bonus + 1
        return float(scores["steal"])

    def _single_value(self, obs: Observation, view: View, card: str) -> float:
        me = obs["players"][view.me]
        if card == "steal":
            rich = any(sum(pv["resources"].values()) > 0 for pv in obs["players"]
                       if pv["player"] != view.me)
            return 1.5 if rich else 0.2
        if card == "war":
            return 0.1
        if card == "plan":
            holds_pair = any(k >= 2 for c, k in obs["hand"].items() if c != "plan")
            return 1.2 if holds_pair or "ai" in obs["hand"] else 0.3
        if card == "men":
            return 1.0 if me["pieces"]["pool"]["men"] > 0 else 0.1
        if card == "build":
            return 0.9
        if card == "exploit":
            return 0.8
        return 0.8  # move & explore

    def _v_show(self, obs: Observation, view: View, action: Action) -> float:
        card = action.card or ""
        if obs["star_exposed"]:
            return 0.7 * self._pair_points(obs, view, card) - 1.5
        top = obs["deck_top"]
        keep = 0.5 if obs["hand"].get(card, 0) >= 2 else 0.0
        return self._single_value(obs, view, card) + 0.3 * self._want(obs, top) - keep

    def _v_pair(self, obs: Observation, view: View, action: Action) -> float:
        card = action.card or ""
        if card == "steal":
            return -5.0
        points = self._pair_points(obs, view, card)
        deck_left = obs["deck_size"] - 1
        if card == "war":
            return 6.0 if deck_left > 4 else points - 2
        hold = 2.5 if deck_left > 5 else 0.5
        return points - hold

    def _v_ai_pair(self, obs: Observation, view: View, action: Action) -> float:
        card = action.card or ""
        if card == "war":
            return 0.0
        effect = {"steal": 2.0, "men": 1.5, "build": 1.5, "exploit": 1.2, "move": 1.0,
                  "plan": 1.6}.get(card, 0.5)
        return view.bonus() + effect + 0.5

    # -- the actions' own decisions ---------------------------------------------------------
    def _v_move(self, obs: Observation, view: View, action: Action) -> float:
        assert action.cell is not None and action.dst is not None
        src, dst = action.cell, action.dst
        mine = view.men[view.me]
        value = 0.0
        if dst == (0, 0) and (0, 0) not in mine:
            value += 3
        if src == (0, 0) and mine.get(src, 0) == 1:
            value -= 3
        if view.others_on(dst) and dst not in mine and dst not in view.bases[view.me]:
            value += 1.5
        if view.kinds[view.tiles[dst]].power and dst not in mine:
            value += 1.2
        if src in view.bases[view.me] and mine.get(src, 0) == 1:
            value -= 0.8
        return value - 0.5

    _v_buy_move = _v_move

    def _v_explore(self, obs: Observation, view: View, action: Action) -> float:
        return 2.0

    def _road_value(self, view: View, action: Action) -> float:
        assert action.cell is not None
        dq, dr = DIRS[action.dir]
        a, b = action.cell, (action.cell[0] + dq, action.cell[1] + dr)
        road = frozenset({a, b})
        gain = view.build_points(extra_road=road) - view.build_points()
        value = 0.3 + gain
        if view.kinds[view.tiles[b]].barrier or b in view.bases[view.me]:
            value += 0.8
        return value

    def _v_road(self, obs: Observation, view: View, action: Action) -> float:
        return self._road_value(view, action)

    def _v_buy_road(self, obs: Observation, view: View, action: Action) -> float:
        return self._road_value(view, action) - 1.0

    def _v_base(self, obs: Observation, view: View, action: Action) -> float:
        assert action.cell is not None
        kind = view.kinds[view.tiles[action.cell]]
        return 3.0 + kind.bonus_base * 2 + (1 if view.others_on(action.cell) else 0)

    def _v_harvest_type(self, obs: Observation, view: View, action: Action) -> float:
        r = RESOURCES.index(action.resource or "plastic")
        me = obs["players"][view.me]
        room = me["capacity"][RESOURCES[r]] - me["resources"][RESOURCES[r]]
        return view.harvest(r) + 0.3 * min(room, view.harvest(r))

    def _v_harvest(self, obs: Observation, view: View, action: Action) -> float:
        assert action.cell is not None
        me = obs["players"][view.me]
        yields = view.kinds[view.tiles[action.cell]].yields
        return sum(min(y, me["capacity"][RESOURCES[r]] - me["resources"][RESOURCES[r]])
                   for r, y in enumerate(yields))

    def _v_use_power(self, obs: Observation, view: View, action: Action) -> float:
        return 1.5

    def _v_use_powers(self, obs: Observation, view: View, action: Action) -> float:
        return 1.0 + len(obs["pending"]["powers"] if obs["pending"] else [])

    def _v_fill(self, obs: Observation, view: View, action: Action) -> float:
        me = obs["players"][view.me]
        name = action.resource or "plastic"
        return me["capacity"][name] - me["resources"][name]

    def _v_teleport(self, obs: Observation, view: View, action: Action) -> float:
        assert action.dst is not None
        if action.dst == (0, 0) and (0, 0) not in view.men[view.me]:
            return 3.0
        return 1.0 if view.others_on(action.dst) and action.dst not in view.men[view.me] \
            else -1.0

    def _v_place_men(self, obs: Observation, view: View, action: Action) -> float:
        assert action.cell is not None
        return 2.0 + (1 if view.others_on(action.cell) else 0)

    def _v_buy_man(self, obs: Observation, view: View, action: Action) -> float:
        food = obs["players"][view.me]["resources"]["food"]
        return (0.5 if food >= 3 or obs["star_exposed"] else -1.0) + \
            self._v_place_men(obs, view, action) - 2.0

    def _v_steal(self, obs: Observation, view: View, action: Action) -> float:
        me = obs["players"][view.me]
        name = action.resource or "plastic"
        room = me["capacity"][name] - me["resources"][name]
        leader = obs["players"][action.player]["score"] / 20
        return 1.0 + (1 if room > 0 else -0.5) + leader

    def _v_nominate(self, obs: Observation, view: View, action: Action) -> float:
        victim = obs["players"][action.player]
        pending = obs["pending"]
        single = pending is not None and pending["act"] == "war1"
        return victim["score"] / 10 - (0.5 if single else 0)

    def _v_pay_metal(self, obs: Observation, view: View, action: Action) -> float:
        return 2.0

    def _v_lose_road(self, obs: Observation, view: View, action: Action) -> float:
        return 1.0

    def _v_lose_man(self, obs: Observation, view: View, action: Action) -> float:
        assert action.cell is not None
        return 0.8 if view.men[view.me].get(action.cell, 0) > 1 else 0.5

    def _v_lose_base(self, obs: Observation, view: View, action: Action) -> float:
        return 0.0

    def _v_plan(self, obs: Observation, view: View, action: Action) -> float:
        choice = action.choice or PLAN_CHOICES[0]
        return self._pair_points(obs, view, choice)

    def _v_act_first(self, obs: Observation, view: View, action: Action) -> float:
        pending = obs["pending"]
        return 1.0 if pending is not None and pending["card"] in ("move", "build") else 0.0

    def _v_act_last(self, obs: Observation, view: View, action: Action) -> float:
        return 0.5

    def _v_done(self, obs: Observation, view: View, action: Action) -> float:
        return 0.25

    def _v_end_turn(self, obs: Observation, view: View, action: Action) -> float:
        return 0.0

    def _v_take_top(self, obs: Observation, view: View, action: Action) -> float:
        return 1.0

    def _v_show_ai(self, obs: Observation, view: View, action: Action) -> float:
        return 0.0


BOTS: dict[str, type[Sp4xBot]] = {"random": RandomBot, "rule": RuleBot}
