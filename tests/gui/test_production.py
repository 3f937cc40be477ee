"""The production sheet, driven by clicks through a whole Economic Phase: income
statement, sealed bid, order choice, research, purchases at yards, refused purchases,
undo, refit, Done; then the units the engine placed and the CP left."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QSpinBox

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.rules import economy
from se4x_qt.games.se4x.session import Session
from se4x_qt.windows.production import ProductionSheet, tech_gain
from tests.helpers.gui_positions import BLOCKADED, HOME_0, economic_phase

pytestmark = [pytest.mark.fast, pytest.mark.gui]

COLONY_WITH_TWO_YARDS = 3
COLONY_WITH_ONE_YARD = 14


@pytest.fixture
def sheet_at_bids(qtbot):
    """Red has bid 0; Blue is at the screen with its sealed bid to make."""
    game = economic_phase()
    game.apply(Action("bid", amount=0))
    session = Session(game)
    assert session.viewer == 0
    sheet = ProductionSheet(session)
    qtbot.addWidget(sheet)
    sheet.show()
    return game, session, sheet


def find(sheet, name: str, kind=QPushButton):
    widget = sheet.findChild(kind, name)
    assert widget is not None, f"no {kind.__name__} named {name!r}"
    return widget


def click(qtbot, sheet, name: str) -> None:
    button = find(sheet, name)
    assert button.isEnabled(), f"{name} is disabled: {button.toolTip()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def texts(sheet) -> str:
    """Every label the player can see (new widgets show once queued events run)."""
    QApplication.processEvents()
    return "\n".join(label.text() for label in sheet.findChildren(QLabel) if label.isVisible())


def bid_and_choose_order(qtbot, game, sheet, amount: int = 4) -> None:
    find(sheet, "bid_spin", QSpinBox).setValue(amount)
    click(qtbot, sheet, "bid_button")
    assert game.phase == "choose_order" and game.current_player == 0
    order_button = find(sheet, "order_0")
    assert "1. Blue" in order_button.text() and "2. Red" in order_button.text()
    for index, order in enumerate(economy.order_choices(game.state)):  # the engine's choices
        names = "  \u203a  ".join(f"{n}. {['Blue', 'Red'][p]}" for n, p in enumerate(order, 1))
        assert find(sheet, f"order_{index}").text() == names
    click(qtbot, sheet, "order_0")
    assert game.phase == "economic_purchase" and game.current_player == 0


def test_income_statement_shows_every_source(sheet_at_bids):
    game, _, sheet = sheet_at_bids
    report = game.income_report(0)
    shown = texts(sheet)
    assert f"{report['discarded']} CP above the 30 cap discarded" in shown
    assert "Space wreck: rolled 4 \u2192 Attack +1 level" in shown
    label = game.state.board.label(BLOCKADED)
    assert f"Blockaded: Colony {label} earns nothing" in shown
    assert f"+{report['colony_income']}" in shown and f"+{report['minerals']}" in shown
    assert f"\u2212{report['maintenance']}" in shown
    assert find(sheet, "balance", QLabel).text() == str(report["cp"])
    assert f"{report['cp'] - 30} CP above 30 will be lost" in shown


def test_bid_spin_box_is_limited_to_the_cp(sheet_at_bids):
    game, _, sheet = sheet_at_bids
    assert find(sheet, "bid_spin", QSpinBox).maximum() == game.state.cp[0]



def test_a_refresh_with_nothing_changed_keeps_the_panels_and_a_bid_being_typed(qtbot,
                                                                           sheet_at_bids):
    """The sheet refreshes on every change of the game (a computer's purchase, a chat
    line); a panel whose inputs are unchanged keeps its widgets, so the amount the player
    is typing stays, and a change remakes only what it touches."""
    game, _, sheet = sheet_at_bids
    spin = find(sheet, "bid_spin", QSpinBox)
    research = find(sheet, "research_attack")
    spin.setValue(3)
    sheet.refresh()
    assert find(sheet, "bid_spin", QSpinBox) is spin and spin.value() == 3
    assert find(sheet, "research_attack") is research
    click(qtbot, sheet, "bid_button")  # Blue's bid: the game and the bid panel change
    assert game.phase == "choose_order"
    assert "Bids:" in texts(sheet) and sheet.findChild(QSpinBox, "bid_spin") is None

def test_a_whole_economic_phase_by_clicking(qtbot, sheet_at_bids):
    game, session, sheet = sheet_at_bids
    state = game.state
    start_cp = state.cp[0]
    bid_and_choose_order(qtbot, game, sheet, amount=4)
    assert state.cp[0] == start_cp - 4
    assert "Bid paid" in texts(sheet)

    # Research one level of Defense.
    cost = data.tech_cost(data.T_DEFENSE, 0)
    click(qtbot, sheet, "research_defense")
    assert state.tech_level(0, data.T_DEFENSE) == 1 and state.cp[0] == start_cp - 4 - cost
    research = find(sheet, "research_defense")
    assert not research.isEnabled() and research.text() == "Bought"

    # A cruiser at the homeworld's four yards.
    click(qtbot, sheet, f"buy_CA_{HOME_0}")
    assert find(sheet, f"capacity_{HOME_0}", QLabel).text() == "2 / 4 hulls"
    used, total = (economy.yard_capacity_used(state, 0, HOME_0),
                   economy.yard_capacity(state, 0, HOME_0))  # in half-hull points
    assert (used, total) == (4, 8)
    assert "Cruiser at Homeworld" in texts(sheet)

    # Refused: a battleship needs Ship Size 5; a cruiser does not fit one yard.
    battleship = find(sheet, f"buy_BB_{HOME_0}")
    assert not battleship.isEnabled()
    assert battleship.toolTip() == "Cannot buy BB here: needs Ship Size 5"
    assert economy.purchase_problem(state, 0, data.BB, HOME_0) == "needs Ship Size 5"
    cruiser = find(sheet, f"buy_CA_{COLONY_WITH_ONE_YARD}")
    assert not cruiser.isEnabled()
    assert cruiser.toolTip().endswith("not enough ship yard capacity here")
    problem = economy.purchase_problem(state, 0, data.CA, COLONY_WITH_ONE_YARD)
    assert cruiser.toolTip() == f"Cannot buy CA here: {problem}"

    # Undo the cruiser: its 12 CP come back.
    before_undo = state.cp[0]
    click(qtbot, sheet, "undo_button")
    assert state.cp[0] == before_undo + data.UNIT_COST[data.CA]
    assert "Cruiser at Homeworld" not in texts(sheet)

    # Two destroyers at the colony with two yards, then Done.
    click(qtbot, sheet, f"buy_DD_{COLONY_WITH_TWO_YARDS}")
    click(qtbot, sheet, f"buy_DD_{COLONY_WITH_TWO_YARDS}")
    assert find(sheet, f"buy_DD_{COLONY_WITH_TWO_YARDS}").text() == "Buy  +2"
    expected_cp = start_cp - 4 - cost - 2 * data.UNIT_COST[data.DD]
    assert state.cp[0] == expected_cp
    destroyers_before = [s for s in state.live_units(0) if state.u_type[s] == data.DD]
    with qtbot.waitSignal(sheet.close_requested, timeout=2000):
        click(qtbot, sheet, "done_button")

    # Red buys nothing; the engine places Blue's units and the round goes on.
    game.apply(Action("end_purchases"))
    assert game.phase == "movement"
    assert state.cp[0] == expected_cp
    new = [s for s in state.live_units(0)
           if state.u_type[s] == data.DD and s not in destroyers_before]
    assert len(new) == 1 and state.u_count[new[0]] == 2
    assert state.u_hex[new[0]] == COLONY_WITH_TWO_YARDS
    assert state.u_def[new[0]] == 1  # new ships carry the Defense level bought this phase
    assert not any(state.u_type[s] == data.CA and state.u_count[s] == 1
                   for s in state.live_units(0))


def test_a_refused_action_shows_the_engine_message(qtbot, sheet_at_bids):
    game, _, sheet = sheet_at_bids
    bid_and_choose_order(qtbot, game, sheet)
    button = find(sheet, f"buy_DD_{COLONY_WITH_TWO_YARDS}")
    assert button.isEnabled()
    game.state.cp[0] = 3  # the CP are gone behind the sheet's back: its button is stale
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert sheet.message() == "Refused: cannot buy DD: costs 9 CP, you have 3"
    assert not game.observation(0)["me"]["purchases"]


def test_refit_at_a_yard(qtbot, sheet_at_bids):
    game, _, sheet = sheet_at_bids
    bid_and_choose_order(qtbot, game, sheet)
    state = game.state
    cruisers = next(s for s in state.live_units(0) if state.u_type[s] == data.CA)
    button = find(sheet, f"refit_{cruisers}")
    assert button.isEnabled()
    cp = state.cp[0]
    click(qtbot, sheet, f"refit_{cruisers}")
    assert state.cp[0] == cp - data.UNIT_HULL[data.CA] * state.u_count[cruisers]
    assert state.u_att[cruisers] == min(state.tech_level(0, data.T_ATTACK), 2)
    refitted = find(sheet, f"refit_{cruisers}")
    assert not refitted.isEnabled() and refitted.toolTip().startswith("Cannot refit:")
    assert refitted.toolTip() == f"Cannot refit: {economy.refit_problem(state, cruisers)}"


def test_waiting_for_the_other_players_bid(qtbot):
    game = economic_phase()  # Red bids first
    session = Session(game)
    session.accept_handover(0)  # Blue looks at the screen out of turn
    sheet = ProductionSheet(session)
    qtbot.addWidget(sheet)
    assert "waiting for Red's bid" in sheet.player_label.text()
    assert not find(sheet, "bid_button").isEnabled()


def test_tech_gain_reads_the_charts():
    assert tech_gain(data.T_SHIP_SIZE, 2) == "build DD, Base"
    assert tech_gain(data.T_MOVEMENT, 2) == "new ships move 1/1/2 hexes a turn"
    assert tech_gain(data.T_SHIP_YARD, 2) == "each yard builds 1.5 hulls a phase"


def test_income_statement_shows_the_pipelines_trade(qtbot):
    """MS Pipelines (advanced rules): the trade line and each linked colony, and the
    MS Pipeline row among the units the yards build."""
    from tests.helpers.gui_scenario import add, scenario, set_colony, to_economic_phase

    game = scenario(advanced=["pipelines"])
    state = game.state
    add(state, 0, data.SY, HOME_0)
    set_colony(state, 0, 3, 3)
    for h in (1, 2):
        add(state, 0, data.MS, h)
    to_economic_phase(game)
    assert game.income_report(0)["trade"] == 1
    while game.phase == "economic_bid":
        game.apply(Action("bid", amount=0))
    assert game.phase == "economic_purchase" and game.current_player == 0
    sheet = ProductionSheet(Session(game))
    qtbot.addWidget(sheet)
    sheet.show()
    shown = texts(sheet)
    assert "Trade (MS pipelines)" in shown
    assert f"Colony {state.board.label(3)} linked to the homeworld" in shown
    assert "MS Pipeline" in shown
