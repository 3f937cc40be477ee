"""Computer players by name: what seats, the arena and the command line ask for.

A bot spec is a name, optionally with parameters after a colon, e.g.
``"random"``, ``"heuristic"``, ``"rule"``.  Every bot built here implements
:class:`se4x_core.ai.bot.Bot` and decides from what its player may know only.
``"rule"`` (``"policy"`` is the same player, its former name for the compiled
rules) takes a strategy, ``"rule:aggressive,military"``: a posture and a
purchase plan of :mod:`se4x_core.ai.strategy`.

>>> make_bot("random", seed=3).seed
3
>>> make_bot("nonsense", seed=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown bot 'nonsense' (known: ...)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from se4x_core.ai.alien_bot import AlienBot
from se4x_core.ai.belief import STYLE_CHOICES
from se4x_core.ai.bot import Bot
from se4x_core.ai.heuristic_bot import HeuristicBot
from se4x_core.ai.mcts_bot import LEVELS, MctsBot
from se4x_core.ai.mcts_bot import model_from as load_search_model
from se4x_core.ai.random_bot import RandomBot
from se4x_core.ai.rule_bot import RuleBot
from se4x_core.ai.search_bot import LEVELS as SEARCH_LEVELS
from se4x_core.ai.search_bot import SearchBot
from se4x_core.ai.strategic import MARGIN
from se4x_core.ai.strategy import parse
from se4x_core.ai.style_bot import STYLES, StyleBot

# The longer levels search on up to two cores (root parallelisation, one process each).
_CORES = max(1, min(2, os.cpu_count() or 1))

# name -> factory(seed, parameter text after the colon, or "")
FACTORIES: dict[str, Callable[[int, str], Bot]] = {
    "random": lambda seed, _arg: RandomBot(seed),
    "alien": lambda seed, _arg: AlienBot(seed),  # the solitaire scenario's alien seats
    "heuristic": lambda seed, _arg: HeuristicBot(seed),
    "rule": lambda seed, arg: RuleBot(seed, parse(arg)),
    # The rule bot's former compiled twin: now the same player, the name kept for specs.
    "policy": lambda seed, arg: RuleBot(seed, parse(arg)),
    "mcts": lambda seed, arg: _mcts(seed, arg, guide=False),
    "guided": lambda seed, arg: _mcts(seed, arg, guide=True),
    "search": lambda seed, arg: _search(seed, arg),
    "normal": lambda seed, _arg: _level(seed, "normal"),
    "hard": lambda seed, _arg: _level(seed, "hard"),
    "strongest": lambda seed, _arg: _level(seed, "strongest"),
    # The sparring pool (se4x_core.ai.style_bot): style:turtle, rush, raider, tech, expander.
    "style": lambda seed, arg: _style(seed, arg),
}


def _style(seed: int, arg: str) -> Bot:
    """A sparring bot of the pool: ``style:turtle`` (ValueError naming the styles)."""
    if arg not in STYLES:
        raise ValueError(f"style {arg!r}: one of {', '.join(STYLES)} (style:turtle)")
    return StyleBot(seed, STYLES[arg])


def _level(seed: int, name: str) -> Bot:
    """A level the app offers (:data:`se4x_core.ai.search_bot.LEVELS`), on up to two cores."""
    return SearchBot.for_level(SEARCH_LEVELS[name], seed, _CORES)


def _search(seed: int, arg: str) -> Bot:
    """The strategy search with a budget, on one core: ``search:s40`` (40 samples per
    strategic decision and 40 iterations per battle decision: the same games on any
    machine), ``search:s40b300`` (300 battle iterations rather than 40),
    ``search:s40h2`` (two rounds ahead, in the alien solitaire too; without ``hN`` the
    solitaire's futures run :data:`~se4x_core.ai.search_bot.SOLITAIRE_HORIZON` rounds),
    ``search:s40w`` (the wide option sets),
    ``search:s40v`` (the battle search modelled: the rule-based player's playouts, the
    win model's scores), ``search:s40o`` (the futures' opponents drawn from the player's
    belief about their styles, :mod:`se4x_core.ai.belief`), ``search:s40g`` (greedy:
    the best mean wherever it beats the rule bot's choice), ``search:s40e`` (no margin:
    the best option wherever its gain beats one standard error), ``search:s40f3`` (the 3
    best attack targets weighed as postures too), ``search:s40r16`` (each opponent
    taken to play what its own greedy search would choose, weighed on 16 samples:
    :func:`~se4x_core.ai.strategic.response_statistics`), ``search:s40n50`` (a game
    matrix: every option against each opponent reply, weighed against the replies' mix
    half at the game's equilibrium and half the default), ``search:0.5`` (seconds); ``@FILE``
    after any of them scores the playouts with the win model in FILE
    (``search:s40@model.json``, to compare evaluations); ``~STYLE`` before it keeps a
    style's posture and plan first (``search:s4b50~rush``: a searching sparring partner
    that plays the rush wherever the search does not find better; the styles of
    :data:`~se4x_core.ai.belief.STYLE_CHOICES`); ``^STYLE/ROUND`` after the belief
    (``search:s4b50o^raider/10``) takes every opponent to play STYLE from ROUND on (1
    if left out), whatever the belief says: a measuring device for what knowing a
    style is worth, not a player's inference."""
    arg, _, model_path = arg.partition("@")
    arg, has_assumption, assumed = arg.partition("^")
    arg, has_style, style = arg.partition("~")
    if has_style and style not in STYLE_CHOICES:
        raise ValueError(f"search style {style!r}: one of {', '.join(STYLE_CHOICES)} "
                         f"(search:s4b50~rush)")
    if _ and not model_path:
        raise ValueError("search: a model file after @")
    if model_path:
        load_search_model(model_path)  # a bad file is refused now, not in a game
    spec = arg
    wide = modelled = opponents = greedy = no_margin = False
    while arg[-1:] in ("w", "v", "o", "g", "e"):
        wide, modelled = wide or arg[-1] == "w", modelled or arg[-1] == "v"
        opponents = opponents or arg[-1] == "o"
        greedy, no_margin = greedy or arg[-1] == "g", no_margin or arg[-1] == "e"
        arg = arg[:-1]
    assumption = _assumption(assumed) if has_assumption else None
    if assumption is not None and not opponents:
        raise ValueError(f"search: an assumed style (^{assumed}) overrides the belief: "
                         f"give the belief too (search:s4b50o^{assumed})")
    try:
        arg, horizon, focuses, respond, matrix = _search_modifiers(arg)
        samples, battle_iterations, seconds, battle_seconds = _budget(arg)
    except ValueError:
        raise ValueError(f"search budget {spec!r}: give samples (search:s40, search:s40b300, "
                         f"search:s40h2, search:s40f3, search:s40r16, search:s40n50, "
                         f"search:s40w, search:s40v, "
                         f"search:s40o, search:s40g, search:s40e) or seconds "
                         f"(search:0.2)") from None
    fixed = horizon if re.search(r"h\d", spec) else 0  # hN: in the solitaire too
    return SearchBot(seed, seconds=seconds, samples=samples, horizon=horizon,
                     battle_seconds=battle_seconds, battle_iterations=battle_iterations,
                     wide=wide, model_path=model_path, modelled_battles=modelled,
                     focuses=focuses, modelled_opponents=opponents,
                     solitaire_horizon=fixed, greedy=greedy,
                     margin=0.0 if no_margin else MARGIN, style=style,
                     assumption=assumption, respond=respond, matrix=matrix)


def _budget(arg: str) -> tuple[int, int, float, float]:
    """A search budget without its modifiers: ``s40`` or ``s40b300`` (samples, and
    battle iterations as many or as given) or seconds (``0.5``, the battle search a
    quarter of them); as (samples, battle iterations, seconds, battle seconds), samples 0
    for a budget in time.  ValueError for anything else."""
    if arg.startswith("s"):
        arg, has_battle, battle = arg.partition("b")
        samples = int(arg[1:])
        battle_iterations = int(battle) if has_battle else samples
        if samples < 1 or battle_iterations < 0:
            raise ValueError
        return samples, battle_iterations, 0.2, 0.0
    seconds = float(arg) if arg else 0.1
    if not 0 < seconds < 3600:
        raise ValueError
    return 0, 0, seconds, seconds / 4


def _assumption(text: str) -> tuple[str, int]:
    """``STYLE`` or ``STYLE/ROUND`` of a search spec's ``^``: the style every opponent
    is taken to play, and the round it starts (ValueError naming what is wrong)."""
    style, has_round, first = text.partition("/")
    if style not in STYLE_CHOICES:
        raise ValueError(f"assumed style {style!r}: one of {', '.join(STYLE_CHOICES)} "
                         f"(search:s4b50o^raider/10)")
    if not has_round:
        return style, 1
    if not first.isdigit() or int(first) < 1:
        raise ValueError(f"assumed style {text!r}: the round after / is a whole number "
                         f"from 1 (search:s4b50o^raider/10)")
    return style, int(first)


def _search_modifiers(arg: str) -> tuple[str, int, int, int, int]:
    """The budget without its trailing ``hN`` (rounds ahead, 1-4), ``fN`` (focus
    options, 1-8), ``rN`` (samples of each opponent's modelled choice, 1-1000) and
    ``nP`` (the game matrix's percent on the equilibrium, 0-100: 0 none), in any order;
    ValueError if one is out of range."""
    budget, tail = re.fullmatch(r"(.*?)((?:[hfrn]\d+)*)", arg).groups()  # type: ignore[union-attr]
    found = {key: int(value) for key, value in re.findall(r"([hfrn])(\d+)", tail)}
    horizon, focuses, respond = found.get("h", 1), found.get("f", 0), found.get("r", 0)
    if not 1 <= horizon <= 4 or ("f" in found and not 1 <= focuses <= 8) \
            or ("r" in found and not 1 <= respond <= 1000) \
            or not 0 <= found.get("n", 0) <= 100:
        raise ValueError
    return budget, horizon, focuses, respond, found.get("n", 0)


def _mcts(seed: int, arg: str, guide: bool) -> Bot:
    """A search with a budget: ``mcts`` (0.1 s a search), ``mcts:0.3`` (seconds) or
    ``mcts:i500`` (iterations); ``guided`` is the same search checking the rule bot's moves.
    """
    name = "guided" if guide else "mcts"
    try:
        if arg.startswith("i"):
            iterations = int(arg[1:])
            if iterations < 1:
                raise ValueError
            return MctsBot(seed, iterations=iterations, guide=guide)
        seconds = float(arg) if arg else LEVELS["normal"]
        if not 0 < seconds < 3600:
            raise ValueError
        return MctsBot(seed, seconds=seconds, guide=guide)
    except ValueError:
        raise ValueError(f"{name} budget {arg!r}: give seconds ({name}:0.1) or iterations "
                         f"({name}:i500)") from None


def bot_names() -> list[str]:
    return sorted(FACTORIES)


def make_bot(spec: str, seed: int) -> Bot:
    """The bot a spec names (``name`` or ``name:parameters``); ValueError if unknown."""
    name, _, arg = spec.partition(":")
    factory = FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    return factory(seed, arg)
