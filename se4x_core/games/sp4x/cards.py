"""The action cards and what each player can know about the others' hands.

Cards of one kind are alike, so a hand is a count per card kind (ids index
:data:`~se4x_core.games.sp4x.data.CARD_NAMES`; the Star card, which never
enters a hand, is :data:`STAR`).  The deck lies face up, so every card
drawn from it is public; a card drawn from an opponent's hand is known to
the two players involved only.

Card tracking keeps, for every viewer and every opponent, a *lower bound*
per kind: the cards the viewer is sure are in that hand (shown and taken
back, drawn from the deck in the open, drawn from the viewer), reduced when
cards leave the hand.  When a card the viewer did not see leaves a hand
(a third player drew it), any known kind might have been the one taken, so
each known count drops by one: the bound stays certain.  The observation
shows these bounds; a test checks they never exceed the real hand.
"""

from __future__ import annotations

from se4x_core.games.sp4x.data import CARD_NAMES

N_KINDS = len(CARD_NAMES)
MOVE, BUILD, EXPLOIT, MEN, STEAL, WAR, PLAN, AI = range(N_KINDS)
STAR = N_KINDS  # the Star card's id in the deck
CARD_IDS: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}
TOTAL_CARDS = 32  # 31 action cards and the Star card (checked against the data)

Knowledge = list[list[list[int]]]  # know[viewer][owner][kind]


def card_name(card: int) -> str:
    return "star" if card == STAR else CARD_NAMES[card]


def empty_knowledge(players: int) -> Knowledge:
    return [[[0] * N_KINDS for _ in range(players)] for _ in range(players)]


def seen_in_hand(know: Knowledge, owner: int, card: int) -> None:
    """Everyone saw ``owner`` show ``card`` and keep it: at least one is there."""
    for viewer, rows in enumerate(know):
        if viewer != owner and rows[owner][card] == 0:
            rows[owner][card] = 1


def entered_hand(know: Knowledge, owner: int, card: int) -> None:
    """Everyone saw ``card`` join ``owner``'s hand (from the face-up deck, a laid card back)."""
    for viewer, rows in enumerate(know):
        if viewer != owner:
            rows[owner][card] += 1


def left_hand(know: Knowledge, owner: int, card: int, count: int = 1) -> None:
    """Everyone saw ``count`` of ``card`` leave ``owner``'s hand (a pair, a laid card)."""
    for viewer, rows in enumerate(know):
        if viewer != owner:
            rows[owner][card] = max(0, rows[owner][card] - count)


def drawn_between(know: Knowledge, drawer: int, owner: int, card: int) -> None:
    """``drawer`` drew ``card`` at random from ``owner``'s hand.

    The owner knows which card went; the drawer knows which card came; the
    others know only that one unknown card moved.
    """
    know[owner][drawer][card] += 1
    for viewer, rows in enumerate(know):
        if viewer == owner:
            continue
        if viewer == drawer:
            rows[owner][card] = max(0, rows[owner][card] - 1)
        else:
            rows[owner] = [max(0, k - 1) for k in rows[owner]]
