"""What a click on the map means now: select, move, place a homeworld, drift.

Why apart from the view: the view draws and reports ``(hex, unit)``
clicks; this controller looks at the phase and the legal actions and turns
the click into :class:`~se4x_core.actions.Action` values applied through
the session's table.  It holds no rules: which hexes light up comes from the
legal actions (homeworld sites, Lost in Space drifts) or from the table's
``reachable(unit)`` (destinations and their paths).

Moving to a highlighted hex sends the whole path as one request
(``table.apply_path``); the table takes it one ``move`` at a time and stops
as soon as a step ends the group's movement (an explored marker, a black
hole, a battle: the event kinds the engine lists in
``events.STOPS_MOVEMENT``) or the next step is no longer legal: what a step
reveals can change the plan, exactly as on the table.  A game on a LAN host
answers later; the refusal or the early stop is then said when it comes.
"""

from __future__ import annotations

from concurrent.futures import Future

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor

from se4x_core.actions import Action
from se4x_core.events import Event
from se4x_core.hexgrid import board_for
from se4x_core.observation import Observation
from se4x_qt import style
from se4x_qt.games.se4x.log_text import marker_title
from se4x_qt.games.se4x.session import Session
from se4x_qt.map.hexmap import HexMapView, unit_title
from se4x_qt.windows.side_panel import SidePanel


def unmoved_warning(obs: Observation, legal: list[Action]) -> str:
    """Why ending the movement now may be a slip, or "" when nothing could still move.

    Counts the viewer's groups with a legal move left (the engine's word) and how many
    of them have not moved at all this turn.
    """
    movable = {a.unit for a in legal if a.kind == "move"}
    if not movable:
        return ""
    untouched = sum(1 for u in obs["units"] if u["unit"] in movable and not u.get("moved"))
    groups = f"{len(movable)} of your groups" if len(movable) != 1 else "One of your groups"
    if untouched == len(movable):
        moved = "none of them has moved this turn" if len(movable) > 1 else "it has not moved"
    elif untouched:
        moved = f"{untouched} {'has' if untouched == 1 else 'have'} not moved at all"
    else:
        moved = "each has moved already"
    return f"{groups} can still move ({moved})."


def undone_text(action: Action, obs: Observation, names: list[str]) -> str:
    """What Undo took back, e.g. "Undone: Ann DD2 is back at 0304 (its move to 0405)."."""
    unit = next((u for u in obs["units"] if u["unit"] == action.unit), None)
    who = unit_title(unit, names) if unit is not None else "the group"
    board = board_for(obs["board"])
    if action.kind == "move" and unit is not None:
        target = board.neighbour(unit["hex"], action.dir)
        step = f" (its step to {board.label(target)})" if target >= 0 else ""
        return f"Undone: {who} is back at {board.label(unit['hex'])}{step}."
    what = {"split": "the split of", "merge": "the merge into", "load": "the loading of",
            "unload": "the unloading of", "colonize": "the colony founded by",
            "board": "the boarding of", "leave_carrier": "the landing of"}.get(action.kind,
                                                                              action.kind)
    return f"Undone: {what} {who}."


class MapController(QObject):
    """Connects the map view and the side panel to the session."""

    banner = Signal(str, list)  # prompt text, [(button text, Action)]
    message = Signal(str)  # a refusal or a hint, for the status bar
    selection_changed = Signal(int, int)  # hex, unit

    def __init__(self, view: HexMapView, panel: SidePanel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.view = view
        self.panel = panel
        self.session: Session | None = None
        self.selected_hex = -1
        self.selected_unit = -1
        self.mode = ""  # "place", "move", "shift" or ""
        self.targets: dict[int, Action | list[int]] = {}  # clickable hex -> action or path
        self._obs: Observation | None = None
        self._legal: list[Action] = []
        self._busy = False
        self.covered = False  # a handover or battle cover: nothing of any viewer drawn
        view.clicked.connect(self.on_clicked)
        view.hovered.connect(self.on_hovered)
        view.cancelled.connect(self.cancel)
        panel.unit_selected.connect(self.select_unit)
        panel.action_requested.connect(self.apply)

    # -- wiring ------------------------------------------------------------------------
    def set_session(self, session: Session | None) -> None:
        if self.session is not None:
            for signal in (self.session.changed, self.session.viewer_changed):
                try:
                    signal.disconnect(self.refresh)
                except (RuntimeError, TypeError):
                    pass
        self.session = session
        self.selected_hex = self.selected_unit = -1
        if session is not None:
            session.changed.connect(self.refresh)
            session.viewer_changed.connect(self.refresh)
            self.refresh()

    def names(self) -> list[str]:
        if self.session is None:
            return []
        return [self.session.player_name(p)
                for p in range(self.session.table.players)]

    def screen_may_act(self) -> bool:
        """The map takes actions only from the player whose decision it is."""
        s = self.session
        return s is not None and s.current_player == s.viewer and s.viewer_may_act()

    # -- refreshing ------------------------------------------------------------------------
    def cover(self) -> None:
        """Blank the map and the side panel until :meth:`uncover`: the screen is about to
        pass to another player, who must not find the last viewer's counters, markers,
        selection or prompt in the scene, the minimap, a tooltip or the panel."""
        self.covered = True
        self._obs = None
        self._legal = []
        self.targets = {}
        self.mode = ""
        self.selected_hex = self.selected_unit = -1
        self.view.clear_game()
        self.panel.show_hex(None, None, -1, -1, [], [])
        self.banner.emit("", [])

    def uncover(self) -> None:
        """Draw the viewer's map again (after the next player confirmed)."""
        self.covered = False
        self.refresh()

    def refresh(self, *_args: object) -> None:
        session = self.session
        if session is None or self.covered:
            return
        obs = session.observation()
        self._obs = obs
        self._legal = session.legal_actions() if self.screen_may_act() else []
        movable_now = obs["phase"] == "movement" and self.screen_may_act()
        self.view.show_observation(obs, self.names(), movable_now)
        if self.selected_unit >= 0 and self.selected_unit not in self.view.counters:
            self.selected_unit = -1
        if self.selected_unit >= 0:
            self.selected_hex = self.view.unit_hex.get(self.selected_unit, self.selected_hex)
        self.view.set_selected_unit(self.selected_unit)
        self._compute_targets(obs)
        self._update_panel()
        self._update_banner(obs)

    def _compute_targets(self, obs: Observation) -> None:
        self.targets = {}
        self.mode = ""
        highlights: dict[int, tuple[str, str, QColor | None]] = {}
        phase = obs["phase"]
        board = board_for(obs["board"])
        if phase == "place_homeworld":
            self.mode = "place"
            colour = style.player_colour(obs["viewer"])
            for action in self._legal:
                if action.kind == "place_homeworld":
                    self.targets[action.hex] = action
                    highlights[action.hex] = ("place", "", colour)
        elif phase == "lost_in_space" and obs["lost_in_space"] is not None:
            self.mode = "shift"
            here = obs["lost_in_space"]["hex"]
            for action in self._legal:
                if action.kind == "shift":
                    target = board.neighbour(here, action.dir)
                    if target >= 0:
                        self.targets[target] = action
                        highlights[target] = ("shift", "", None)
        elif phase == "movement" and self.selected_unit >= 0 and self._legal and \
                any(a.kind == "move" and a.unit == self.selected_unit for a in self._legal):
            self.mode = "move"
            paths = self.session.table.reachable(self.selected_unit) if self.session else {}
            for h, path in paths.items():
                self.targets[h] = list(path)
                highlights[h] = ("move", str(len(path)), None)
        self.view.set_highlights(highlights)

    def _update_panel(self) -> None:
        board = board_for(self._obs["board"]) if self._obs else None
        self.panel.show_hex(self._obs, board, self.selected_hex, self.selected_unit,
                            self._legal, self.names())

    def _update_banner(self, obs: Observation) -> None:
        session = self.session
        assert session is not None
        phase = obs["phase"]
        buttons: list[tuple[str, Action]] = []
        if not self.screen_may_act():
            text = ""
        elif phase == "place_homeworld":
            text = ("Place your homeworld: click one of the highlighted hexes of your "
                    "home system.")
        elif phase == "movement":
            if self.mode == "move" and self.targets:
                name = self._unit_name(self.selected_unit)
                text = (f"{name} can reach {len(self.targets)} "
                        f"hex{'es' if len(self.targets) != 1 else ''}: click one to move there "
                        f"\u2014 Esc or right-click to cancel.")
            else:
                text = ("Your movement: click one of your counters to see where it can go. "
                        "Press Space when you are done.")
        elif phase == "lost_in_space":
            lost = obs["lost_in_space"]
            lost_unit = lost["unit"] if lost is not None else None
            unit = next((u for u in obs["units"] if u["unit"] == lost_unit), None)
            who = unit_title(unit, self.names()) if unit else "the lost group"
            text = f"Lost in Space! Choose where {who} drifts: click a highlighted hex."
        elif phase == "exploration_peek":
            peek = obs["peek"]
            board = board_for(obs["board"])
            found = marker_title(peek.get("marker"), peek.get("value", 0)) if peek is not None \
                else marker_title(None)
            where = board.label(peek["hex"]) if peek is not None else "?"
            text = (f"Your cruiser peeked at {where}: {found}. Reveal it to everyone, or hide "
                    f"it again?")
            buttons = [(label, a) for label, a in (("Reveal", Action("reveal")),
                                                   ("Hide", Action("hide")))
                       if a in self._legal]
        else:
            text = ""
        self.banner.emit(text, buttons)

    def _unit_name(self, unit: int) -> str:
        for view in self._obs["units"] if self._obs is not None else []:
            if view["unit"] == unit:
                return unit_title(view, self.names())
        return "The group"

    # -- clicks --------------------------------------------------------------------------
    def on_clicked(self, hex_index: int, unit: int) -> None:
        if self.session is None or self._busy:
            return
        if hex_index in self.targets and self.screen_may_act():
            target = self.targets[hex_index]
            if self.mode == "move":
                self.move_to(hex_index)
            elif isinstance(target, Action):
                self.apply(target)
            return
        if unit >= 0:
            self.select_unit(unit)
        else:
            self.select_hex(hex_index)

    def on_hovered(self, hex_index: int) -> None:
        path = self.targets.get(hex_index) if self.mode == "move" else None
        if not isinstance(path, list) or self._obs is None:
            self.view.set_path_preview([])
            return
        board = board_for(self._obs["board"])
        here = self.view.unit_hex.get(self.selected_unit, -1)
        hexes = [here]
        for direction in path:
            here = board.neighbour(here, direction)
            hexes.append(here)
        self.view.set_path_preview(hexes)

    def select_unit(self, unit: int) -> None:
        if unit not in self.view.counters:
            return
        self.selected_unit = unit
        self.selected_hex = self.view.unit_hex.get(unit, -1)
        self.view.set_selected_unit(unit)
        self.view.set_path_preview([])
        if self._obs is not None:
            self._compute_targets(self._obs)
            self._update_panel()
            self._update_banner(self._obs)
        self.selection_changed.emit(self.selected_hex, unit)

    def select_hex(self, hex_index: int) -> None:
        self.selected_hex = hex_index
        self.selected_unit = -1
        self.view.set_selected_unit(-1)
        self.view.set_path_preview([])
        if self._obs is not None:
            self._compute_targets(self._obs)
            self._update_panel()
            self._update_banner(self._obs)
        self.selection_changed.emit(hex_index, -1)

    def cancel(self) -> None:
        """Right click or Esc: drop the selection (and its highlights)."""
        if self.selected_unit >= 0 or self.selected_hex >= 0:
            self.select_hex(-1)

    # -- acting ---------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event] | None:
        """Ask the table for one action; a refusal becomes a message, never an exception.

        Returns the events when the answer is already here (a local game), else None
        (a host's answer arrives as an update, a refusal as the message).
        """
        if self.session is None:
            return None
        answer = self.session.table.apply(action)
        answer.add_done_callback(self._report_refusal)
        if answer.done() and answer.exception() is None:
            return answer.result()
        return None

    def _report_refusal(self, answer: Future[list[Event]]) -> None:
        exc = answer.exception()
        if exc is not None:
            self.message.emit(f"Not allowed: {exc}")

    def move_to(self, hex_index: int) -> int:
        """Walk the selected group to ``hex_index``: the whole path is one request to the
        table, which stops where a step is no longer legal or something found ends the
        movement.  Returns the steps taken when the answer is already here (a local
        game), else 0 (a host's answer arrives as an update)."""
        session = self.session
        path = self.targets.get(hex_index)
        unit = self.selected_unit
        if session is None or unit < 0 or not isinstance(path, list) or \
                not self.screen_may_act():
            return 0
        start = session.table.seq
        self._busy = True
        try:
            answer = session.table.apply_path(unit, list(path))
        finally:
            self._busy = False
        answer.add_done_callback(lambda a: self._walked(a, start, len(path)))
        return session.table.seq - start if answer.done() else 0

    def _walked(self, answer: Future[list[Event]], start: int, planned: int) -> None:
        """The table's answer to a planned path: say if it stopped early."""
        if self.session is None:
            return
        exc = answer.exception()
        taken = self.session.table.seq - start
        if exc is not None:
            self.message.emit(f"Not allowed: {exc}")
        elif 0 < taken < planned:
            self.message.emit("The move stopped early: what the group found ended its movement.")
        self.refresh()

    def end_movement(self) -> bool:
        action = Action("end_movement")
        if self.screen_may_act() and action in self._legal:
            self.selected_unit = -1
            self.apply(action)
            return True
        return False
