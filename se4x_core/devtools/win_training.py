"""Fitting the win-probability models with numpy, and judging them.

The models (what :mod:`se4x_core.sim.evaluation` runs compiled): every
player ``i`` of a position gets a score from its own feature vector ``f_i``,
with weights shared by all players; the players' win probabilities are the
softmax of the scores over the living players (an eliminated empire cannot
win: probability 0); in team play a team's probability is the sum of its
members'.  Two score functions:

* **logit**: ``score_i = w . z_i``, a multinomial logit (``z``: the features
  standardised with the training set's means and scales);
* **mlp**: ``score_i = v . tanh(W z_i + b)``, one hidden layer of a few dozen
  units, so that features may combine (a fleet lead means more once the
  enemy homeworld is near).

No bias on the score: the softmax ignores what every player shares.

Training minimises the log-loss of the observed result, over "sides" (a
player, or a team in team play): ``-sum_k T_k log P_k`` where ``T_k`` is
side ``k``'s share of the win (1 for the winner; at the round limit the
arena's tiebreak leaders share it) plus an L2 penalty, by full-batch Adam
(gradient descent with per-weight step sizes; the data fit in memory),
keeping the weights of the best validation loss.  The gradient of the loss
with respect to a player's score is ``p_i (1 - T_side(i) / P_side(i))``
(``p_i - T_i`` without teams).

Positions are arrays padded to :data:`MAXP` players: features ``X`` (N, 4,
F), ``mask`` (N, 4) for living players, ``side`` (N, 4) the side of each
player (-1 for no player), ``target`` (N, 4) each player's share of the win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

MAXP = 4
EPS = 1e-12  # probabilities are clipped here inside a log
CALIBRATION_BINS = 10

Array = NDArray[np.float64]


@dataclass
class Positions:
    """Recorded positions with their results (module docstring for the shapes)."""

    x: Array  # (N, MAXP, F) features
    mask: NDArray[np.bool_]  # (N, MAXP) living players
    side: NDArray[np.int64]  # (N, MAXP) side of each player, -1: no player
    target: Array  # (N, MAXP) each player's share of the win
    material: Array  # (N, MAXP) the search's hand-made material (ismcts.strength)
    game: NDArray[np.int64]  # (N,) the game a position comes from
    round: NDArray[np.int64]  # (N,)
    players: NDArray[np.int64]  # (N,) players at the table

    def __len__(self) -> int:
        return int(self.x.shape[0])

    def subset(self, rows: NDArray[np.bool_] | NDArray[np.int64]) -> Positions:
        return Positions(self.x[rows], self.mask[rows], self.side[rows], self.target[rows],
                         self.material[rows], self.game[rows], self.round[rows],
                         self.players[rows])

    def side_onehot(self) -> Array:
        """(N, MAXP players, MAXP sides): 1 where a player belongs to a side."""
        onehot = np.zeros((len(self), MAXP, MAXP))
        n, p = np.nonzero(self.side >= 0)
        onehot[n, p, self.side[n, p]] = 1.0
        return onehot

    def side_target(self) -> Array:
        """(N, MAXP sides): each side's share of the win."""
        return per_side(self.target, self.side_onehot())

    def side_alive(self) -> NDArray[np.bool_]:
        """(N, MAXP sides): sides with a living member (the ones that may still win)."""
        alive: NDArray[np.bool_] = per_side(self.mask.astype(float), self.side_onehot()) > 0
        return alive


# -- the score functions ---------------------------------------------------------------------------
@dataclass
class Standardiser:
    """Feature means and scales of the training set's living players."""

    mean: Array
    scale: Array

    @classmethod
    def fit(cls, data: Positions) -> Standardiser:
        rows = data.x[data.mask]
        mean = rows.mean(axis=0)
        scale = rows.std(axis=0)
        scale[scale < 1e-9] = 1.0  # a constant feature: the model cannot use it anyway
        return cls(mean, scale)

    def apply(self, x: Array) -> Array:
        return (x - self.mean) / self.scale


@dataclass
class Model:
    """One fitted score function with its standardiser (``kind``: "logit" or "mlp")."""

    kind: str
    standardiser: Standardiser
    params: dict[str, Array]
    l2: float = 0.0
    iterations: int = 0
    history: list[tuple[int, float, float]] = field(default_factory=list)

    def scores(self, z: Array) -> Array:
        """Scores (N, MAXP) of standardised features ``z``."""
        if self.kind == "logit":
            return z @ self.params["w"]
        hidden = np.tanh(z @ self.params["w1"].T + self.params["b1"])
        return hidden @ self.params["w2"]

    def player_probabilities(self, data: Positions) -> Array:
        """(N, MAXP): each player's win probability, 0 for the eliminated and absent."""
        return softmax(self.scores(self.standardiser.apply(data.x)), data.mask)

    def side_probabilities(self, data: Positions) -> Array:
        return per_side(self.player_probabilities(data), data.side_onehot())

    def to_json(self) -> dict[str, Any]:
        """The weights as JSON lists (the model file's ``models`` entries)."""
        out: dict[str, Any] = {"mean": self.standardiser.mean.tolist(),
                               "scale": self.standardiser.scale.tolist(), "l2": self.l2,
                               "iterations": self.iterations}
        if self.kind == "logit":
            out["w"] = self.params["w"].tolist()
        else:
            out.update(activation="tanh", hidden=int(self.params["w1"].shape[0]),
                       w1=self.params["w1"].tolist(), b1=self.params["b1"].tolist(),
                       w2=self.params["w2"].tolist())
        return out


def per_side(per_player: Array, onehot: Array) -> Array:
    """(N, MAXP sides) sums of a per-player quantity (N, MAXP) over each side's members."""
    out: Array = np.einsum("np,nps->ns", per_player, onehot)
    return out


def softmax(scores: Array, mask: NDArray[np.bool_]) -> Array:
    """Softmax over the players of each position where ``mask`` holds (0 elsewhere)."""
    masked = np.where(mask, scores, -np.inf)
    top = masked.max(axis=1, keepdims=True)
    top[~np.isfinite(top)] = 0.0  # no living player: all zero
    e = np.where(mask, np.exp(masked - top), 0.0)
    total = e.sum(axis=1, keepdims=True)
    total[total == 0] = 1.0
    out: Array = e / total
    return out


# -- the loss and its gradient ------------------------------------------------------------------
@dataclass
class Batch:
    """What the loss needs of a data set, computed once: standardised features and sides."""

    z: Array
    mask: NDArray[np.bool_]
    onehot: Array
    side_target: Array

    @classmethod
    def of(cls, data: Positions, standardiser: Standardiser) -> Batch:
        return cls(standardiser.apply(data.x), data.mask, data.side_onehot(), data.side_target())


def loss_and_score_gradient(scores: Array, batch: Batch) -> tuple[float, Array]:
    """Mean log-loss over positions and its gradient with respect to the scores."""
    p = softmax(scores, batch.mask)
    p_side = per_side(p, batch.onehot)
    t = batch.side_target
    loss = -np.sum(t * np.log(np.maximum(p_side, EPS))) / len(p)
    ratio = np.where(t > 0, t / np.maximum(p_side, EPS), 0.0)  # T_k / P_k per side
    ratio_player = np.einsum("ns,nps->np", ratio, batch.onehot)
    grad = np.where(batch.mask, p * (1.0 - ratio_player), 0.0) / len(p)
    return float(loss), grad


def _gradients(kind: str, params: dict[str, Array], batch: Batch,
               l2: float) -> tuple[float, dict[str, Array]]:
    """The penalised loss and its gradient with respect to every parameter."""
    z = batch.z
    rows = z.reshape(-1, z.shape[2])  # (N * P, F): matrix products, not einsum loops
    if kind == "logit":
        loss, g = loss_and_score_gradient(z @ params["w"], batch)
        grads = {"w": g.reshape(-1) @ rows + 2 * l2 * params["w"]}
        return loss + l2 * float(np.sum(params["w"] ** 2)), grads
    hidden = np.tanh(z @ params["w1"].T + params["b1"])
    loss, g = loss_and_score_gradient(hidden @ params["w2"], batch)
    d_hidden = g[:, :, None] * params["w2"] * (1.0 - hidden ** 2)  # (N, P, H)
    flat = d_hidden.reshape(-1, d_hidden.shape[2])
    grads = {"w2": g.reshape(-1) @ hidden.reshape(-1, hidden.shape[2]) + 2 * l2 * params["w2"],
             "w1": flat.T @ rows + 2 * l2 * params["w1"],
             "b1": flat.sum(axis=0)}
    penalty = l2 * float(np.sum(params["w1"] ** 2) + np.sum(params["w2"] ** 2))
    return loss + penalty, grads


def _initial(kind: str, n_features: int, hidden: int, seed: int) -> dict[str, Array]:
    if kind == "logit":
        return {"w": np.zeros(n_features)}
    rng = np.random.default_rng(seed)
    return {"w1": rng.normal(0.0, 1.0 / np.sqrt(n_features), (hidden, n_features)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0.0, 1.0 / np.sqrt(hidden), hidden)}


@dataclass(frozen=True)
class FitSettings:
    """How long and how fast to fit; Adam's usual constants."""

    iterations: int = 2000
    learning_rate: float = 0.02
    check_every: int = 25  # validation loss every this many steps
    patience: int = 400  # stop when the validation loss has not improved for this many steps
    seed: int = 0


def fit(kind: str, train: Positions, valid: Positions, l2: float, hidden: int = 32,
        settings: FitSettings = FitSettings()) -> Model:
    """One model fitted on ``train``, the weights of its best ``valid`` loss kept."""
    standardiser = Standardiser.fit(train)
    train_batch, valid_batch = Batch.of(train, standardiser), Batch.of(valid, standardiser)
    params = _initial(kind, train.x.shape[2], hidden, settings.seed)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in params.items()}
    model = Model(kind, standardiser, {k: v.copy() for k, v in params.items()}, l2)
    best, since_best = np.inf, 0
    for step in range(1, settings.iterations + 1):
        loss, grads = _gradients(kind, params, train_batch, l2)
        _adam_step(params, grads, moments, step, settings.learning_rate)
        if step % settings.check_every and step != settings.iterations:
            continue
        trial = Model(kind, standardiser, params)
        valid_loss = loss_and_score_gradient(trial.scores(valid_batch.z), valid_batch)[0]
        model.history.append((step, loss, valid_loss))
        if valid_loss < best - 1e-7:
            best, since_best = valid_loss, 0
            model.params = {k: v.copy() for k, v in params.items()}
            model.iterations = step
        else:
            since_best += settings.check_every
            if since_best >= settings.patience:
                break
    return model


def _adam_step(params: dict[str, Array], grads: dict[str, Array],
               moments: dict[str, tuple[Array, Array]], step: int, rate: float,
               beta1: float = 0.9, beta2: float = 0.999) -> None:
    for name, grad in grads.items():
        m, v = moments[name]
        m *= beta1
        m += (1 - beta1) * grad
        v *= beta2
        v += (1 - beta2) * grad ** 2
        m_hat = m / (1 - beta1 ** step)
        v_hat = v / (1 - beta2 ** step)
        params[name] -= rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def select(kind: str, train: Positions, valid: Positions, l2_grid: tuple[float, ...],
           hidden: int, settings: FitSettings) -> Model:
    """The model of the L2 strength with the best validation loss."""
    best: Model | None = None
    best_loss = np.inf
    for l2 in l2_grid:
        model = fit(kind, train, valid, l2, hidden, settings)
        loss = evaluate(model.side_probabilities(valid), valid).log_loss
        if loss < best_loss:
            best, best_loss = model, loss
    assert best is not None
    return best


# -- judging a probability ----------------------------------------------------------------------
@dataclass(frozen=True)
class Scores:
    """How good side probabilities are on some positions."""

    positions: int
    log_loss: float  # mean over positions of -sum_k T_k log P_k
    accuracy: float  # the favourite's share of the win, averaged (ties share)
    brier: float  # mean over positions of sum_k (P_k - T_k)^2

    def as_json(self) -> dict[str, float]:
        return {"positions": self.positions, "log_loss": self.log_loss,
                "accuracy": self.accuracy, "brier": self.brier}


def evaluate(p_side: Array, data: Positions) -> Scores:
    """Log-loss, favourite accuracy and Brier score of side probabilities ``p_side``."""
    t = data.side_target()
    n = len(data)
    if n == 0:
        return Scores(0, float("nan"), float("nan"), float("nan"))
    alive = data.side_alive()
    log_loss = -np.sum(t * np.log(np.maximum(p_side, EPS))) / n
    favourite = np.argmax(np.where(alive, p_side, -1.0), axis=1)
    accuracy = float(np.mean(t[np.arange(n), favourite]))
    brier = float(np.sum(np.where(alive, (p_side - t) ** 2, 0.0)) / n)
    return Scores(n, float(log_loss), accuracy, brier)


def calibration(p_side: Array, data: Positions,
                bins: int = CALIBRATION_BINS) -> list[dict[str, float]]:
    """Per bin of predicted probability (living sides): how many, the mean predicted
    probability and the observed share of wins."""
    alive = data.side_alive()
    predicted = p_side[alive]
    observed = data.side_target()[alive]
    which = np.minimum((predicted * bins).astype(int), bins - 1)
    rows = []
    for b in range(bins):
        here = which == b
        count = int(here.sum())
        rows.append({"low": b / bins, "high": (b + 1) / bins, "count": count,
                     "predicted": float(predicted[here].mean()) if count else float("nan"),
                     "observed": float(observed[here].mean()) if count else float("nan")})
    return rows


# -- the hand-made baseline -----------------------------------------------------------------------
def material_share(data: Positions, sharpness: float = 1.0) -> Array:
    """The search's material share (ismcts.evaluate) as side probabilities, each side's
    material raised to ``sharpness`` first (1: the share itself)."""
    powered = np.where(data.mask, np.maximum(data.material, 0.0) ** sharpness, 0.0)
    side = per_side(powered, data.side_onehot())
    total = side.sum(axis=1, keepdims=True)
    total[total == 0] = 1.0
    out: Array = side / total
    return out


def fit_sharpness(data: Positions) -> float:
    """The power of the material share with the least log-loss on ``data`` (grid, then a
    finer grid): the baseline at its best calibration, a fairer comparison than the raw
    share."""
    grid = np.exp(np.linspace(np.log(0.1), np.log(20.0), 60))
    losses = [evaluate(material_share(data, a), data).log_loss for a in grid]
    centre = grid[int(np.argmin(losses))]
    fine = np.linspace(centre * 0.85, centre * 1.15, 31)
    losses = [evaluate(material_share(data, a), data).log_loss for a in fine]
    return float(fine[int(np.argmin(losses))])


def uniform(data: Positions) -> Array:
    """Every living side equally likely: the baseline that knows nothing."""
    alive = data.side_alive().astype(float)
    out: Array = alive / np.maximum(alive.sum(axis=1, keepdims=True), 1.0)
    return out
