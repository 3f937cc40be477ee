"""A label and a button whose one line of text is elided to their width ("/home/…/saves").

Why: a file's name or folder has no spaces to wrap at, so a plain label or button is
as wide as its longest path and pushes a fixed-width column (the welcome screen's
recent games) off its panel.  These take the width their layout gives them (their
size hint is ignored across) and show as much of the text as fits, the rest elided;
the whole text stays in ``full_text`` (and the tooltip, when the caller sets one).
The text is elided again whenever the width or the font changes (a dialog's style
sheet sets the font only when the dialog is first shown).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QStyle, QStyleOptionButton

RESTYLED = (QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.Polish)


class ElidedLabel(QLabel):
    """One line of plain text, elided in the middle to the label's width."""

    def __init__(self, text: str, name: str | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle) -> None:
        super().__init__()
        self.full_text = text
        self.mode = mode
        if name:
            self.setObjectName(name)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._elide()

    def _elide(self) -> None:
        width = max(0, self.contentsRect().width())
        self.setText(self.fontMetrics().elidedText(self.full_text, self.mode, width))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() in RESTYLED:
            self._elide()
        return handled

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(0, super().minimumSizeHint().height())


class ElidedButton(QPushButton):
    """A push button whose text is elided in the middle to the room its frame and
    padding leave."""

    def __init__(self, text: str, mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle
                 ) -> None:
        super().__init__(text)
        self.full_text = text
        self.mode = mode
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def _room(self) -> int:
        """The width the button's style leaves for its text."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        contents = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents,
                                               option, self)
        return max(0, contents.width())

    def _elide(self) -> None:
        self.setText(self.fontMetrics().elidedText(self.full_text, self.mode, self._room()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() in RESTYLED:
            self._elide()
        return handled

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(0, super().minimumSizeHint().height())


__all__ = ["ElidedButton", "ElidedLabel"]
