"""The learned evaluation: each player's chance to win, from a state, in compiled code.

Why: the search looks a round or two ahead and must then say who is
winning.  The hand-made material share (``se4x_core.ai.ismcts.evaluate``)
guesses; this model was fitted on recorded bot games
(``python -m se4x_core.devtools.train_eval``, which documents the data,
the fitting and the figures) to estimate ``P(player i wins)`` from the
features of :mod:`se4x_core.sim.features`:

* every player gets a score from its own feature vector with weights shared
  by all players, either ``w . f`` (a multinomial logit) or ``v . tanh(W f +
  b)`` (one hidden layer); the features' standardisation (training means and
  scales, stored with the weights) is folded into ``w`` and ``W`` at load;
* the players' probabilities are the softmax of the scores over the living
  players (an eliminated empire has 0); in team play a team's probability is
  the sum of its members' (:meth:`WinModel.values`);
* once the game is over with a winner the result is exact: 1 for the winner
  (a winning team's members share it), 0 for the others; after the round
  limit, with no winner, the model's estimate stands (the arena decides such
  games by a tiebreak the features see: homeworlds, income, fleet).

The alien solitaire has a model of its own (:func:`model_for` picks it): its
alien players, with banks and no colonies, are outside every game the shipped
model saw.

The weights ship in ``resources/eval/win_model.json`` (:data:`MODEL_PATH`,
beside the packages as the app's other resources, in the bundle too) and
are loaded once, on first use (:func:`default_model`); the Strongest level's, trained
on the search's own games too, beside them (:data:`EXPERT_MODEL_PATH`).  Inference runs on
C arrays (compiled: no Python object in the loops): features for every
player (a few microseconds), then a few thousand multiply-adds.

For the search: :func:`values` is ``ismcts.evaluate`` for every player at
once, and ``ismcts.Search._backup`` could read

.. code-block:: python

    evaluation.values(d, self.rewards)   # in place of: rewards[p] = evaluate(d, p)

with ``from se4x_core.sim import evaluation`` (and ``cimport evaluation`` in
its ``.pxd``); :func:`value` is the one-player form.  A retrained or another
model: ``set_default_model(load_model(path))``.

>>> from se4x_core.rules import engine
>>> s = engine.new_state({"players": 3, "seed": 5})
>>> p = probabilities(s)
>>> len(p), abs(sum(p) - 1.0) < 1e-12
(3, True)
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cython

from se4x_core import paths
from se4x_core.rules.state import State
from se4x_core.sim.features import FEATURE_NAMES, Features

if TYPE_CHECKING:
    from typing import TypeAlias

    # An alias, not spelled out where used: Cython reads ``array[float]`` as another
    # type than the .pxd's ``array``.
    DoubleArray: TypeAlias = array[float]

if not cython.compiled:  # compiled, the .pxd's `cimport *` makes them C constants
    from se4x_core.rules.codes import *
    from se4x_core.sim.features import N_FEATURES

if cython.compiled:
    from cython.cimports.libc.math import exp, tanh
    from cython.cimports.libc.stdlib import free, malloc
else:
    from math import exp, tanh

MODEL_PATH: Path = paths.resource("eval", "win_model.json")
# The same model retrained on the search's own games as well (expert iteration: the
# 2,400 games of MODEL_PATH's and 800 two-player games with search seats; its
# provenance says how): the Strongest level's evaluation (se4x_core.ai.search_bot.LEVELS).
EXPERT_MODEL_PATH: Path = MODEL_PATH.with_name("win_model_expert.json")
# The official alien solitaire's: fitted on solitaire games only (``se4x train-eval
# --aliens``; its provenance says how), the player's chance against the alien players,
# who count as one side.  An alien player is outside every game MODEL_PATH saw.
SOLITAIRE_MODEL_PATH: Path = MODEL_PATH.with_name("solitaire_model.json")
MODEL_FORMAT: str = "se4x-win-model"
MODEL_VERSIONS: tuple[int, ...] = (1,)
KINDS: tuple[str, ...] = ("logit", "mlp")


class ModelError(ValueError):
    """A model file that cannot serve: missing, damaged, or for other features."""


@cython.final
@cython.cclass
class WinModel:
    """One fitted model's weights in C arrays, and the buffers inference reuses.

    ``w1`` holds a logit's weights (``n_features``), or an MLP's hidden-layer
    weights (``n_hidden`` rows of ``n_features``), standardisation folded in;
    ``b1`` and ``w2`` the MLP's hidden biases and output weights.
    """

    if TYPE_CHECKING:
        kind: str
        document: dict[str, Any]
        n_features: cython.int
        n_hidden: cython.int
        w1: cython.p_double
        b1: cython.p_double
        w2: cython.p_double
        probs: cython.p_double
        features: Features

    def __init__(self, document: dict[str, Any], kind: str | None = None) -> None:
        model = _check_document(document, kind)
        self.kind = model["kind"]
        self.document = document
        self.n_features = N_FEATURES
        self.n_hidden = int(model["hidden"]) if self.kind == "mlp" else 0
        self.features = Features()
        w1, b1, w2 = _folded(model, self.kind)
        self.w1 = _allocate(len(w1))
        self.b1 = _allocate(len(b1))
        self.w2 = _allocate(len(w2))
        self.probs = _allocate(MAXP)
        if cython.compiled:
            if (self.w1 == cython.NULL or self.b1 == cython.NULL or self.w2 == cython.NULL
                    or self.probs == cython.NULL):
                raise MemoryError()
        i: cython.int
        for i in range(len(w1)):
            self.w1[i] = w1[i]
        for i in range(len(b1)):
            self.b1[i] = b1[i]
        for i in range(len(w2)):
            self.w2[i] = w2[i]

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self.w1)
            free(self.b1)
            free(self.w2)
            free(self.probs)

    # -- the computation ------------------------------------------------------------------------
    @cython.cfunc
    @cython.exceptval(check=False)
    def _score(self, f: cython.p_double, base: cython.int) -> cython.double:
        """The score of the feature vector at ``f[base:base + n_features]``."""
        k: cython.int
        j: cython.int
        total: cython.double = 0.0
        unit: cython.double
        if self.n_hidden == 0:
            for k in range(self.n_features):
                total += self.w1[k] * f[base + k]
            return total
        for j in range(self.n_hidden):
            unit = self.b1[j]
            for k in range(self.n_features):
                unit += self.w1[j * self.n_features + k] * f[base + k]
            total += self.w2[j] * tanh(unit)
        return total

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _estimate(self, s: State) -> cython.int:
        """``probs``: each player's win probability by the model (game over or not)."""
        self.features.compute(s)
        f: cython.p_double = self.features.values
        p: cython.int
        top: cython.double = -1e300
        total: cython.double = 0.0
        for p in range(s.n_players):
            if s.alive[p]:
                self.probs[p] = self._score(f, p * N_FEATURES)
                if self.probs[p] > top:
                    top = self.probs[p]
        for p in range(s.n_players):
            if s.alive[p]:
                self.probs[p] = exp(self.probs[p] - top)
                total += self.probs[p]
            else:
                self.probs[p] = 0.0
        if total > 0.0:
            for p in range(s.n_players):
                self.probs[p] /= total
        return 0

    @cython.cfunc
    @cython.exceptval(-1, check=False)
    def _fill(self, s: State) -> cython.int:
        """``probs`` for ``s``: exact once somebody has won, else the model's."""
        p: cython.int
        winners: cython.int = 0
        if s.phase != PH_GAME_OVER or s.winner < 0:
            return self._estimate(s)
        for p in range(s.n_players):
            if _same_side(s, p, s.winner):
                winners += 1
        for p in range(s.n_players):
            self.probs[p] = 1.0 / winners if _same_side(s, p, s.winner) else 0.0
        return 0

    # -- the API ----------------------------------------------------------------------------------
    @cython.ccall
    @cython.exceptval(-1, check=False)
    def probabilities(self, s: State, out: DoubleArray) -> cython.int:
        """Write each player's win probability into ``out[0:n_players]`` (an
        ``array('d')`` at least that long); they sum to 1."""
        _check_out(out, s.n_players)
        dst: cython.p_double
        if cython.compiled:
            dst = cython.cast(array, out).data.as_doubles
        else:
            dst = out
        self._fill(s)
        p: cython.int
        for p in range(s.n_players):
            dst[p] = self.probs[p]
        return 0

    @cython.ccall
    @cython.exceptval(-1, check=False)
    def values(self, s: State, out: DoubleArray) -> cython.int:
        """Write each player's value into ``out``: its side's win probability (its
        team's in team play, else its own), as ``ismcts.evaluate`` scores material."""
        _check_out(out, s.n_players)
        dst: cython.p_double
        if cython.compiled:
            dst = cython.cast(array, out).data.as_doubles
        else:
            dst = out
        self._fill(s)
        p: cython.int
        q: cython.int
        for p in range(s.n_players):
            dst[p] = 0.0
            for q in range(s.n_players):
                if _same_side(s, p, q):
                    dst[p] += self.probs[q]
        return 0

    @cython.ccall
    @cython.exceptval(check=False)
    def win_probability(self, s: State, player: cython.int) -> cython.double:
        """``player``'s own chance to win."""
        self._fill(s)
        return self.probs[player]

    @cython.ccall
    @cython.exceptval(check=False)
    def value(self, s: State, player: cython.int) -> cython.double:
        """``player``'s side's chance to win (its team's in team play)."""
        self._fill(s)
        total: cython.double = 0.0
        q: cython.int
        for q in range(s.n_players):
            if _same_side(s, player, q):
                total += self.probs[q]
        return total

    def probability_list(self, s: State) -> list[float]:
        """Each player's win probability as a Python list."""
        out = array("d", [0.0] * s.n_players)
        self.probabilities(s, out)
        return out.tolist()


# -- C helpers ------------------------------------------------------------------------------------
@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _same_side(s: State, p: cython.int, q: cython.int) -> cython.bint:
    """``p`` and ``q`` win together: the same player, one team in team play, or two
    alien players of the solitaire (the player loses to them all)."""
    return p == q or (s.team[p] != 0 and s.team[p] == s.team[q]) or \
        (s.alien[p] != 0 and s.alien[q] != 0)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _check_out(out: DoubleArray, n: cython.int) -> cython.int:
    """ValueError unless ``out`` is an ``array('d')`` of at least ``n`` values."""
    if out is None or out.typecode != "d" or len(out) < n:
        raise ValueError(f"an array('d') of at least {n} values is needed")
    return 0


@cython.cfunc
@cython.exceptval(check=False)
def _allocate(n: cython.int) -> cython.p_double:
    """``n`` doubles: C memory compiled (NULL when there is none), an ``array('d')``
    interpreted."""
    if n < 1:
        n = 1
    if cython.compiled:
        return cython.cast(cython.p_double, malloc(8 * n))
    return array("d", bytes(8 * n))


def _check_document(document: Any, kind: str | None) -> dict[str, Any]:
    """The chosen model of a model file, checked; ModelError naming what is wrong."""
    if not isinstance(document, dict) or document.get("format") != MODEL_FORMAT:
        raise ModelError(f"not a {MODEL_FORMAT} file")
    if document.get("version") not in MODEL_VERSIONS:
        raise ModelError(f"model version {document.get('version')!r} "
                         f"(this se4x reads {MODEL_VERSIONS})")
    names = tuple(document.get("feature_names", ()))
    if names != FEATURE_NAMES:
        missing = [n for n in FEATURE_NAMES if n not in names]
        raise ModelError(f"the model was fitted on other features ({len(names)} against "
                         f"{len(FEATURE_NAMES)}; missing: {missing[:5]}); retrain it with "
                         "python -m se4x_core.devtools.train_eval")
    kind = kind or document.get("default")
    models = document.get("models", {})
    if kind not in KINDS or kind not in models:
        raise ModelError(f"no {kind!r} model in the file (it has {sorted(models)})")
    model: dict[str, Any] = models[kind]
    n = len(FEATURE_NAMES)
    shapes_ok = len(model.get("mean", ())) == n and len(model.get("scale", ())) == n
    if kind == "logit":
        shapes_ok = shapes_ok and len(model.get("w", ())) == n
    else:
        hidden = int(model.get("hidden", 0))
        shapes_ok = (shapes_ok and hidden > 0 and len(model.get("w1", ())) == hidden
                     and all(len(row) == n for row in model["w1"])
                     and len(model.get("b1", ())) == hidden and len(model.get("w2", ())) == hidden)
    if not shapes_ok:
        raise ModelError(f"the {kind} model's weights do not have the shapes of "
                         f"{n} features")
    return {"kind": kind, **model}


def _folded(model: dict[str, Any], kind: str) -> tuple[list[float], list[float], list[float]]:
    """The weights with the standardisation folded in: ``w . (f - m) / s`` is
    ``(w / s) . f`` minus a constant the softmax ignores (logit); the hidden units'
    constants go into their biases (mlp)."""
    mean, scale = model["mean"], model["scale"]
    n = len(mean)
    if kind == "logit":
        return [model["w"][k] / scale[k] for k in range(n)], [], []
    w1, b1 = [], []
    for row, bias in zip(model["w1"], model["b1"], strict=True):
        w1 += [row[k] / scale[k] for k in range(n)]
        b1.append(bias - sum(row[k] * mean[k] / scale[k] for k in range(n)))
    return w1, b1, list(model["w2"])


# -- the shipped model, loaded once ---------------------------------------------------------------
_DEFAULT: WinModel | None = None


def load_model(path: Path | str | None = None, kind: str | None = None) -> WinModel:
    """The model of a file (default: the shipped one) and ``kind`` ("logit", "mlp"; default:
    the file's choice); ModelError if it cannot serve."""
    path = Path(path) if path is not None else MODEL_PATH
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelError(f"cannot read the win model {path}: {exc}") from None
    return WinModel(document, kind)


@cython.ccall
def default_model() -> WinModel:
    """The shipped model, loaded on first use."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_model()
    return _DEFAULT


_SOLITAIRE: dict[str, WinModel] = {}


def solitaire_model() -> WinModel:
    """The alien solitaire's model (:data:`SOLITAIRE_MODEL_PATH`), loaded on first use."""
    if "model" not in _SOLITAIRE:
        _SOLITAIRE["model"] = load_model(SOLITAIRE_MODEL_PATH)
    return _SOLITAIRE["model"]


def model_for(s: State) -> WinModel:
    """The model that judges ``s``: the solitaire's with alien players in it, else the
    default one."""
    p: cython.int
    for p in range(s.n_players):
        if s.alien[p]:
            return solitaire_model()
    return default_model()


def set_default_model(model: WinModel | None) -> None:
    """Serve ``model`` from the module functions (None: the shipped one again)."""
    global _DEFAULT
    _DEFAULT = model


@cython.ccall
@cython.exceptval(-1, check=False)
def win_probabilities(s: State, out: DoubleArray) -> cython.int:
    """Each player's win probability into ``out`` (the default model)."""
    return default_model().probabilities(s, out)


@cython.ccall
@cython.exceptval(-1, check=False)
def values(s: State, out: DoubleArray) -> cython.int:
    """Each player's side's win probability into ``out``: ``ismcts.evaluate`` for all."""
    return default_model().values(s, out)


@cython.ccall
@cython.exceptval(-1, check=True)
def win_probability(s: State, player: cython.int) -> cython.double:
    """``player``'s chance to win (the default model)."""
    return default_model().win_probability(s, player)


@cython.ccall
@cython.exceptval(-1, check=True)
def value(s: State, player: cython.int) -> cython.double:
    """``player``'s side's chance to win: a drop-in for ``ismcts.evaluate``."""
    return default_model().value(s, player)


def probabilities(s: State) -> list[float]:
    """Each player's win probability as a list (the default model)."""
    return default_model().probability_list(s)


def feature_matrix(s: State) -> list[list[float]]:
    """The features the model reads, every player's (see :mod:`se4x_core.sim.features`)."""
    buffer = Features()
    buffer.compute(s)
    return buffer.matrix()
