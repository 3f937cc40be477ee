"""SP4X's decision dialogs: the Star chain, the Grand Plan's choice and the War.

Why dialogs for these: they are decisions a player may be asked for out of
turn (a War names your pieces, a Star chain asks for the order), and they
need the situation spelled out (who named which tile, what each choice
costs) before the choice.  A dialog lists the legal actions of its decision
as buttons, worded by :mod:`~se4x_qt.games.sp4x.texts`; a click emits
``chosen(action)`` and the window applies it.  The dialogs never block the
event loop (``open``, not ``exec``).
"""

from __future__ import annotations

from functools import partial
from typing import Final

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from se4x_core.games.sp4x.actions import Action
from se4x_core.games.sp4x.observation import Observation
from se4x_qt import style, widgets
from se4x_qt.games.sp4x import texts
from se4x_qt.games.sp4x.panels import card_chip
from se4x_qt.widgets import FlowLayout

DIALOG_PHASES: Final = ("star_order", "plan_choice", "war", "war_loss")


def dialog_text(obs: Observation, names: list[str]) -> tuple[str, str]:
    """The dialog's title and its explanation of the situation."""
    phase = obs["phase"]
    pending = obs["pending"]
    chain = ", ".join(f"{texts.name(c['player'], names)} ({texts.card_title(c['card'])})"
                      for c in obs["chain"])
    if phase == "star_order":
        return ("Star chain", f"The deck is spent, so the shown card was laid down: {chain}. "
                "Every player now performs its pair action; only those who laid a card "
                "score. Do you act first or last?")
    if phase == "plan_choice":
        if obs["chain"]:
            return ("Star chain: Grand Plan", f"Laid: {chain}. Choose the action every "
                    "player performs as a pair.")
        return ("Grand Plan", "Perform one of these actions as a pair (2 + bonus points).")
    if phase == "war_loss" and pending is not None:
        who = texts.name(pending["player"], names)
        metal = obs["players"][obs["viewer"]]["resources"]["metal"]
        return ("War", f"{who} named you on {texts.tile_at(obs, pending['cell'])}. "
                "You lose one of your pieces there: choose which"
                + (", or pay 1 metal to keep it." if metal > 0
                   else " (1 metal would keep it; you have none)."))
    great = pending is not None and pending["pair"]
    what = ("Great War: in turn, each player names a tile with their man and a player "
            "with a piece there, until every tile holds one colour.") if great else \
        "War: name a tile with your man and a player with a piece there; they lose a piece."
    return ("War", what)


class ChoiceDialog(QDialog):
    """One decision as buttons; ``chosen(action)`` on a click."""

    chosen = Signal(object)

    def __init__(self, obs: Observation, legal: list[Action], names: list[str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"sp4x_dialog_{obs['phase']}")
        self.phase = obs["phase"]
        title, text = dialog_text(obs, names)
        self.setWindowTitle(f"{title} \u2014 SP4X")
        self.setModal(False)
        style.apply_theme(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 16, 20, 16)
        layout.setSpacing(10)
        heading = widgets.label(title, "title")
        colour = "#FF6B6B" if title.startswith("War") or title.startswith("Great") else \
            style.Theme.HIGHLIGHT
        heading.setStyleSheet(f"color:{colour};")
        layout.addWidget(heading)
        if obs["chain"]:
            row = FlowLayout()
            for laid in obs["chain"]:  # named in full: a small face has no room for it
                row.addWidget(card_chip(laid["card"]))
            layout.addLayout(row)
        explanation = widgets.label(text, None, wrap=True)
        explanation.setMinimumWidth(380)
        layout.addWidget(explanation)
        buttons = FlowLayout()
        self.buttons = []
        for index, action in enumerate(legal):
            button = widgets.button(texts.action_text(action, obs, names),
                                    f"choice_{index}", partial(self._choose, action))
            self.buttons.append(button)
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.setWindowFlag(Qt.WindowType.WindowCloseButtonHint, False)

    def _choose(self, action: Action) -> None:
        self.chosen.emit(action)
        self.accept()

    def reject(self) -> None:
        """Escape does not skip a decision the game waits for."""
