"""Short sound cues: your turn, a battle, the game's end.

Why this way: PySide6-Essentials has no QtMultimedia, so the cues are small
WAV files (made here with the standard library's ``wave`` module and kept in
``resources/sounds``; ``python -m se4x_qt.sound`` writes them again) played by
what the platform has: ``winsound`` on Windows, ``afplay`` on macOS,
``pw-play``, ``paplay`` or ``aplay`` on Linux.  Sound is a nicety: a missing
file is made again in a temporary folder, a missing player or any error is
silence, never a message, and the Settings dialog turns the cues off.
"""

from __future__ import annotations

import math
import shutil
import struct
import sys
import tempfile
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

from PySide6.QtCore import QProcess

from se4x_qt import resources

RATE = 22050  # samples a second: plenty for short tones, small files
VOLUME = 0.32
SOUNDS_DIR = resources.RESOURCES_DIR / "sounds"
LINUX_PLAYERS = (("pw-play",), ("paplay",), ("aplay", "-q"))


# -- making the cues -----------------------------------------------------------------------
def _tone(freq: float, seconds: float, decay: float = 6.0) -> list[float]:
    """A soft bell-like tone: a sine with its octave, a quick attack, an exponential fade."""
    count = int(RATE * seconds)
    out = []
    for i in range(count):
        t = i / RATE
        envelope = min(1.0, t / 0.008) * math.exp(-decay * t)
        out.append(envelope * (0.8 * math.sin(2 * math.pi * freq * t)
                               + 0.2 * math.sin(4 * math.pi * freq * t)))
    return out


def _drum(freq: float, seconds: float) -> list[float]:
    """A low hit: a falling sine with a little noise, fading fast."""
    count = int(RATE * seconds)
    out, phase, seed = [], 0.0, 12345
    for i in range(count):
        t = i / RATE
        phase += 2 * math.pi * freq * (1.0 - 0.5 * t / seconds) / RATE
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        noise = seed / 0x3FFFFFFF - 1.0
        out.append(math.exp(-9.0 * t) * (0.85 * math.sin(phase) + 0.15 * noise))
    return out


def _silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


CUES: dict[str, Callable[[], list[float]]] = {
    # two rising notes: "your turn"
    "turn": lambda: _tone(659.3, 0.11, 14) + _tone(880.0, 0.26, 9),
    # two low hits: a battle begins
    "battle": lambda: _drum(110.0, 0.22) + _silence(0.04) + _drum(82.4, 0.38),
    # a rising major arpeggio: the game is over
    "game_over": lambda: (_tone(523.3, 0.14, 10) + _tone(659.3, 0.14, 10)
                          + _tone(784.0, 0.14, 10) + _tone(1046.5, 0.6, 4)),
}


def wav_bytes(samples: Iterable[float]) -> bytes:
    """16-bit mono PCM frames of ``samples`` (-1..1, scaled by :data:`VOLUME`)."""
    clipped = (max(-1.0, min(1.0, value)) * VOLUME for value in samples)
    return b"".join(struct.pack("<h", round(value * 32767)) for value in clipped)


def write_cue(name: str, path: Path) -> Path:
    """Write the cue ``name`` as a WAV file at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(wav_bytes(CUES[name]()))
    return path


def cue_path(name: str) -> Path | None:
    """The cue's file: the app's own, else one made now in a temporary folder; None if
    neither can be had."""
    shipped = SOUNDS_DIR / f"{name}.wav"
    if shipped.is_file():
        return shipped
    made = Path(tempfile.gettempdir()) / "se4x-sounds" / f"{name}.wav"
    try:
        return made if made.is_file() else write_cue(name, made)
    except OSError:
        return None


# -- playing them --------------------------------------------------------------------------
def player_command(path: Path) -> list[str] | None:
    """The command that plays ``path`` on this system (not Windows), or None."""
    if sys.platform == "darwin":
        return ["afplay", str(path)] if shutil.which("afplay") else None
    for command in LINUX_PLAYERS:
        if shutil.which(command[0]):
            return [*command, str(path)]
    return None


def _play_file(path: Path) -> bool:
    """Start playing ``path`` without waiting; False when this system cannot."""
    if sys.platform == "win32":
        import winsound  # Windows only

        winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC
                           | winsound.SND_NODEFAULT)
        return True
    command = player_command(path)
    if command is None:
        return False
    started, _pid = QProcess.startDetached(command[0], command[1:])
    return bool(started)


class Sounds:
    """The app's cues, on or off (the Settings dialog); every failure is silence."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.played: list[str] = []  # the cues asked for while on (tests read it)

    def play(self, name: str) -> bool:
        """Play the cue ``name`` if sound is on; True when a player was started."""
        if not self.enabled or name not in CUES:
            return False
        self.played.append(name)
        try:
            path = cue_path(name)
            return path is not None and _play_file(path)
        except Exception:  # noqa: BLE001 - a sound is never worth an error
            return False


def main() -> int:
    """``python -m se4x_qt.sound``: write the cues into resources/sounds."""
    for name in CUES:
        print(write_cue(name, SOUNDS_DIR / f"{name}.wav"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
