"""Links from the game's screens into the rules reference.

Why: a refusal or a tooltip that names a rule is only useful if the rule is
one keypress or click away.  These tests drive the real widgets: the "Why?"
link of a refused purchase opens the viewer at the rule its reason cites, F1
finds the section of the counter, hex, card or technology under the mouse,
and with nothing under it the rules of the decision in front of the player.
"""

from __future__ import annotations

from concurrent.futures import Future

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QSpinBox

from se4x_core import Game
from se4x_core.actions import Action
from se4x_core.errors import IllegalActionError
from se4x_qt import help_book, widgets
from se4x_qt.games.se4x.session import Session
from se4x_qt.map.hexmap import HexMapView
from se4x_qt.widgets import help_links, rules_viewer
from se4x_qt.widgets.help_links import MessageLine
from se4x_qt.windows.combat.cards import CardInfo, UnitCard
from se4x_qt.windows.production import ProductionSheet
from tests.helpers.gui_positions import economic_phase

pytestmark = [pytest.mark.fast, pytest.mark.gui]


@pytest.fixture(autouse=True)
def _no_viewer_left(qtbot):
    """Each test starts without an open rules viewer, and closes the one it opened."""
    yield
    for viewer in rules_viewer._open_viewers:
        if rules_viewer.shiboken6.isValid(viewer):
            viewer.close()
    rules_viewer._open_viewers.clear()


def open_viewer() -> rules_viewer.RulesViewer | None:
    viewers = [v for v in rules_viewer._open_viewers if rules_viewer.shiboken6.isValid(v)]
    return viewers[0] if viewers and viewers[0].isVisible() else None


class RefusingSession:
    """A session whose table refuses every action at once with ``message`` (as a local
    game's table does: a future already failed with the engine's words)."""

    def __init__(self, message: str) -> None:
        self.message = message
        self.table = self

    def apply(self, action: Action) -> Future[None]:
        answer: Future[None] = Future()
        answer.set_exception(IllegalActionError(self.message))
        return answer


# -- the "Why?" link ---------------------------------------------------------------------------
def test_a_refusal_shows_its_message_and_a_why_link(qtbot) -> None:
    line = widgets.message_line()
    qtbot.addWidget(line)
    refused = widgets.apply_or_explain(RefusingSession("cannot buy CV: needs Fighters 1"),
                                       Action("buy", unit_type=11, hex=3), line, "Refused: ")
    assert not refused
    assert line.text() == "Refused: cannot buy CV: needs Fighters 1"  # the engine's words
    assert line.section == "tech-fighters"
    assert 'href="help:tech-fighters">Why?</a>' in QLabel.text(line)
    line.linkActivated.emit("help:tech-fighters")
    viewer = open_viewer()
    assert viewer is not None and viewer.current_id == "tech-fighters"


def test_a_refusal_without_a_known_rule_has_no_link(qtbot) -> None:
    line = MessageLine()
    qtbot.addWidget(line)
    widgets.apply_or_explain(RefusingSession("still waiting for the host's answer"),
                             Action("end_movement"), line)  # the network's, not a rule's
    assert line.text() == "still waiting for the host's answer" and line.section is None
    assert "Why?" not in QLabel.text(line)
    line.setText("")
    assert line.text() == "" and QLabel.text(line) == ""
    assert not help_links.open_link("https://example.invalid/")


def test_a_refusal_is_never_read_as_markup(qtbot) -> None:
    line = MessageLine()
    qtbot.addWidget(line)
    line.show_refusal("a <b>bold</b> & odd reason", "combat-retreat")
    assert "&lt;b&gt;" in QLabel.text(line) and line.text() == "a <b>bold</b> & odd reason"


def choose_the_order(sheet: ProductionSheet) -> None:
    """Blue outbids Red (who bid 0) and keeps the order: purchases open."""
    sheet.findChild(QSpinBox, "bid_spin").setValue(4)
    sheet.findChild(QPushButton, "bid_button").click()
    sheet.findChild(QPushButton, "order_0").click()


def test_the_production_sheet_links_a_refused_purchase_to_its_rule(qtbot) -> None:
    game = economic_phase()
    game.apply(Action("bid", amount=0))
    session = Session(game)
    sheet = ProductionSheet(session)
    qtbot.addWidget(sheet)
    sheet.show()
    choose_the_order(sheet)
    button = sheet.findChild(QPushButton, "buy_DD_3")
    assert button.isEnabled()
    game.state.cp[0] = 3  # the CP go behind the sheet's back: its button is stale
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert sheet.message() == "Refused: cannot buy DD: costs 9 CP, you have 3"
    assert sheet.message_label.section == "purchases"


def test_production_sheet_widgets_carry_their_sections(qtbot) -> None:
    game = economic_phase()
    game.apply(Action("bid", amount=0))
    sheet = ProductionSheet(Session(game))
    qtbot.addWidget(sheet)
    sheet.show()
    choose_the_order(sheet)
    research = sheet.findChild(QPushButton, "research_ship_size")
    assert research.property(help_links.HELP_PROPERTY) == "tech-ship-size"
    battleship = sheet.findChild(QPushButton, "buy_BB_3")
    assert not battleship.isEnabled()
    assert battleship.property(help_links.HELP_PROPERTY) == "tech-ship-size"  # needs Ship Size
    assert battleship.toolTip() == "Cannot buy BB here: needs Ship Size 5"
    tagged = {w.property(help_links.HELP_PROPERTY) for w in sheet.findChildren(QLabel)}
    assert {"tech-cloaking", "unit-dn", "tech-attack"} - tagged == {"tech-cloaking"}  # basic game
    name = next(w for w in sheet.findChildren(QLabel)
                if w.property(help_links.HELP_PROPERTY) == "tech-attack")
    assert name.toolTip() == "F1: the rules of Attack"


# -- F1 --------------------------------------------------------------------------------------
def test_f1_finds_the_nearest_tagged_widget(qtbot) -> None:
    from PySide6.QtWidgets import QFrame, QVBoxLayout

    frame = QFrame()
    qtbot.addWidget(frame)
    inner = QLabel("Raider", frame)
    QVBoxLayout(frame).addWidget(inner)
    help_links.tag(frame, "unit-r")
    assert frame.toolTip() == "F1: the rules of Raider"
    assert help_links.section_under(inner, QPoint(0, 0)) == "unit-r"
    assert help_links.section_under(None, QPoint(0, 0)) is None
    help_links.tag(inner, None)
    assert inner.property(help_links.HELP_PROPERTY) is None


def test_a_combat_card_names_its_unit_type(qtbot) -> None:
    card = UnitCard(CardInfo(unit=1, owner=0, code="R", number=1, count=2, damage=0,
                             weapon_class=3, attack_tech=0, defense_tech=0, tactics=0))
    qtbot.addWidget(card)
    assert card.property(help_links.HELP_PROPERTY) == "unit-r"
    assert card.toolTip().endswith("F1: the rules of Raider")


def placed_game() -> Game:
    game = Game.new_game({"players": 2, "seed": 4})
    while game.phase == "place_homeworld":
        game.apply(game.legal_actions()[0])
    return game


def test_f1_on_the_map_finds_the_counter_or_the_hex(qtbot) -> None:
    view = HexMapView()
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    obs = placed_game().observation(0)
    view.show_observation(obs)
    scout = next(u for u in obs["units"] if u["owner"] == 0 and u.get("unit_type") == "SC")
    item = view.counters[scout["unit"]]
    view.centerOn(item)
    QApplication.processEvents()
    at = view.viewport().mapTo(view, view.mapFromScene(item.sceneBoundingRect().center()))
    assert view.help_section_at(at) == "unit-sc"
    assert "F1: the rules of Scout" in item.toolTip()
    unexplored = next(h for h, v in enumerate(obs["hexes"]) if v.get("marker") is None
                      and not any(u["hex"] == h for u in obs["units"]))
    assert view.hex_section(unexplored) == "exploration"
    home = obs["homeworlds"][0]
    assert view.hex_section(home) == "marker-homeworld"
    assert "F1: the rules of Homeworld" in view.hex_tooltip(home)
    assert view.unit_section({"unit_type": None}) == "groups"
    far = view.viewport().mapTo(view, QPoint(2, 2))
    view.centerOn(-5000, -5000)
    assert view.help_section_at(far) is None


def test_f1_with_nothing_under_the_mouse_opens_the_current_decisions_rules(qtbot) -> None:
    from se4x_qt.session import storage
    from se4x_qt.windows.main_window import MainWindow

    window = MainWindow(storage.Settings())
    qtbot.addWidget(window)
    window.show()
    window.set_session(Session(economic_phase()))
    assert window.act_rules.shortcutContext() == Qt.ShortcutContext.ApplicationShortcut
    viewer = window.show_rules()
    assert viewer.current_id == help_book.PHASE_SECTIONS["economic_bid"] == "bidding"
    assert window.show_rules("unit-dn") is viewer and viewer.current_id == "unit-dn"
