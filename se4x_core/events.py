"""Events: what happened, and who may see it.

``apply`` returns a list of plain dicts.  Each has a ``type`` and a
``visible_to`` list of players, or ``None`` when every player may see it; a
log or a network message is filtered with :func:`visible`.
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]


def emit(events: list[Event], kind: str, visible_to: list[int] | None = None,
         **fields: Any) -> None:
    """Append an event; ``visible_to=None`` makes it public."""
    event: Event = {"type": kind, "visible_to": visible_to}
    event.update(fields)
    events.append(event)


def visible(event: Event, player: int) -> bool:
    """True when ``player`` may see ``event``."""
    audience = event.get("visible_to")
    return audience is None or player in audience


def filter_for(events: list[Event], player: int) -> list[Event]:
    """The events ``player`` may see."""
    return [e for e in events if visible(e, player)]
