"""A hint for a human player: what the Hard level would do now, and why, in one line.

The same search as the Hard level (:class:`se4x_core.ai.search_bot.SearchBot`),
from the player's own observation and information set: in the Movement phase it
searches the fleet's posture for this turn, in the Economic Phase the purchase plan,
in a battle it checks the rule-based choice against a battle search; then the
rule-based player names the next move under that strategy.  The line says the move in
the player's words (their group's name, the hex's label) and what the search found in
words a player reads right: "wins 58% of 400 simulated futures" is the mean chance to
win, estimated at the end of each future the search played out.

>>> from se4x_core.game import Game
>>> game = Game.new_game({"players": 2, "seed": 2})
>>> player = game.current_player
>>> line = hint(game.observation(player), game.legal_actions(), game.information_set(player),
...             seed=1, samples=2)
>>> line.startswith("Place your homeworld")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.ai.search_bot import LEVELS, Decision, SearchBot
from se4x_core.hexgrid import board_for
from se4x_core.observation import Observation

# How each option reads in a sentence (a focus option's name is already its words:
# se4x_core.ai.search_bot.focus_name).
OPTION_WORDS: dict[str, dict[str, str]] = {
    "posture": {"default": "the usual plan of attack", "aggressive": "an aggressive attack",
                "strike": "a strike at the enemy homeworld", "raid": "raids on enemy colonies",
                "hold": "holding the fleet at home", "cautious": "attacks only at good odds",
                "reckless": "attacks even at even odds",
                "all-in strike": "an all-in strike at the enemy homeworld",
                "patient strike": "a strike at the enemy homeworld once the odds are good",
                "bold raid": "bold raids on enemy colonies",
                "careful raid": "careful raids on enemy colonies",
                "guard": "guarding the colonies against raids",
                "assault": "an all-out assault on the alien homeworlds"},
    "plan": {"default": "the usual purchases", "military": "warships first",
             "technology": "research first", "expansion": "expansion",
             "fortify": "defences at home", "all-out navy": "every CP into warships",
             "arms race": "combat technology first", "growth research":
             "movement and ship yard technology first", "settle and arm":
             "colony ships and warships", "land grab": "as many colony ships as possible",
             "carrier fleet": "carriers and fighters first",
             "raider fleet": "cloaking and raiders first",
             "minefield": "mines at home and minesweepers first"},
}
# The level whose search the hint asks: the strongest that answers within a moment on
# one core (the hint runs beside the app, while the player waits).
HINT_LEVEL = "hard"
KIND_WORDS: dict[str, str] = {"posture": "this turn's fleet posture",
                              "plan": "this phase's purchases"}


def hint(observation: Observation, legal: Sequence[Action], information_set: str, seed: int,
         seconds: float = LEVELS[HINT_LEVEL].seconds,
         samples: int = LEVELS[HINT_LEVEL].samples) -> str:
    """One line: the move the Hard level would make and what its search found
    (``information_set``: the player's, :meth:`se4x_core.game.Game.information_set`);
    the Hard level's budget (``samples``, at most ``seconds``) on one core."""
    if not legal:
        return "Nothing to decide now."
    level = LEVELS[HINT_LEVEL]
    bot = SearchBot.for_level(level, seed, 1, seconds=seconds, samples=samples,
                              battle_iterations=min(
                                  samples * level.battle_iterations // level.samples,
                                  level.battle_iterations) or 1)
    bot.inform(information_set)
    action = bot.step(observation, legal)
    move = words_of(observation, action)
    if bot.last is not None:
        return f"{move}: {_decision_words(bot.last)}."
    battles = bot.battles
    if battles is not None and battles.last_iterations:
        return (f"{move}: the battle search agrees with the rule of thumb here"
                if not battles.deviations else
                f"{move}: a battle search over {battles.last_iterations:,} simulated futures "
                f"found it better than the rule of thumb's choice")
    return f"{move}: the rule of thumb's choice."


def _decision_words(decision: Decision) -> str:
    """What a strategic search found, in words."""
    words = OPTION_WORDS[decision.kind]
    chosen = decision.stats[decision.chosen]
    name = decision.names[decision.chosen]
    line = (f"{KIND_WORDS[decision.kind]}, {words.get(name, name)}, wins "
            f"{_percent(chosen.mean)} of {chosen.samples:,} simulated futures")
    if decision.chosen != 0:
        usual = decision.stats[0]
        line += f" (the usual choice: {_percent(usual.mean)})"
    return line


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def words_of(obs: Observation, action: Action) -> str:
    """An action in the player's words ("Retreat to 0405", "Fire at SC1")."""
    board = board_for(obs["board"])
    kind = action.kind
    if kind == "place_homeworld":
        return f"Place your homeworld at {board.label(action.hex)}"
    if kind == "move":
        here = next((u["hex"] for u in obs["units"] if u["unit"] == action.unit), -1)
        there = board.neighbour(here, action.dir) if here >= 0 else -1
        where = f" to {board.label(there)}" if there >= 0 else ""
        return f"Move {_unit_name(obs, action.unit)}{where}"
    if kind == "fire":
        return f"Fire at {_unit_name(obs, action.target)}"
    if kind == "retreat":
        battle = obs.get("battle")
        there = board.neighbour(battle["hex"], action.dir) if battle else -1
        return f"Retreat to {board.label(there)}" if there >= 0 else "Retreat"
    if kind == "choose_order":
        choices = obs.get("order_choices") or []
        if 0 <= action.order < len(choices):
            names = ", ".join("you" if p == obs["viewer"] else f"player {p + 1}"
                              for p in choices[action.order])
            return f"Choose the player order {names}"
    if kind == "buy":
        return f"Buy a {data.UNIT_NAMES[action.unit_type].lower()} at {board.label(action.hex)}"
    if kind == "research":
        return f"Research {data.TECH_NAMES[action.tech]}"
    if kind == "bid":
        return f"Bid {action.amount} CP for the player order"
    if kind in ("colonize", "load", "unload", "refit", "scuttle"):
        return f"{kind.capitalize()} {_unit_name(obs, action.unit)}"
    return _PLAIN.get(kind) or str(action).replace("_", " ").capitalize()


# Actions without parameters worth naming.
_PLAIN: dict[str, str] = {"end_movement": "End your movement",
                          "end_purchases": "End your purchases",
                          "hold": "Hold (a screened group stays)",
                          "fire_colony": "Fire at the colony",
                          "done_screening": "Screen no more groups"}


def _unit_name(obs: Observation, unit: int) -> str:
    """A unit as the player's screen names it: "CA1", an enemy "group", a machine."""
    for machine in obs.get("machines") or []:
        if machine["unit"] == unit:
            return f"Doomsday Machine {machine['number']}"
    for view in obs["units"]:
        if view["unit"] == unit:
            kind = view.get("unit_type") or "group"
            return f"{kind}{view.get('number', '')}"
    return f"unit {unit}"
