"""A finished dice-box roll, kept so it can be re-rendered in any language (DICE-1, DICE-8).

A :class:`RollResult` stores the facts of one roll — what was typed, what the
dice bot read, every die in the order it was drawn, the total, the target and
the outcome — but no language.  :meth:`RollResult.render` rebuilds the familiar
BCDice line from those facts, so a saved session shows the same roll in
Japanese or English without re-rolling.

The words are part of the dice bot's format rather than UI text, so they live
here: ``ja`` uses the exact words of BCDice's Japanese bots, ``en`` the words of
BCDice's English Cthulhu bot.  Note that "Special" is スペシャル in the Cthulhu
bot but 効果的成功 in the RuneQuest bot; that is why the two are distinct
:class:`Word` values.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from engine.checks.levels import Level

#: The separator BCDice puts between the parts of a result line.
SEPARATOR = " ＞ "


class Word(str, Enum):  # noqa: UP042 - str() of a member stays 'Word.x'
    """The outcome word printed at the end of a result line."""

    success = "success"
    failure = "failure"
    critical = "critical"
    special = "special"
    critical_special = "critical_special"
    fumble = "fumble"
    broken = "broken"
    fumble_broken = "fumble_broken"
    partial_success = "partial_success"
    automatic_success = "automatic_success"
    automatic_failure = "automatic_failure"
    #: RuneQuest's special success (効果的成功).
    effective = "effective"
    #: The calculator ``C(...)`` divided by zero.
    zero_division = "zero_division"


_WORDS: dict[str, dict[str, str]] = {
    "ja": {
        Word.success: "成功",
        Word.failure: "失敗",
        Word.critical: "決定的成功",
        Word.special: "スペシャル",
        Word.critical_special: "決定的成功/スペシャル",
        Word.fumble: "致命的失敗",
        Word.broken: "故障",
        Word.fumble_broken: "致命的失敗/故障",
        Word.partial_success: "部分的成功",
        Word.automatic_success: "自動成功",
        Word.automatic_failure: "自動失敗",
        Word.effective: "効果的成功",
        Word.zero_division: "ゼロ除算が発生したため計算できませんでした",
        "broken_number": "故障ナンバー",
    },
    "en": {
        Word.success: "Success",
        Word.failure: "Failure",
        Word.critical: "Critical Success",
        Word.special: "Special",
        Word.critical_special: "Critical Success/Special",
        Word.fumble: "Fumble",
        Word.broken: "Malfunction",
        Word.fumble_broken: "Fumble/Malfunction",
        Word.partial_success: "Partial Success",
        Word.automatic_success: "Automatic Success",
        Word.automatic_failure: "Automatic Failure",
        Word.effective: "Special",
        Word.zero_division: "Cannot calculate: division by zero",
        "broken_number": "Malfunction Number",
    },
}


def word_text(word: Word | str, lang: str = "ja") -> str:
    """The printed form of ``word`` in ``lang`` (anything but ``ja`` is English)."""
    table = _WORDS["ja"] if lang.startswith("ja") else _WORDS["en"]
    return table[word]


@dataclass(frozen=True)
class Die:
    """One physical die: its number of faces and the face that came up."""

    sides: int
    value: int


RollKind = Literal["add", "check", "resistance", "combination", "d66", "calc"]


@dataclass(frozen=True, kw_only=True)
class RollResult:
    """One dice-box roll with everything needed to print it again.

    A plain frozen dataclass rather than a pydantic model: the command line rolls
    without building any model (a model class costs more to create than the
    roll), while the events that carry a roll still validate and store it with
    pydantic, field by field in this order (keyword-only, as a required field
    follows defaulted ones)."""

    #: The text as typed, comment included.
    text: str
    #: The command the dice bot read: first word, upper case, no ``S`` prefix,
    #: parenthesised arithmetic already computed for bot-specific commands.
    command: str
    #: Whatever followed the command after whitespace (BCDice ignores it).
    comment: str = ""
    ruleset: str
    #: The BCDice game system that judged it: ``Cthulhu`` or ``RuneQuest``.
    system: str
    kind: RollKind
    secret: bool = False
    #: Physical dice in the order they were drawn.
    dice: tuple[Die, ...] = ()
    #: The part inside the first parentheses, e.g. ``1D100<=50`` or ``1d100<=70,30``.
    expression: str
    #: A malfunction number of ``CC(x)`` / ``CCB(x)``.
    broken_number: int | None = None
    #: The middle part BCDice shows for sums, e.g. ``7[3,4]``; ``None`` when omitted.
    interim: str | None = None
    #: The total (``None`` for an automatic RES result, which rolls nothing).
    total: int | None = None
    cmp_op: str | None = None
    #: The target number(s); a ``?`` target is kept only in :attr:`expression`.
    targets: tuple[int, ...] = ()
    #: The final word printed, if any.
    word: Word | None = None
    #: Per-target words of a combination roll (``CBR``).
    part_words: tuple[Word, ...] = ()
    #: The check level for the engine's procedures, when the roll has one.
    level: Level | None = None
    #: BCDice's result flags.
    success: bool = False
    failure: bool = False
    critical: bool = False
    fumble: bool = False
    #: RES target below 5 or above 95: decided without a roll.
    automatic: bool = False
    #: Who rolled and why (rule ID); filled in by the caller when known (DICE-1).
    roller: str | None = None
    reason: str | None = None

    @property
    def dice_values(self) -> tuple[int, ...]:
        """The faces of the physical dice, in order."""
        return tuple(d.value for d in self.dice)

    @property
    def target(self) -> int | None:
        """The single target number, if the roll had exactly one."""
        return self.targets[0] if len(self.targets) == 1 else None

    def render(self, lang: str = "ja") -> str:
        """The one-line dice-bot form, e.g. ``(1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル``."""
        # The calculator prints ``c(1+2)``; everything else ``(expression)``.
        head = f"c{self.expression}" if self.kind == "calc" else f"({self.expression})"
        if self.broken_number:
            head += f" {word_text('broken_number', lang)}[{self.broken_number}]"
        parts = [head]
        if self.interim is not None:
            parts.append(self.interim)
        if self.kind == "combination" and self.total is not None:
            inner = ",".join(word_text(w, lang) for w in self.part_words)
            parts.append(f"{self.total}[{inner}]")
        elif self.total is not None:
            parts.append(str(self.total))
        if self.word is not None:
            parts.append(word_text(self.word, lang))
        return SEPARATOR.join(parts)
