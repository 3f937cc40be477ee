"""SP4X's contextual tips (:mod:`se4x_qt.learn.tips`): the first draw from a hand, the
first pair, the AI card, the Star card coming up and the end of the first age.

Why these: SP4X is an Old Maid game under a 4X board, and the card rules are the
surprising part (who learns a drawn card, why a pair and not a single card scores,
the AI pairing with anything, the Star chain once the deck is spent, what an age's end
wipes).  Each test reads only the events the player at the screen saw (the engine's
``emit`` calls in :mod:`se4x_core.games.sp4x.rules`) and their observation.
"""

from __future__ import annotations

from typing import Final

from se4x_qt.learn.tips import Event, Observation, Tip


def first_draw(event: Event, obs: Observation) -> bool:
    """The viewer drew from a hand, or someone drew from theirs (the card is known to
    those two only, so only they see ``drew_card``)."""
    return event["type"] == "drew_card" and obs["viewer"] in (event["player"], event["victim"])


def first_pair(event: Event, obs: Observation) -> bool:
    return bool(event["type"] == "paired" and event["player"] == obs["viewer"])


def ai_card(event: Event, obs: Observation) -> bool:
    """Anyone paired the AI with a card."""
    return bool(event["type"] == "ai_paired")


def star_card(event: Event, obs: Observation) -> bool:
    """The deck is spent down to the Star card, or a Star chain began."""
    return (event["type"] == "took_top" and bool(obs["star_exposed"])) or \
        event["type"] == "laid"


def age_ended(event: Event, obs: Observation) -> bool:
    """The first age ended (the second one's end is the game's)."""
    return bool(event["type"] == "age_ended" and event["age"] == 1)


TIPS: Final = (
    Tip("sp4x.first_draw", "A card from a hand",
        "A card drawn from a hand comes at random, as in Old Maid. Only the two of you "
        "learn which card it was; the others only see that a card changed hands.",
        first_draw, "draw"),
    Tip("sp4x.first_pair", "Your first pair",
        "A pair does the stronger pair action and scores its points (most pairs add your "
        "bonus points); both cards go to the discard pile. A single shown card only acts "
        "and never scores.",
        first_pair, "play-pair"),
    Tip("sp4x.ai_card", "The AI card",
        "The AI pairs with any card: that card's pair action, scoring only the bonus "
        "points, and both cards stay in the hand. Shown alone (only as a last card) it "
        "costs points and ends the age at once.",
        ai_card, "ai-card"),
    Tip("sp4x.star_card", "The Star card is up",
        "The deck is spent. A shown card now starts a Star chain: the next player holding "
        "the same card must lay one too, everybody carries out the pair action, and only "
        "those who laid a card score it (a War: everybody scores).",
        star_card, "star-card"),
    Tip("sp4x.age_ended", "The first age is over",
        "Everyone scored their resource tracks. The cards are dealt again and resources go "
        "back to 0, but the board, your pieces and your points stay.",
        age_ended, "end-of-age"),
)

__all__ = ["TIPS", "age_ended", "ai_card", "first_draw", "first_pair", "star_card"]
