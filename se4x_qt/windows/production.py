"""The production sheet: the Economic Phase of the player at the screen.

Why one sheet for the whole phase: in the board game the Economic Phase is
done on a paper production sheet (income, bid, research, purchases per
yard, the balance carried over), and players think of it as one form.  The
sheet follows the engine through its steps (sealed bid, order choice for
the winner, research and purchases) and shows the step it is in.

The sheet asks the engine for every verdict: a Buy or Research button is
enabled exactly when its action is legal, a disabled one explains itself
with the reason the observation gives (``buy_options`` and
``refit_options``: the engine's own words), and yard capacities, costs,
research prices and the order choices come from the observation too.  It
only reads the charts (hulls, what a technology level gives) to describe
them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from se4x_core import data
from se4x_core.actions import Action
from se4x_core.events import IncomeReport
from se4x_core.hexgrid import board_for
from se4x_core.observation import (
    BuyOption,
    EmpireView,
    Observation,
    PurchaseRecord,
    RefitOption,
    UnitView,
)
from se4x_core.phases import ECONOMY_PHASES as ECONOMIC_PHASES
from se4x_qt import help_book, style, widgets
from se4x_qt.style import Theme
from se4x_qt.widgets import clear_layout, help_links, make_panel

if TYPE_CHECKING:
    from se4x_qt.games.se4x.session import Session
    from se4x_qt.session.storage import Settings

STEPS = (("economic_bid", "Bids"), ("choose_order", "Player order"),
         ("economic_purchase", "Research & purchases"))
PREFERRED_SIZE = QSize(1480, 940)  # cut to the screen by widgets.fit_to_screen
LEFT_WIDTH = 400  # income, bid and purchases: one scrolling column of this width
YARD_HEADER_HEIGHT = 84  # the yards' table: a header row, then one row per unit type
YARD_ROW_HEIGHT = 32


# -- what the charts say, in words ------------------------------------------------------
def tech_gain(tech: int, next_level: int) -> str:
    """What the next level of a technology gives, read from the charts."""
    key = data.TECH_KEYS[tech]
    if key == "ship_size":
        units = [data.UNIT_CODES[u] for u in data.BUYABLE_TYPES
                 if data.UNIT_SIZE_NEEDED[u] == next_level]
        return "build " + ", ".join(units) if units else "bigger hulls"
    if key == "movement":
        a, b, c = data.MOVEMENT_SCHEDULE[next_level]
        return f"new ships move {a}/{b}/{c} hexes a turn"
    if key == "ship_yard":
        return f"each yard builds {data.YARD_HALF_HULLS[next_level] / 2:g} hulls a phase"
    if key in _ADVANCED_GAINS:
        return _ADVANCED_GAINS[key](next_level)
    return {
        "attack": "+1 attack for new ships (up to hull size)",
        "defense": "+1 defense for new ships (up to hull size)",
        "tactics": "fire first within a weapon class",
        "terraforming": "colony ships settle barren planets",
        "exploration": "new cruisers look into a next hex",
    }.get(key, "")


def _fighters_gain(level: int) -> str:
    strength = f"({data.FIGHTER_ATTACK[level]}-{data.FIGHTER_DEFENSE[level]})"
    return (f"build carriers and F{level} fighters {strength}" if level == 1
            else f"new fighters are F{level} {strength}")


def _mine_sweep_gain(level: int) -> str:
    swept = data.MINES_SWEPT[level]
    return (f"build minesweepers (each sweeps {swept} mine)" if level == 1
            else f"new minesweepers sweep {swept} mines each")


# What the next level of an advanced technology gives, by its key (a function, so that
# only a level that exists is read).
_ADVANCED_GAINS: dict[str, Callable[[int], str]] = {
    "fighters": _fighters_gain,
    "point_defense": lambda level: (f"new scouts fire first at fighters, attack "
                                    f"{data.POINT_DEFENSE_ATTACK[level]}"),
    "cloaking": lambda level: ("build raiders, cloaked against Scanners 0" if level == 1
                               else f"new raiders are cloaked against Scanners {level - 1}"),
    "scanners": lambda level: f"new destroyers see raiders with Cloaking {level} or less",
    "mines": lambda level: "build mines: each destroys a ship entering its hex",
    "mine_sweep": _mine_sweep_gain,
}


def hulls(half_hulls: int) -> str:
    """Half-hull points as hulls, e.g. 3 -> "1.5"."""
    return f"{half_hulls / 2:g}"


# -- small widgets -------------------------------------------------------------------------
class LevelPips(QWidget):
    """A technology's levels as pips: reached, bought this phase, still open."""

    def __init__(self, level: int, maximum: int, bought: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.level, self.maximum, self.bought = level, maximum, bought
        self.setFixedSize(14 * maximum + 4, 16)
        self.setToolTip(f"level {level} of {maximum}")

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i in range(1, self.maximum + 1):
            rect = QRectF(2 + (i - 1) * 14, 3, 10, 10)
            if i <= self.level:
                colour = Theme.HIGHLIGHT if self.bought and i == self.level else Theme.ACCENT
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(colour))
            else:
                painter.setPen(QColor(Theme.FAINT))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(rect)


class CapacityBar(QWidget):
    """Yard capacity used this phase, as a thin bar."""

    def __init__(self, used: int, total: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.used, self.total = used, total
        self.setFixedHeight(6)
        self.setMinimumWidth(60)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(Theme.CARD))
        painter.drawRoundedRect(rect, 3, 3)
        if self.total > 0 and self.used > 0:
            share = min(1.0, self.used / self.total)
            painter.setBrush(QColor(Theme.WARN if share >= 1 else Theme.ACCENT))
            painter.drawRoundedRect(QRectF(0, 0, rect.width() * share, rect.height()), 3, 3)


def _money(value: int, sign: bool = False) -> str:
    if sign and value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return str(value)


# -- the sheet -------------------------------------------------------------------------------
class ProductionSheet(QWidget):
    """The viewer's Economic Phase: income, bid, order, research, purchases, refits."""

    close_requested = Signal()

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._board = board_for(session.observation()["board"])  # one board per game
        self.setWindowTitle("Economic Phase \u2014 Space Empires 4X")
        style.apply_theme(self)
        self.settings: Settings | None = getattr(parent, "settings", None)  # the app's
        self._in_phase = False
        self._yardless_choice = -1  # the colony without a yard the sheet builds at
        self._drawn = widgets.DrawnSections()  # what each panel was last drawn from
        self._build()
        widgets.fit_to_screen(self, PREFERRED_SIZE)
        session.changed.connect(self.refresh)
        self.refresh()

    # -- layout ----------------------------------------------------------------------------
    def _build(self) -> None:
        """Header; two columns that scroll on their own; a footer with Undo and Done.

        Why this shape: on a laptop the sheet is shorter than its contents, so
        each column scrolls (a long income list never pushes "Done" off the
        screen), and the footer with the message line, Undo and Done stays put.
        """
        root = QVBoxLayout(self)
        root.setContentsMargins(16, 12, 16, 10)
        root.setSpacing(10)
        root.addWidget(self._build_header())
        columns = QHBoxLayout()
        columns.setSpacing(12)
        columns.addWidget(self._build_left(), 0)
        columns.addWidget(self._build_right(), 1)
        root.addLayout(columns, 1)
        root.addLayout(self._build_footer())

    def _build_footer(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.message_label = widgets.message_line()
        row.addWidget(self.message_label, 1)
        self.undo_button = widgets.button(
            "Undo last", "undo_button", self._act(Action("undo_purchase")),
            tip="Take back the last purchase and get its CP back")
        row.addWidget(self.undo_button)
        self.done_button = widgets.button("Done \u2014 end purchases", "done_button",
                                          self._finish,
                                          tip="Your units are placed at the end of the phase")
        self.done_button.setStyleSheet(style.primary_button_stylesheet("6px 16px"))
        row.addWidget(self.done_button)
        return row

    def _build_header(self) -> QFrame:
        frame, layout = make_panel(object_name="banner")
        row = QHBoxLayout()
        layout.addLayout(row)
        titles = QVBoxLayout()
        titles.setSpacing(4)
        self.title_label = widgets.label("", "title")
        self.player_label = widgets.label("", None, rich=True)
        self.steps_label = widgets.label("", None, rich=True)
        for widget in (self.title_label, self.player_label, self.steps_label):
            titles.addWidget(widget)
        row.addLayout(titles, 1)
        balance = QVBoxLayout()
        balance.setSpacing(2)
        caption = widgets.label("CP AVAILABLE", "faint")
        self.balance_label = widgets.label("", "big")
        self.balance_label.setObjectName("balance")
        self.balance_label.setStyleSheet("font-size: 26pt; font-weight: 800;")
        self.cap_label = widgets.label("", "warning")
        for widget in (caption, self.balance_label, self.cap_label):
            widget.setAlignment(Qt.AlignmentFlag.AlignRight)
            balance.addWidget(widget)
        row.addLayout(balance)
        return frame

    def _build_left(self) -> QScrollArea:
        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 6, 0)
        column.setSpacing(12)
        # A panel is refilled, heading included, when what it shows changed (refresh).
        self._income_frame, self._income = make_panel()
        self._bid_frame, self._bid = make_panel()
        self._bought_frame, self._bought = make_panel()
        for frame in (self._income_frame, self._bid_frame, self._bought_frame):
            column.addWidget(frame)
        column.addStretch(1)
        scroll = _vertical_scroll(inner)
        scroll.setObjectName("left_column")
        scroll.setFixedWidth(LEFT_WIDTH)
        return scroll

    def _build_right(self) -> QScrollArea:
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.setContentsMargins(0, 0, 6, 0)
        layout.setSpacing(12)
        self._research_frame, self._research = make_panel()
        self._yards_frame, self._yards = make_panel()
        self._refit_frame, self._refits = make_panel()
        for frame in (self._research_frame, self._yards_frame, self._refit_frame):
            layout.addWidget(frame)
        layout.addStretch(1)
        scroll = _vertical_scroll(inner)
        scroll.setObjectName("right_column")
        return scroll

    # -- reading ---------------------------------------------------------------------------
    def _who(self, player: int) -> str:
        return style.session_player_name(self.session, player)

    def _html(self, player: int) -> str:
        return style.session_name_html(self.session, player)

    def _hex_label(self, hex_index: int) -> str:
        return self._board.label(hex_index)

    def _colony_name(self, obs: Observation, hex_index: int) -> str:
        colony = obs["hexes"][hex_index].get("colony")
        kind = "Homeworld" if colony is not None and colony["homeworld"] else "Colony"
        return f"{kind} {self._hex_label(hex_index)}"

    def _legal(self) -> set[Action]:
        return set(self.session.legal_actions())

    def _my_turn(self) -> bool:
        return self.session.viewer_may_act() and \
            self.session.current_player == self.session.viewer

    # -- refreshing --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the viewer's observation the panels whose inputs changed.

        The sheet is open through every player's bids and purchases, and the game changes
        after each of them; remaking every panel each time (their buttons and labels, the
        costliest part of a refresh) took some 40 ms a change, and it would also reset a
        bid being typed while a computer player buys.  So each panel is remade only when
        what it shows changed (:meth:`_panel_inputs`)."""
        obs = self.session.observation()
        legal = self._legal() if self._my_turn() else set()
        self._update_header(obs)
        inputs = self._panel_inputs(obs, legal)
        updates: list[tuple[str, Callable[[], None]]] = [
            ("income", lambda: self._update_income(obs)),
            ("bid", lambda: self._update_bid(obs, legal)),
            ("bought", lambda: self._update_bought(obs, legal)),
            ("research", lambda: self._update_research(obs, legal)),
            ("yards", lambda: self._update_yards(obs, legal)),
            ("refits", lambda: self._update_refits(obs, legal))]
        for panel, update in updates:
            if self._drawn.stale(panel, inputs["all"], inputs[panel]):
                update()
        self._update_footer(legal)
        self._note_phase(obs["phase"])

    def _panel_inputs(self, obs: Observation, legal: set[Action]) -> dict[str, object]:
        """What each panel reads, as plain data ("all": what every panel reads: the
        viewer, the phase, the names, the viewer's colonies and counters, the legal
        actions).  A panel whose inputs are as they were is left as it is."""
        me, viewer = obs["me"], obs["viewer"]
        colonies = [(h["hex"], h["colony"]) for h in obs["hexes"]
                    if h.get("colony") and h["colony"]["owner"] == viewer]
        names = [self._who(p) for p in range(len(obs["bids"]))]
        shared = repr((viewer, obs["phase"], names, colonies,
                       [u for u in obs["units"] if u["owner"] == viewer],
                       sorted(map(repr, legal))))  # once, not once per panel
        return {"all": shared,
                "income": (me["income_report"], me.get("trade_links"), me["cp"], obs["bids"]),
                "bid": (obs["bids"], obs["order"], obs["order_choices"],
                        self.session.current_player),
                "bought": me.get("purchases"),
                "research": (me["tech"], me.get("researched"), me.get("research_costs"),
                             me["cp"]),
                "yards": (me.get("income_hexes"), me.get("yards"), obs.get("unit_types"),
                          me.get("buy_options"), me.get("purchases"), self._yardless_choice),
                "refits": (obs.get("advanced"), me.get("refit_options"))}

    def _note_phase(self, phase: str) -> None:
        if phase in ECONOMIC_PHASES:
            self._in_phase = True
        elif self._in_phase:
            self._in_phase = False
            self.close_requested.emit()

    # -- header ----------------------------------------------------------------------------
    def _update_header(self, obs: Observation) -> None:
        viewer = obs["viewer"]
        me = obs["me"]
        self.title_label.setText(f"ECONOMIC PHASE \u00b7 ROUND {obs['round']}")
        status = self._status_text(obs)
        self.player_label.setText(
            f"{self._html(viewer)} <span style='color:{Theme.MUTED}'>\u2014 {status}</span>")
        self.steps_label.setText(self._steps_html(obs["phase"]))
        self.balance_label.setText(str(me["cp"]))
        lost = me["cp"] - data.CARRY_OVER_CAP
        self.cap_label.setText(f"{lost} CP above {data.CARRY_OVER_CAP} will be lost"
                               if lost > 0 else f"up to {data.CARRY_OVER_CAP} CP carry over")
        self.cap_label.setObjectName("warning" if lost > 0 else "faint")
        self.cap_label.setStyleSheet(self.cap_label.styleSheet())  # re-polish for the new name

    def _status_text(self, obs: Observation) -> str:
        phase, current = obs["phase"], self.session.current_player
        if phase not in ECONOMIC_PHASES:
            return "the Economic Phase is over"
        if current != obs["viewer"]:
            step = {"economic_bid": "bid", "choose_order": "choice of the player order",
                    "economic_purchase": "purchases"}[phase]
            return f"waiting for {self._who(current)}'s {step}"
        return {"economic_bid": "place your sealed bid",
                "choose_order": "you won the bid: choose the player order",
                "economic_purchase": "research and build, then press Done"}[phase]

    @staticmethod
    def _steps_html(phase: str) -> str:
        parts = []
        reached = True
        for number, (key, name) in enumerate(STEPS, start=1):
            if key == phase:
                style = f"color:{Theme.HIGHLIGHT}; font-weight:700"
                reached = False
            elif reached and phase in ECONOMIC_PHASES:
                style = f"color:{Theme.MUTED}"
            else:
                style = f"color:{Theme.FAINT}"
            parts.append(f"<span style='{style}'>{number}&nbsp;{name}</span>")
        return "&nbsp;&nbsp;\u203a&nbsp;&nbsp;".join(parts)

    # -- income ----------------------------------------------------------------------------
    def _update_income(self, obs: Observation) -> None:
        clear_layout(self._income)
        self._income.addWidget(widgets.heading("Income"))
        report = obs["me"]["income_report"]
        if not report:
            self._income.addWidget(widgets.label("No income collected yet.", "subtle"))
            return
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        rows = self._income_rows(obs, report)
        for row, (text, value, kind) in enumerate(rows):
            label = widgets.label(text, None, rich=True, wrap=True)
            amount = widgets.label(value)
            amount.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            if kind == "total":
                for widget in (label, amount):
                    widget.setStyleSheet("font-weight: 700; font-size: 11pt;")
            elif kind == "sub":
                label.setStyleSheet(f"color:{Theme.MUTED}; padding-left: 14px;")
                amount.setStyleSheet(f"color:{Theme.MUTED};")
            grid.addWidget(label, row, 0)
            grid.addWidget(amount, row, 1)
            if kind == "rule":
                grid.addWidget(_rule(), row, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self._income.addLayout(grid)

    def _income_rows(self, obs: Observation,
                     report: IncomeReport) -> list[tuple[str, str, str]]:
        """The income statement as (text, amount, style) rows, in the phase's order."""
        rows = [("Carried over from last phase", str(report["carried"]), "")]
        if report["discarded"]:
            rows.append((f"{report['discarded']} CP above the {data.CARRY_OVER_CAP} cap "
                         "discarded", "", "sub"))
        rows.append(("Colony income", _money(report["colony_income"], True), ""))
        rows += self._colony_rows(obs, report)
        if "trade" in report:  # MS Pipelines (advanced rules)
            rows.append(("Trade (MS pipelines)", _money(report["trade"], True), ""))
            for hex_index in obs["me"].get("trade_links", []):
                rows.append((f"{self._colony_name(obs, hex_index)} linked to the homeworld",
                             "+1", "sub"))
        rows.append(("Minerals delivered", _money(report["minerals"], True), ""))
        for wreck in report["wrecks"]:
            tech = data.TECH_NAMES[data.TECH_KEYS.index(wreck["tech"])]
            result = f"{tech} +1 level" if wreck["gained"] else f"{tech} already at maximum"
            rows.append((f"Space wreck: rolled {wreck['roll']} \u2192 {result}", "", "sub"))
        for hex_index in report["blockaded"]:
            rows.append((f"<span style='color:{Theme.WARN}'>Blockaded: "
                         f"{self._colony_name(obs, hex_index)} earns nothing</span>", "", "sub"))
        rows.append(("Maintenance (hull sizes of ships)", _money(-report["maintenance"]), ""))
        rows.append(("", "", "rule"))
        rows.append(("Net income (never below 0)", _money(report["net"], True), "total"))
        rows.append(("Treasury after income", str(report["cp"]), "total"))
        rows += self._after_income_rows(obs, report)
        return rows

    def _colony_rows(self, obs: Observation,
                     report: IncomeReport) -> list[tuple[str, str, str]]:
        viewer = obs["viewer"]
        rows = []
        for view in obs["hexes"]:
            colony = view.get("colony")
            if colony and colony["owner"] == viewer and view["hex"] not in report["blockaded"]:
                rows.append((self._colony_name(obs, view["hex"]), str(colony["cp"]), "sub"))
        return rows

    def _after_income_rows(self, obs: Observation,
                           report: IncomeReport) -> list[tuple[str, str, str]]:
        viewer = obs["viewer"]
        bid = obs["bids"][viewer] if obs["phase"] != "economic_bid" else None
        rows = []
        if bid is not None and bid > 0:
            rows.append(("Bid paid", _money(-bid), ""))
        spent = report["cp"] - max(bid or 0, 0) - obs["me"]["cp"]
        if spent > 0:
            rows.append(("Spent this phase", _money(-spent), ""))
        if rows:
            rows.append(("", "", "rule"))
            rows.append(("Available now", str(obs["me"]["cp"]), "total"))
        return rows

    # -- bids and order ----------------------------------------------------------------
    def _update_bid(self, obs: Observation, legal: set[Action]) -> None:
        clear_layout(self._bid)
        self._bid.addWidget(widgets.heading("Bid for player order"))
        phase, viewer = obs["phase"], obs["viewer"]
        if phase == "economic_bid":
            self._add_bid_entry(obs, legal, viewer)
            return
        self._add_bids_revealed(obs)
        if phase == "choose_order":
            self._add_order_choice(obs, legal)
        elif phase == "economic_purchase":
            order = ", ".join(self._who(p) for p in obs["order"])
            self._bid.addWidget(widgets.label(f"Player order this round: {order}", "subtle",
                                              wrap=True))

    def _add_bid_entry(self, obs: Observation, legal: set[Action], viewer: int) -> None:
        own = obs["bids"][viewer]
        self._bid.addWidget(widgets.label(
            "Bids are sealed and everyone pays theirs. The single highest bidder chooses the "
            "order of play; with no bids or a tie the order stays.", "subtle", wrap=True))
        amounts = [a.amount for a in legal if a.kind == "bid"]
        if own is not None and own >= 0:
            self._bid.addWidget(widgets.label(f"Your sealed bid: {own} CP. Waiting for the others.",
                                              "good", wrap=True))
            return
        row = QHBoxLayout()
        self.bid_spin = QSpinBox()
        self.bid_spin.setObjectName("bid_spin")
        self.bid_spin.setRange(0, max(amounts) if amounts else 0)
        self.bid_spin.setSuffix(" CP")
        self.bid_spin.setEnabled(bool(amounts))
        row.addWidget(self.bid_spin)
        row.addWidget(widgets.button("Place sealed bid", "bid_button", self._place_bid,
                                     enabled=bool(amounts)))
        row.addStretch(1)
        self._bid.addLayout(row)
        if not amounts:
            waiting = f"Waiting for {self._who(self.session.current_player)} to bid."
            self._bid.addWidget(widgets.label(waiting, "subtle"))

    def _add_bids_revealed(self, obs: Observation) -> None:
        parts = [f"{self._html(p)} {bid} CP" for p, bid in enumerate(obs["bids"])
                 if bid is not None and bid >= 0]
        self._bid.addWidget(widgets.label("Bids: " + " &nbsp;\u00b7&nbsp; ".join(parts), None,
                                          rich=True, wrap=True))

    def _add_order_choice(self, obs: Observation, legal: set[Action]) -> None:
        current = self.session.current_player
        if current != obs["viewer"]:
            self._bid.addWidget(widgets.label(f"{self._who(current)} won the bid and chooses the "
                                              "order.", "subtle", wrap=True))
            return
        self._bid.addWidget(widgets.label("You won the bid. Choose the order of play:", "good"))
        for index, order in enumerate(obs["order_choices"]):
            action = Action("choose_order", order=index)
            text = "  \u203a  ".join(f"{n}. {self._who(p)}" for n, p in enumerate(order, 1))
            self._bid.addWidget(widgets.button(text, f"order_{index}", self._act(action),
                                               enabled=action in legal))

    def _place_bid(self) -> None:
        self._apply(Action("bid", amount=self.bid_spin.value()))

    # -- purchases list ----------------------------------------------------------------
    def _update_bought(self, obs: Observation, legal: set[Action]) -> None:
        clear_layout(self._bought)
        self._bought.addWidget(widgets.heading("This phase's purchases"))
        purchases = obs["me"].get("purchases", [])
        if not purchases:
            self._bought.addWidget(widgets.label("Nothing bought yet.", "subtle"))
        grid = QGridLayout()
        grid.setVerticalSpacing(3)
        for row, record in enumerate(purchases):
            text, cost = self._purchase_text(obs, record)
            grid.addWidget(widgets.label(text, "purchase_line"), row, 0)
            amount = widgets.label(_money(-cost))
            amount.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(amount, row, 1)
        grid.setColumnStretch(0, 1)
        self._bought.addLayout(grid)

    def _update_footer(self, legal: set[Action]) -> None:
        """Undo and Done, enabled exactly when their actions are legal."""
        self.undo_button.setEnabled(Action("undo_purchase") in legal)
        self.done_button.setEnabled(Action("end_purchases") in legal)

    def _purchase_text(self, obs: Observation, record: PurchaseRecord) -> tuple[str, int]:
        cost = record["cost"]
        if record["kind"] == "research":
            tech, level = data.TECH_KEYS.index(record["tech"]), record["level"]
            return f"Research {data.TECH_NAMES[tech]} {level} \u2192 {level + 1}", cost
        if record["kind"] == "buy":
            name = data.UNIT_NAMES[data.CODE_TO_UNIT[record["unit_type"]]]
            return f"{name} at {self._colony_name(obs, record['hex'])}", cost
        return f"Refit {self._unit_name(obs, record['unit'])}", cost

    @staticmethod
    def _unit_name(obs: Observation, unit: int) -> str:
        for view in obs["units"]:
            if view["unit"] == unit and view.get("unit_type"):
                return f"{view['unit_type']}{view.get('number', '')}"
        return f"group {unit}"

    # -- research ---------------------------------------------------------------------------
    def _update_research(self, obs: Observation, legal: set[Action]) -> None:
        clear_layout(self._research)
        self._research.addWidget(widgets.heading("Research"))
        me = obs["me"]
        researched = set(me.get("researched", []))
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        grid.setVerticalSpacing(6)
        legend = (f"<span style='color:{Theme.ACCENT}'>\u25cf</span> reached &nbsp; "
                  f"<span style='color:{Theme.HIGHLIGHT}'>\u25cf</span> bought this phase "
                  f"&nbsp; one level per technology per phase, in order")
        self._research.addWidget(widgets.label(legend, "subtle", rich=True))
        for column, title in enumerate(("Technology", "Level", "", "Next level", "Cost", "")):
            grid.addWidget(widgets.label(title.upper(), "faint"), 0, column)
        for row, key in enumerate(me["tech"], start=1):  # the technologies in this game
            self._research_row(grid, row, data.TECH_KEYS.index(key), me, researched, legal,
                               obs["phase"])
        grid.setColumnStretch(3, 1)
        self._research.addLayout(grid)

    def _research_row(self, grid: QGridLayout, row: int, tech: int, me: EmpireView,
                      researched: set[str], legal: set[Action], phase: str) -> None:
        key = data.TECH_KEYS[tech]
        level = me["tech"][key]
        costs = me.get("research_costs")  # the engine's prices, while purchases are open
        cost = costs.get(key, -1) if costs is not None else data.tech_cost(tech, level)
        bought = key in researched
        name = widgets.label(data.TECH_NAMES[tech], "tech_name")
        help_links.tag(name, help_book.TECH_SECTIONS[key])
        grid.addWidget(name, row, 0)
        grid.addWidget(LevelPips(level, data.TECH_MAX[tech], bought), row, 1)
        grid.addWidget(widgets.label(f"{level} / {data.TECH_MAX[tech]}", "subtle"), row, 2)
        gain = tech_gain(tech, level + 1) if cost >= 0 else "maximum reached"
        grid.addWidget(widgets.label(gain, "subtle", wrap=True), row, 3)
        grid.addWidget(widgets.label(f"{cost} CP" if cost >= 0 else "\u2013"), row, 4)
        action = Action("research", tech=tech)
        text, tip = self._research_button_text(action, legal, cost, bought, me["cp"], phase)
        button = widgets.button(text, f"research_{key}", self._act(action), enabled=action in legal,
                                tip=tip)
        help_links.tag(button, help_book.TECH_SECTIONS[key], add_hint=False)
        button.setMinimumWidth(120)
        grid.addWidget(button, row, 5)

    @staticmethod
    def _research_button_text(action: Action, legal: set[Action], cost: int, bought: bool,
                              cp: int, phase: str) -> tuple[str, str]:
        if action in legal:
            return "Research", f"Buy the next level for {cost} CP"
        if cost < 0:
            return "Maxed", "Already at the chart's maximum"
        if bought:
            return "Bought", "One level per technology per Economic Phase"
        if phase != "economic_purchase":
            return "Research", "Research opens after the bids"
        if cost > cp:
            return "Research", f"costs {cost} CP, you have {cp}"
        return "Research", "Not your purchase step"

    # -- ship yards -----------------------------------------------------------------------
    def _update_yards(self, obs: Observation, legal: set[Action]) -> None:
        clear_layout(self._yards)
        self._yards.addWidget(widgets.heading("Ship yards"))
        hexes = obs["me"].get("income_hexes")
        if obs["phase"] != "economic_purchase" or hexes is None:
            self._yards.addWidget(widgets.label("Purchases open after the bids.", "subtle"))
            return
        if not hexes:
            self._yards.addWidget(widgets.label("No colony produced income: nothing can be built.",
                                                "subtle"))
            return
        self._yards.addWidget(widgets.label(
            "Ships are built at the yards of colonies that produced income, within the yards' "
            "hull capacity; bases, yards and decoys need no yard (build them at any of these "
            "colonies, or pick one without a yard in the last column).", "subtle", wrap=True))
        with_yard = {y["hex"] for y in obs["me"].get("yards", [])}
        columns = [h for h in hexes if h in with_yard]
        yardless = [h for h in hexes if h not in with_yard]
        if yardless and self._yardless_choice not in yardless:
            self._yardless_choice = yardless[0]
        in_play = set(obs.get("unit_types") or data.UNIT_CODES[:data.N_BASIC_UNIT_TYPES])
        buyable = [t for t in data.BUYABLE_TYPES if data.UNIT_CODES[t] in in_play]
        row = QHBoxLayout()
        row.setSpacing(14)
        row.addWidget(self._unit_table(buyable), 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self._yard_columns(obs, legal, buyable, columns, yardless), 1,
                      Qt.AlignmentFlag.AlignTop)
        self._yards.addLayout(row)

    def _unit_table(self, buyable: list[int]) -> QWidget:
        """The fixed left part of the yards' table: what each unit type is and costs.

        It never scrolls sideways, so the unit names stay beside the Buy buttons
        however many yards the columns to the right hold.
        """
        box = QWidget()
        grid = _table_grid(box, len(buyable))
        for column, title in enumerate(("Unit", "Cost", "Class", "Att-Def", "Hull")):
            grid.addWidget(widgets.label(title.upper(), "faint"), 0, column,
                           Qt.AlignmentFlag.AlignBottom)
        for row, unit_type in enumerate(buyable, start=1):
            self._unit_row(grid, row, unit_type)
        grid.setColumnStretch(0, 1)
        return box

    def _yard_columns(self, obs: Observation, legal: set[Action], buyable: list[int],
                      columns: list[int], yardless: list[int]) -> QScrollArea:
        """One column of Buy buttons per colony with a yard, and one for the colonies
        without (a choice of which); the columns scroll sideways when they are many."""
        box = QWidget()
        grid = _table_grid(box, len(buyable))
        options = {(o["unit_type"], o["hex"]): o for o in obs["me"].get("buy_options", [])}
        places = [(h, self._yard_header(obs, h)) for h in columns]
        if yardless:
            places.append((self._yardless_choice, self._yardless_header(obs, yardless)))
        for index, (hex_index, header) in enumerate(places):
            grid.addWidget(header, 0, index)
            for row, unit_type in enumerate(buyable, start=1):
                option = options.get((data.UNIT_CODES[unit_type], hex_index))
                grid.addWidget(self._buy_button(obs, legal, unit_type, hex_index, option),
                               row, index)
        grid.setColumnStretch(len(places), 1)
        scroll = QScrollArea()
        scroll.setObjectName("yard_columns")
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(box)
        bar = scroll.horizontalScrollBar().sizeHint().height()
        scroll.setFixedHeight(box.sizeHint().height() + bar)
        return scroll

    def _yard_header(self, obs: Observation, hex_index: int) -> QWidget:
        viewer = obs["viewer"]
        yard = next((y for y in obs["me"].get("yards", []) if y["hex"] == hex_index), None)
        total, used = (yard["capacity"], yard["used"]) if yard else (0, 0)
        yards = sum(u.get("count", 0) for u in obs["units"]
                    if u["hex"] == hex_index and u["owner"] == viewer
                    and u.get("unit_type") == "SY")
        box, layout = _header_box()
        colony = obs["hexes"][hex_index].get("colony")
        cp = colony["cp"] if colony is not None else 0
        layout.addWidget(widgets.label(self._colony_name(obs, hex_index), "tech_name"))
        layout.addWidget(widgets.label(f"{cp} CP \u00b7 {yards} yard"
                                       f"{'s' if yards != 1 else ''}", "subtle"))
        capacity = widgets.label(f"{hulls(used)} / {hulls(total)} hulls" if total else "no yard",
                                 "faint")
        capacity.setObjectName(f"capacity_{hex_index}")
        layout.addWidget(capacity)
        layout.addWidget(CapacityBar(used, total))
        return box

    def _yardless_header(self, obs: Observation, yardless: list[int]) -> QWidget:
        """The column of the colonies without a yard: one at a time, chosen here."""
        box, layout = _header_box()
        layout.addWidget(widgets.label(f"Without a yard ({len(yardless)})", "tech_name"))
        choice = QComboBox()
        choice.setObjectName("yardless_colony")
        for hex_index in yardless:
            colony = obs["hexes"][hex_index].get("colony")
            cp = colony["cp"] if colony is not None else 0
            choice.addItem(f"{self._colony_name(obs, hex_index)} \u00b7 {cp} CP", hex_index)
        choice.setCurrentIndex(yardless.index(self._yardless_choice))
        choice.setToolTip("Bases, ship yards and decoys can be built at a colony without a "
                          "yard; pick the colony here")
        choice.currentIndexChanged.connect(lambda i: self._choose_yardless(yardless[i]))
        layout.addWidget(choice)
        layout.addWidget(widgets.label("bases, yards, decoys", "faint"))
        return box

    def _choose_yardless(self, hex_index: int) -> None:
        self._yardless_choice = hex_index
        self.refresh()

    def _unit_row(self, grid: QGridLayout, row: int, unit_type: int) -> None:
        stats = data.UNIT_STATS[unit_type]
        name = widgets.label(f"<b>{stats.code}</b> <span style='color:{Theme.MUTED}'>"
                             f"{data.UNIT_NAMES[unit_type]}</span>", None, rich=True)
        help_links.tag(name, help_book.UNIT_SECTIONS[stats.code])
        grid.addWidget(name, row, 0)
        grid.addWidget(widgets.label(f"{stats.cost}"), row, 1)
        letter = data.CLASS_LETTERS[stats.weapon_class] if stats.weapon_class < 5 else "\u2013"
        grid.addWidget(widgets.label(letter, "subtle"), row, 2)
        grid.addWidget(widgets.label(f"{stats.attack}-{stats.defense}" if stats.armed else "\u2013",
                                     "subtle"), row, 3)
        grid.addWidget(widgets.label(str(stats.hull), "subtle"), row, 4)

    def _buy_button(self, obs: Observation, legal: set[Action], unit_type: int,
                    hex_index: int, option: BuyOption | None) -> QPushButton:
        """A Buy button; ``option`` is the observation's word on this unit type here."""
        action = Action("buy", unit_type=unit_type, hex=hex_index)
        code = data.UNIT_CODES[unit_type]
        pending = sum(1 for p in obs["me"].get("purchases", [])
                      if p["kind"] == "buy" and p["unit_type"] == code and p["hex"] == hex_index)
        text = f"Buy  +{pending}" if pending else "Buy"
        where = self._colony_name(obs, hex_index)
        if action in legal:
            cost = option["cost"] if option else data.UNIT_COST[unit_type]
            tip = f"Buy a {data.UNIT_NAMES[unit_type]} at {where} for {cost} CP"
        else:
            problem = option["problem"] if option else None
            tip = f"Cannot buy {code} here: {problem or 'not your purchase step'}"
        button = widgets.button(text, f"buy_{code}_{hex_index}", self._act(action),
                                enabled=action in legal, tip=tip)
        problem = option.get("problem") if option and action not in legal else None
        help_links.tag(button, help_book.refusal_section(problem or "", "buy") if problem
                       else help_book.UNIT_SECTIONS[code], add_hint=False)
        if pending:
            button.setStyleSheet(f"border-color:{Theme.HIGHLIGHT}; color:{Theme.HIGHLIGHT};")
        return button

    # -- refits ---------------------------------------------------------------------------
    def _update_refits(self, obs: Observation, legal: set[Action]) -> None:
        clear_layout(self._refits)
        self._add_scuttling(obs, legal)
        self._refits.addWidget(widgets.heading("Refits"))
        groups = self._refit_candidates(obs)
        if not groups:
            self._refits.addWidget(widgets.label("No warship group is at one of your ship yards.",
                                                 "subtle"))
            return
        self._refits.addWidget(widgets.label(
            "A group that spent the whole turn at a yard takes your current technology; "
            "the cost is its hull size per ship.", "subtle", wrap=True))
        grid = QGridLayout()
        grid.setHorizontalSpacing(14)
        for row, (unit, option) in enumerate(groups):
            self._refit_row(grid, row, obs, unit, option, legal)
        grid.setColumnStretch(2, 1)
        self._refits.addLayout(grid)

    def _add_scuttling(self, obs: Observation, legal: set[Action]) -> None:
        """Scuttling (advanced rule): the groups that may be scuttled now, one button each."""
        if "scuttling" not in obs.get("advanced", []):
            return
        self._refits.addWidget(widgets.heading("Scuttling"))
        views = {u["unit"]: u for u in obs["units"]}
        actions = sorted((a for a in legal if a.kind == "scuttle"), key=lambda a: a.unit)
        self._refits.addWidget(widgets.label(
            "When every counter of a type is in use, a group of it may be scuttled to build "
            "another; it leaves the board for good (no undo)." if actions else
            "Nothing to scuttle: a group may go only when every counter of its type is in "
            "use or bought.", "subtle", wrap=True))
        row = QHBoxLayout()
        for action in actions:
            unit = views[action.unit]
            name = f"{unit['unit_type']}{unit['number']} \u00d7{unit['count']}"
            row.addWidget(widgets.button(f"Scuttle {name}", f"scuttle_{action.unit}",
                                         self._act(action), enabled=True,
                                         tip=f"Scuttle {name} to reuse its counter"))
        row.addStretch(1)
        self._refits.addLayout(row)

    @staticmethod
    def _refit_candidates(obs: Observation) -> list[tuple[UnitView, RefitOption | None]]:
        """The viewer's warship groups at its yards, each with the engine's refit option.

        While purchases are open the observation lists them (``refit_options``:
        the cost, and why not when refused); during the bids the sheet shows
        the same groups from the board, without an option yet.
        """
        views = {u["unit"]: u for u in obs["units"]}
        options = obs["me"].get("refit_options")
        if options is not None:
            return [(views[o["unit"]], o) for o in options if o["unit"] in views]
        viewer = obs["viewer"]
        mine = [u for u in obs["units"] if u["owner"] == viewer]
        yard_hexes = {u["hex"] for u in mine if u.get("unit_type") == "SY"}
        warships = {data.UNIT_CODES[t] for t in data.WARSHIP_TYPES}
        return [(u, None) for u in mine
                if u.get("unit_type") in warships and u["hex"] in yard_hexes]

    def _refit_row(self, grid: QGridLayout, row: int, obs: Observation,
                   unit: UnitView, option: RefitOption | None,
                   legal: set[Action]) -> None:
        index, code = unit["unit"], unit["unit_type"]
        assert code is not None  # the viewer's own group: its type always shows
        unit_type = data.CODE_TO_UNIT[code]
        cost = option["cost"] if option else data.UNIT_HULL[unit_type] * unit["count"]
        name = (f"<b>{unit['unit_type']}{unit['number']}</b> \u00d7{unit['count']}"
                f" <span style='color:{Theme.MUTED}'>at "
                f"{self._colony_name(obs, unit['hex'])}</span>")
        grid.addWidget(widgets.label(name, None, rich=True), row, 0)
        tech = (f"Att {unit['attack_tech']} \u00b7 Def {unit['defense_tech']} "
                f"\u00b7 Tac {unit['tactics']} \u00b7 Move {unit['movement_tech']}")
        grid.addWidget(widgets.label(tech, "subtle"), row, 1)
        grid.addWidget(widgets.label(f"{cost} CP"), row, 3)
        action = Action("refit", unit=index)
        if action in legal:
            tip = f"Refit to your current technology for {cost} CP"
        else:
            problem = option["problem"] if option else None
            tip = f"Cannot refit: {problem or 'not your purchase step'}"
        button = widgets.button("Refit", f"refit_{index}", self._act(action),
                                enabled=action in legal, tip=tip)
        help_links.tag(button, help_book.refusal_section(tip, "refit"), add_hint=False)
        grid.addWidget(button, row, 4)

    # -- acting ---------------------------------------------------------------------------
    def _act(self, action: Action) -> Callable[[], object]:
        return lambda: self._apply(action)

    def _apply(self, action: Action) -> bool:
        """Apply through the session; a refusal shows the engine's message, never a crash."""
        return widgets.apply_or_explain(self.session, action, self.message_label, "Refused: ")

    def _finish(self) -> None:
        """Done: end the purchases, asking first when CP would go unused (see
        :func:`unspent_warning`) unless the player turned the question off."""
        reason = unspent_warning(self.session.observation(), self._legal())
        if reason and self.settings is not None and self.settings.confirm_unspent_cp:
            self.confirm_box = widgets.ask_to_confirm(
                self, "End purchases?", f"{reason}\n\nEnd your purchases anyway?",
                "End purchases", self._end_purchases, self._stop_asking)
            return
        self._end_purchases()

    def _end_purchases(self) -> None:
        if self._apply(Action("end_purchases")) and self._in_phase:
            self._in_phase = False
            self.close_requested.emit()

    def _stop_asking(self) -> None:
        if self.settings is not None:
            self.settings.confirm_unspent_cp = False
            self.settings.save()

    def message(self) -> str:
        """The message line (an engine refusal, or empty)."""
        return self.message_label.text()


def unspent_warning(obs: Observation, legal: set[Action] | list[Action]) -> str:
    """Why ending the purchases now may be a slip, or "" when it is not.

    CP above the carry-over cap are lost at the next Economic Phase; and a
    player who has bought and researched nothing while something is affordable
    may have pressed Done too soon.
    """
    me = obs["me"]
    reasons = []
    lost = me["cp"] - data.CARRY_OVER_CAP
    if lost > 0:
        reasons.append(f"You have {me['cp']} CP: the {lost} CP above the "
                       f"{data.CARRY_OVER_CAP} CP carry-over will be lost.")
    if not me.get("purchases") and any(a.kind in ("buy", "research") for a in legal):
        reasons.append("You have not bought or researched anything this phase.")
    return " ".join(reasons)


def _vertical_scroll(inner: QWidget) -> QScrollArea:
    """A frameless area scrolling ``inner`` up and down, never sideways (its width
    follows the window's)."""
    scroll = QScrollArea()
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(inner)
    return scroll


def _table_grid(box: QWidget, rows: int) -> QGridLayout:
    """A grid of the yards' table in ``box``: the header row and ``rows`` unit rows of
    fixed heights, so that the fixed part and the scrolling columns line up."""
    grid = QGridLayout(box)
    grid.setContentsMargins(0, 0, 0, 0)
    grid.setHorizontalSpacing(10)
    grid.setVerticalSpacing(0)
    grid.setRowMinimumHeight(0, YARD_HEADER_HEIGHT)
    for row in range(1, rows + 1):
        grid.setRowMinimumHeight(row, YARD_ROW_HEIGHT)
    return grid


def _header_box() -> tuple[QWidget, QVBoxLayout]:
    """A yard column's header cell, as tall as the header row and no taller."""
    box = QWidget()
    box.setFixedHeight(YARD_HEADER_HEIGHT)
    box.setMinimumWidth(118)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 4)
    layout.setSpacing(2)
    layout.addStretch(1)
    return box, layout


def _rule() -> QFrame:
    line = QFrame()
    line.setFixedHeight(1)
    line.setStyleSheet(f"background: {Theme.BORDER};")
    return line


__all__ = ["ProductionSheet", "ECONOMIC_PHASES", "tech_gain", "unspent_warning"]
