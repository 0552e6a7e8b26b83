"""The game's own random number generator.

A whole game must be reproducible from its seed and serialisable at any point, and clones must not
share a stream. ``random.Random`` carries 2.5 KB of state that is slow to copy and bulky to save, so the
state holds a single 64-bit integer instead (SplitMix64): cloning is an int copy and a snapshot is one
number. Randomness in card games is rare (shuffles), so the pure-Python cost per draw is irrelevant.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def mix_seed(*parts: int | str) -> int:
    """Derive a 64-bit seed from several parts (e.g. a bot's seed and a seat) deterministically."""
    h = 0xCBF29CE484222325
    for part in parts:
        for byte in str(part).encode():
            h = ((h ^ byte) * 0x100000001B3) & _MASK
        h = ((h ^ 0xFF) * 0x100000001B3) & _MASK
    return h


class Rng:
    """SplitMix64: tiny, fast to clone, good enough statistical quality for shuffles."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Return the next 64-bit output and advance."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, seq: "list[T] | tuple[T, ...]") -> T:
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: ``j = self.below(i + 1)`` for each position from the top, with
        ``below`` and ``next64`` written out in the loop (the same draws, in the same order). Every new
        game shuffles its decks, a few hundred draws, and the calls were most of what setting up a card
        game cost."""
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            n = i + 1
            limit = _TWO64 - (_TWO64 % n)
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
