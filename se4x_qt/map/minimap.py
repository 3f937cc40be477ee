"""The minimap: the whole board at a glance, with the main view's frame on it.

Why a second view of the same scene rather than a separate drawing: it
costs no extra bookkeeping (every counter the map shows is already there),
and the items' level-of-detail painting makes the small picture cheap.
Clicking or dragging on the minimap centres the main map there.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPen, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from se4x_qt import style
from se4x_qt.map.hexmap import HexMapView
from se4x_qt.widgets import space


class MiniMap(QGraphicsView):
    """A small, non-interactive view of the map's scene."""

    def __init__(self, main_view: HexMapView, parent: QWidget | None = None) -> None:
        super().__init__(main_view.scene(), parent)
        self.setObjectName("minimap")
        self.main_view = main_view
        self.setInteractive(False)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumSize(120, 72)  # the right column fits 411 px (1280x720 at 175 %)
        self.setBackgroundBrush(space.SPACE_BG)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip("Click or drag to move the map")
        main_view.viewport_changed.connect(self.viewport().update)
        main_view.scene().sceneRectChanged.connect(lambda _rect: self.fit())

    def sizeHint(self) -> QSize:
        return QSize(260, 200)

    def fit(self) -> None:
        rect = self.scene().sceneRect()
        if not rect.isEmpty():
            self.fitInView(rect.adjusted(40, 40, -40, -40), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The part of the board the main map shows."""
        visible = self.main_view.visible_scene_rect()
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        fill = QColor(style.Theme.ACCENT)
        fill.setAlpha(40)
        pen = QPen(QColor(style.Theme.ACCENT), 2)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(fill)
        painter.drawRect(visible.intersected(self.scene().sceneRect()))
        painter.restore()

    def _centre_main(self, event: QMouseEvent) -> None:
        target = self.mapToScene(event.position().toPoint())
        self.main_view.centerOn(QPointF(target))
        self.main_view.viewport_changed.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._centre_main(event)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._centre_main(event)
        event.accept()

    def wheelEvent(self, event: object) -> None:  # the minimap never zooms
        pass
