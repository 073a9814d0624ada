"""Playing cards on the table: codes, suits, strength (rules MAP-3, MAP-5, MAP-6).

A card is identified everywhere by a stable text code, so scripts, the journal
and tests read naturally: ``AS`` (ace of spades), ``10H``, ``QD``, ``JK1``.
The deck has the 52 standard cards; jokers exist alongside it (a ruleset may
keep one secret off the table, MAP-5).

A table may hold several decks (a stress board for the benchmarks): the cards
of the second deck are ``AS#2``, ``10H#2``…, of the third ``AS#3``…, so every
card keeps a distinct id; the first deck's codes carry no mark, so every
single-deck session and file reads as before.
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
#: Separates a card from its deck number: ``AS#2`` is the second deck's ace of spades.
DECK_MARK = "#"
#: The most decks one table may hold (20 × 52 = 1,040 cards).
MAX_DECKS = 20

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
    #: 1 for the first deck (no mark in the code), n for ``#n``
    deck: int = 1

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
        return f"{SUIT_SYMBOL[self.suit]}{self.rank}{self._mark()}"

    def _mark(self) -> str:
        return f"{DECK_MARK}{self.deck}" if self.deck > 1 else ""

    def display(self, lang: str = "ja") -> str:
        """Spoken form: ``スペードのA`` / ``ace of spades``; jokers ``ジョーカー1`` / ``joker 1``."""
        if self.suit is None:
            number = self.code.partition(DECK_MARK)[0][2:]
            text = f"ジョーカー{number}" if lang == "ja" else f"joker {number}"
        elif lang == "ja":
            text = f"{SUIT_NAME['ja'][self.suit]}の{self.rank}"
        else:
            text = f"{RANK_NAME_EN.get(self.rank, self.rank)} of {SUIT_NAME['en'][self.suit]}"
        if self.deck > 1:
            text += f"（{self.deck}組目）" if lang == "ja" else f" (deck {self.deck})"
        return text


@cache
def parse_card(code: str) -> Card:
    """Parse a card code (case-insensitive); unknown codes are a clear error."""
    text = code.strip().upper()
    base, mark, number = text.partition(DECK_MARK)
    deck = 1
    if mark:
        # one spelling per card: the first deck has no mark, so "#1", "#02", "#x" are refused
        canonical = number.isascii() and number.isdigit() and number == str(int(number))
        if not (canonical and 2 <= int(number) <= MAX_DECKS):
            raise EngineError(
                "Card code '{code}' has a bad deck number: after '#' comes 2 to {most} (AS#2 is the second deck's AS).",
                code=code,
                most=MAX_DECKS,
            )
        deck = int(number)
    if base in JOKERS:
        return Card(text, None, "JK", deck)
    if len(base) >= 2 and base[-1] in "SHDC" and base[:-1] in RANKS:
        return Card(text, Suit(base[-1]), base[:-1], deck)
    raise EngineError("Unknown card code '{code}' (examples: AS, 10H, QD, JK1).", code=code)


def deck_code(code: str, deck: int) -> str:
    """A first-deck code as the ``deck``-th deck's card (``AS``, 2 → ``AS#2``)."""
    return code if deck == 1 else f"{code}{DECK_MARK}{deck}"


def standard_deck(decks: int = 1) -> tuple[str, ...]:
    """The 52 cards in a fixed order (spades, hearts, diamonds, clubs; A..K),
    then the second deck's 52 (``AS#2``…) and so on."""
    one = tuple(f"{rank}{suit.value}" for suit in SUITS for rank in RANKS)
    return tuple(deck_code(code, deck) for deck in range(1, decks + 1) for code in one)


def all_cards(decks: int = 1) -> tuple[str, ...]:
    """Every card a session knows: the decks' cards plus the jokers."""
    return standard_deck(decks) + JOKERS
