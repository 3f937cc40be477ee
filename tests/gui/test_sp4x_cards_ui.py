"""SP4X's cards on screen are readable: the print on a card is at least the app's small
size and 4.5:1 against its paper, nothing printed is cut off, an opponent's known cards
are named in full in every panel at a laptop's sizes, and a big hand never makes the
window wider than the screen.

Why painted text is checked through a recording painter: the cards are painted, not
laid out, so the only honest check is what ``paint_face`` actually draws, in which font
and in which rectangle.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF
from PySide6.QtGui import (
    QColor,
    QEnterEvent,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPainter,
)
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from se4x_core.games.sp4x.observation import Observation
from se4x_qt import style
from se4x_qt.games.sp4x import cards, texts
from se4x_qt.games.sp4x.cards import CardButton, MiniCard
from se4x_qt.games.sp4x.dialogs import ChoiceDialog
from se4x_qt.games.sp4x.window import Sp4xWindow
from se4x_qt.session import saves
from se4x_qt.session.seats import COMPUTER, HUMAN, Seat
from tests.helpers.shell import make_window  # noqa: F401 - the shell's test helpers load Qt first
from tests.helpers.sp4x_window import open_window

pytestmark = [pytest.mark.fast, pytest.mark.gui]

HAND_CARDS = ("move", "build", "exploit", "men", "steal", "war", "plan", "ai")
SMALL_PT = 8.0  # the app's small print (the side panels' 8 pt)
SCREENS = ((1366, 768), (1280, 720))


# -- contrast ---------------------------------------------------------------------------------
def luminance(colour: QColor) -> float:
    """WCAG 2 relative luminance."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return (0.2126 * channel(colour.red()) + 0.7152 * channel(colour.green())
            + 0.0722 * channel(colour.blue()))


def contrast(a: QColor | str, b: QColor | str) -> float:
    """WCAG 2 contrast ratio of two opaque colours (1 to 21)."""
    la, lb = sorted((luminance(QColor(a)), luminance(QColor(b))), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)


def test_a_cards_print_is_at_least_4_5_to_1_on_its_paper() -> None:
    for paper in (cards.PAPER, cards.PAPER_IDLE):  # usable now, and not
        assert contrast(cards.INK, paper) >= 4.5
        assert contrast(cards.BODY_INK, paper) >= 4.5
    for card in HAND_CARDS:  # the symbol on the band, the name on a known card's chip
        for idle in (False, True):
            band = cards.band_colour(card, idle)
            for shade in (band.lighter(115), band.darker(110), band):
                assert contrast(cards.INK, shade) >= 4.5, (card, idle, shade.name())
    assert contrast(cards.INK, style.Theme.HIGHLIGHT) >= 4.5  # the "x2" chip


# -- what a face prints -----------------------------------------------------------------------
class RecordingPainter(QPainter):
    """A painter that remembers each text drawn in a rectangle, with its font."""

    def __init__(self, device: QImage) -> None:
        super().__init__(device)
        self.drawn: list[tuple[QFont, QRectF, int, str]] = []

    def drawText(self, *args: Any) -> None:  # type: ignore[override]  # noqa: N802
        if len(args) == 3 and isinstance(args[0], QRectF):
            rect, flags, text = args
            self.drawn.append((QFont(self.font()), QRectF(rect), int(flags), str(text)))
        super().drawText(*args)


def points(font: QFont) -> float:
    """A font's size in points, whether it was set in points or in pixels."""
    if font.pointSizeF() > 0:
        return font.pointSizeF()
    return font.pixelSize() * 72 / QGuiApplication.primaryScreen().logicalDotsPerInchY()


def printed(card: str, rect: QRectF, **kwargs: Any) -> list[tuple[QFont, QRectF, int, str]]:
    """The words ``paint_face`` draws for ``card`` in ``rect`` (its symbol left out)."""
    image = QImage(200, 220, QImage.Format.Format_ARGB32)
    painter = RecordingPainter(image)
    cards.paint_face(painter, rect, card, **kwargs)
    painter.end()
    return [d for d in painter.drawn if d[3] != texts.CARD_GLYPHS[card]]


def fits(font: QFont, rect: QRectF, flags: int, text: str) -> bool:
    needed = QFontMetricsF(font).boundingRect(rect, flags, text)
    return needed.width() <= rect.width() + 0.5 and needed.height() <= rect.height() + 0.5


def test_a_card_in_the_hand_prints_its_name_and_actions_readably(qtbot: QtBot) -> None:
    size = CardButton.SIZE
    rect = QRectF(2, 2, size.width() - 4, size.height() - 10)  # as CardButton paints it
    for card in HAND_CARDS:
        for dim in (False, True):
            drawn = printed(card, rect, dim=dim)
            words = [text for _f, _r, _flags, text in drawn]
            assert texts.card_title(card) in words, words
            assert any(texts.CARD_SINGLE[card] in text for text in words), words
            for font, where, flags, text in drawn:
                assert points(font) >= SMALL_PT, (card, text, points(font))
                assert fits(font, where, flags, text), (card, text)  # nothing cut off


def test_a_small_face_prints_no_squeezed_name() -> None:
    """An opponent's known card, the deck's top, a Star chain's card: the symbol only
    (their names are printed beside them, at full size)."""
    for card in (*HAND_CARDS, "star"):
        rect = QRectF(1, 1, MiniCard.SIZE.width() - 2, MiniCard.SIZE.height() - 2)
        for font, where, flags, text in printed(card, rect, small=True):
            assert points(font) >= SMALL_PT and fits(font, where, flags, text), (card, text)


# -- the window at a laptop's sizes -----------------------------------------------------------
def window_at(qtbot: QtBot, players: int, size: tuple[int, int]) -> Sp4xWindow:
    seats = [Seat(HUMAN)] + [Seat(COMPUTER, "easy")] * (players - 1)
    names = ["Ann", "Chris", "Esmeralda Fitzgerald", "Di"][:players]
    driver = saves.new_driver("sp4x", {"players": players, "seed": 3}, seats, names)
    return open_window(qtbot, driver, size)


def crowded(obs: Observation) -> Observation:
    """``obs`` with every opponent holding ten cards the viewer knows five kinds of
    (the longest names among them) and the viewer holding all eight kinds."""
    out = copy.deepcopy(obs)
    for view in out["players"]:
        if view["player"] != out["viewer"]:
            view["hand_size"] = 10
            view["known"] = {"move": 2, "exploit": 1, "plan": 1, "steal": 1, "war": 1}
    out["hand"] = {card: 1 for card in HAND_CARDS}
    return out


def settle(qtbot: QtBot, window: Sp4xWindow) -> None:
    for _ in range(3):
        QGuiApplication.processEvents()
    qtbot.wait(1)


@pytest.mark.parametrize("size", SCREENS)
def test_every_known_card_is_named_in_full_with_four_players(qtbot: QtBot,
                                                             size: tuple[int, int]) -> None:
    window = window_at(qtbot, 4, size)
    obs = crowded(window.observation())
    window._fill_players(obs, [])
    settle(qtbot, window)
    viewport = window.players_scroll.viewport()
    assert len(window.player_panels) == 3
    assert window.players_scroll.verticalScrollBar().maximum() == 0  # all in view
    for panel in window.player_panels.values():
        named = {chip.text() for chip in panel.known_chips}
        assert named == {"\u27a4 Move & Explore \u00d72", "\u2740 Exploit", "\u2726 Grand Plan",
                         "\u2702 Steal", "\u2694 War"}
        for chip in panel.known_chips:
            assert chip.isVisible()
            room = chip.contentsRect().width()
            assert chip.fontMetrics().horizontalAdvance(chip.text()) <= room, chip.text()
            assert chip.width() >= chip.sizeHint().width(), chip.text()
            corner = chip.mapTo(panel, QPoint(0, 0))
            assert panel.rect().contains(QRect(corner, chip.size())), chip.text()
            # in view without scrolling: the whole chip inside the players' area
            seen = chip.mapTo(viewport, QPoint(0, 0))
            assert viewport.rect().contains(QRect(seen, chip.size())), (chip.text(), size)
        chips = [QRect(c.mapTo(panel, QPoint(0, 0)), c.size()) for c in panel.known_chips]
        assert not any(a.intersects(b) for i, a in enumerate(chips) for b in chips[i + 1:])


@pytest.mark.parametrize("size", SCREENS)
def test_a_hand_of_every_kind_fits_the_screen(qtbot: QtBot, size: tuple[int, int]) -> None:
    window = window_at(qtbot, 4, size)
    obs = crowded(window.observation())
    window._fill_hand(obs, [])
    settle(qtbot, window)
    assert window.minimumSizeHint().width() <= size[0]
    assert window.width() <= size[0]
    buttons = list(window.card_buttons.values())
    assert [b.card for b in buttons] == list(HAND_CARDS)
    for button in buttons:
        corner = button.mapTo(window, QPoint(0, 0))
        assert QRect(QPoint(0, 0), window.size()).contains(QRect(corner, button.size()))
    lefts = [b.mapTo(window, QPoint(0, 0)).x() for b in buttons]
    gaps = [right - left for left, right in zip(lefts, lefts[1:], strict=False)]
    assert lefts == sorted(lefts) and min(gaps) >= 40  # each card's band and symbol show
    # the card pointed at comes to the front, whole
    pointed = window.card_buttons["exploit"]
    pointed.enterEvent(QEnterEvent(QPointF(5, 5), QPointF(5, 5), QPointF(5, 5)))
    holder = pointed.parentWidget()
    assert holder is not None
    for x in (4, pointed.width() - 4):
        assert holder.childAt(pointed.geometry().topLeft() + QPoint(x, 60)) is pointed


@pytest.mark.parametrize("players", (3, 4))
def test_the_board_keeps_room_at_the_smaller_screen(qtbot: QtBot, players: int) -> None:
    window = window_at(qtbot, players, (1280, 720))
    settle(qtbot, window)
    assert window.board.height() >= 250 and window.log.height() >= 60
    assert window.minimumSizeHint().height() <= 720


def test_the_deck_names_its_top_card_in_full(qtbot: QtBot) -> None:
    window = window_at(qtbot, 3, (1280, 720))
    top = window.observation()["deck_top"]
    assert window.deck_panel.top_label.text() == f"Top card: {texts.card_title(top)}"
    assert window.deck_panel.top_label.wordWrap()  # never elided


def test_a_star_chains_cards_are_named_in_its_dialog(qtbot: QtBot) -> None:
    window = window_at(qtbot, 3, (1280, 720))
    obs = copy.deepcopy(window.observation())
    obs["phase"] = "star_order"
    obs["chain"] = [{"player": 1, "card": "move"}, {"player": 2, "card": "plan"}]
    dialog = ChoiceDialog(obs, [], window.names(), window)
    qtbot.addWidget(dialog)
    dialog.show()
    settle(qtbot, window)
    for card in ("move", "plan"):
        chip = dialog.findChild(QLabel, f"card_chip_{card}")
        assert chip is not None and texts.card_title(card) in chip.text()
        assert chip.fontMetrics().horizontalAdvance(chip.text()) <= chip.contentsRect().width()
