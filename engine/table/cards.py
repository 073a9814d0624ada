"""Playing cards on the table: codes, suits, strength (rules MAP-3, MAP-5, MAP-6).

A card is identified everywhere by a stable text code, so scripts, the journal
and tests read naturally: ``AS`` (ace of spades), ``10H``, ``QD``, ``JK1``.
The deck has the 52 standard cards; jokers exist alongside it, the first one
serving as the lingering bone by default (MAP-5).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import NamedTuple

from engine.errors import EngineError


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
JOKERS: tuple[str, ...] = ("JK1", "JK2")

SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUIT_NAME = {
    "ja": {Suit.SPADES: "スペード", Suit.HEARTS: "ハート", Suit.DIAMONDS: "ダイヤ", Suit.CLUBS: "クラブ"},
    "en": {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
}
RANK_NAME_EN = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


class Card(NamedTuple):
    """A parsed card code. Jokers have no suit and rank ``JK``."""

    code: str
    suit: Suit | None
    rank: str

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_red(self) -> bool:
        return self.suit in (Suit.HEARTS, Suit.DIAMONDS)

    def strength(self, ace: int = 1) -> int:
        """MAP-3: 2–10 by number, J 11, Q 12, K 13, A ``ace`` (1 by default); jokers 0."""
        if self.suit is None:
            return 0
        if self.rank == "A":
            return ace
        return {"J": 11, "Q": 12, "K": 13}.get(self.rank) or int(self.rank)

    def short(self) -> str:
        """Compact symbol form used on the board and in logs: ``♠A``, ``♥10``, ``JK1``."""
        if self.suit is None:
            return self.code
        return f"{SUIT_SYMBOL[self.suit]}{self.rank}"

    def display(self, lang: str = "ja") -> str:
        """Spoken form: ``スペードのA`` / ``ace of spades``; jokers ``ジョーカー1`` / ``joker 1``."""
        if self.suit is None:
            number = self.code[2:]
            return f"ジョーカー{number}" if lang == "ja" else f"joker {number}"
        if lang == "ja":
            return f"{SUIT_NAME['ja'][self.suit]}の{self.rank}"
        return f"{RANK_NAME_EN.get(self.rank, self.rank)} of {SUIT_NAME['en'][self.suit]}"


@cache
def parse_card(code: str) -> Card:
    """Parse a card code (case-insensitive); unknown codes are a clear error."""
    text = code.strip().upper()
    if text in JOKERS:
        return Card(text, None, "JK")
    if len(text) >= 2 and text[-1] in "SHDC" and text[:-1] in RANKS:
        return Card(text, Suit(text[-1]), text[:-1])
    raise EngineError("Unknown card code '{code}' (examples: AS, 10H, QD, JK1).", code=code)


def standard_deck() -> tuple[str, ...]:
    """The 52 cards in a fixed order (spades, hearts, diamonds, clubs; A..K)."""
    return tuple(f"{rank}{suit.value}" for suit in SUITS for rank in RANKS)


def all_cards() -> tuple[str, ...]:
    """Every card a session knows: the 52 plus the jokers."""
    return standard_deck() + JOKERS
