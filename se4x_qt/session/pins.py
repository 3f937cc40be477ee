"""Hot-seat PINs: salted, slow hashes, never the PIN itself.

Why hashed: a save file travels (players mail it, keep it in a shared
folder), and a PIN is often reused elsewhere, so the file must not hold it.
Why a per-game salt: two games where Blue chose "1234" must not share a
hash, and a table of precomputed hashes must be useless.  Why PBKDF2: it is
in the standard library and deliberately slow, so trying all 10,000 four
digit PINs against a stolen save costs minutes rather than microseconds,
which is all a courtesy lock on a shared screen needs.

>>> salt = new_salt()
>>> digest = hash_pin("1234", salt)
>>> check_pin("1234", salt, digest), check_pin("4321", salt, digest)
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import os

ITERATIONS = 120_000
SALT_BYTES = 16


def new_salt() -> str:
    """A fresh random salt for one game, as hex."""
    return os.urandom(SALT_BYTES).hex()


def hash_pin(pin: str, salt: str) -> str:
    """The PBKDF2-HMAC-SHA256 hash of ``pin`` under ``salt``, as hex."""
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("utf-8"), bytes.fromhex(salt), ITERATIONS)
    return digest.hex()


def check_pin(pin: str, salt: str, digest: str) -> bool:
    """True when ``pin`` hashes to ``digest`` (compared in constant time)."""
    try:
        candidate = hash_pin(pin, salt)
    except ValueError:  # a damaged salt never matches
        return False
    return hmac.compare_digest(candidate, digest)


class PinLocks:
    """The hot-seat PINs of one game's players: only salted hashes are kept.

    A base of every game's session (Space Empires' and the generic driver), which set
    ``pin_hashes`` (player -> hash, as saved) and ``pin_salt`` (one per game)."""

    pin_hashes: dict[int, str]
    pin_salt: str

    def set_pin(self, player: int, pin: str | None) -> None:
        """Set (or with an empty PIN, clear) a player's PIN; only its hash is kept."""
        if pin:
            self.pin_hashes[player] = hash_pin(pin, self.pin_salt)
        else:
            self.pin_hashes.pop(player, None)

    def has_pin(self, player: int) -> bool:
        return player in self.pin_hashes

    def check_pin(self, player: int, pin: str) -> bool:
        """True when ``player`` has no PIN or ``pin`` is theirs."""
        digest = self.pin_hashes.get(player)
        return digest is None or check_pin(pin, self.pin_salt, digest)
