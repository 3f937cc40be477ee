"""Small widget helpers the windows share: labels, headings, buttons, panels, message lines.

Why a package of its own: the combat window, the production sheet, the
game-over screen and the dialogs build the same small pieces (a label with
an object name the style sheet knows, a button wired to a slot, a rounded
panel with a heading, a red message line that shows the engine's refusal), and
every window fits itself to the screen the same way (:mod:`screen_fit`).
Each lives here once, so the pieces look and behave alike on every screen.
"""

from se4x_qt.widgets.buttons import button
from se4x_qt.widgets.drawn import DrawnSections
from se4x_qt.widgets.elided import ElidedButton, ElidedLabel
from se4x_qt.widgets.flow import FlowLayout
from se4x_qt.widgets.labels import centred_label, emblem_label, heading, label
from se4x_qt.widgets.messages import (
    apply_or_explain,
    apply_request,
    ask_to_confirm,
    message_line,
)
from se4x_qt.widgets.panels import clear_layout, make_panel
from se4x_qt.widgets.screen_fit import (
    ContentScrollArea,
    fit_to_screen,
    place_within_screen,
    refit_to_screen,
)

__all__ = ["ContentScrollArea", "DrawnSections", "ElidedButton", "ElidedLabel", "FlowLayout",
           "apply_or_explain", "apply_request", "ask_to_confirm", "button", "centred_label",
           "clear_layout", "emblem_label", "fit_to_screen", "heading", "label", "make_panel",
           "message_line", "place_within_screen", "refit_to_screen"]
