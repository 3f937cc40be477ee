"""Links from the app into the rules reference: F1 on a widget, "Why?" after a refusal.

Why here, as small helpers: the windows only say *which* rule a widget or a
refusal is about (a section id of :mod:`se4x_qt.help_book`); how F1 finds it
under the mouse, how a tooltip says so and how a link opens the one rules
viewer is written once.

* :func:`tag` marks a widget with its section (a Qt dynamic property) and
  adds "F1: ..." to its tooltip;
* :func:`section_under` finds the section for what is under the mouse: the
  nearest tagged widget, or a view that answers ``help_section_at(pos)``
  itself (the map's counters and hexes);
* :class:`MessageLine` shows an engine refusal with a "Why?" link to the rule
  its reason cites.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QWidget

from se4x_qt import help_book

HELP_PROPERTY = "help_section"
WHY_SCHEME = "help:"


def hint(section_id: str) -> str:
    """The tooltip line that says F1 opens the rules, naming the section.

    A reference that cannot be read must not break the windows that link into
    it: the line then names no section (the viewer says what is wrong).
    """
    try:
        section = help_book.by_id(section_id)
    except (OSError, help_book.HelpError):
        section = None
    return f"F1: the rules of {section.title}" if section is not None else "F1: the rules"


def with_hint(tip: str, section_id: str) -> str:
    """``tip`` with the F1 line added (as a line of rich text when the tip is rich)."""
    line = hint(section_id)
    if not tip:
        return line
    rich = "<br" in tip or "<b>" in tip
    return f"{tip}<br><i>{html.escape(line)}</i>" if rich else f"{tip}\n{line}"


def tag(widget: QWidget, section_id: str | None, add_hint: bool = True) -> None:
    """Mark ``widget`` as being about ``section_id`` (None: about nothing in particular);
    ``add_hint`` adds the F1 line to its tooltip."""
    if not section_id:
        return
    widget.setProperty(HELP_PROPERTY, section_id)
    if add_hint:
        widget.setToolTip(with_hint(widget.toolTip(), section_id))


def section_under(widget: QWidget | None, global_pos: QPoint) -> str | None:
    """The section for the widget at ``global_pos``: its own, or its nearest parent's."""
    while widget is not None:
        section = widget.property(HELP_PROPERTY)
        if isinstance(section, str) and section:
            return section
        finder = getattr(widget, "help_section_at", None)
        if callable(finder):
            found = finder(widget.mapFromGlobal(global_pos))
            if found:
                return str(found)
        widget = widget.parentWidget()
    return None


def open_link(href: str, anchor: QWidget | None = None) -> bool:
    """Open the rules viewer for a ``help:SECTION`` link; False for any other link."""
    if not href.startswith(WHY_SCHEME):
        return False
    # Imported here: the viewer imports se4x_qt.widgets, whose __init__ imports this one.
    from se4x_qt.widgets.rules_viewer import show_reference
    show_reference(href[len(WHY_SCHEME):], anchor)
    return True


class MessageLine(QLabel):
    """The red message line of a phase window: an engine refusal and its "Why?" link.

    ``text()`` is the message alone, as the engine worded it (what the
    windows and their tests read); the link is shown after it.
    """

    def __init__(self) -> None:
        super().__init__("")
        self.setObjectName("message")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                     | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.message = ""
        self.section: str | None = None
        self.linkActivated.connect(lambda href: open_link(href, self))

    def text(self) -> str:  # the message, not its markup
        return self.message

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        """A plain message with no rule to cite (or none)."""
        self.show_refusal(text, None)

    def show_refusal(self, message: str, section_id: str | None) -> None:
        """Show ``message``, with a "Why?" link to ``section_id`` when given."""
        self.message = message
        self.section = section_id
        shown = html.escape(message)
        if section_id:
            shown += f' &nbsp;<a href="{WHY_SCHEME}{html.escape(section_id)}">Why?</a>'
        super().setText(shown)
        self.setProperty(HELP_PROPERTY, section_id or "")
