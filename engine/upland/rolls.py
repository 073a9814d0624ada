"""Rolling for the cycle's rules: every die comes from the command's DiceSource
(seeded or typed by the GM, DICE-2) and is recorded in a :class:`CheckMade`
event with the dice-bot line a Japanese table expects (DICE-1, DICE-8).

Simultaneous checks (DICE-7) draw their d100s through
:func:`engine.checks.simultaneous.simultaneous_checks`; the line of each is
then rebuilt by the dice bot from the die already drawn, so the log shows the
same ``(1D100<=45) ＞ 23 ＞ 成功`` as the dice box would.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.checks.levels import Level, resistance_target
from engine.checks.simultaneous import (
    Participant,
    SimultaneousResult,
    simultaneous_checks,
)
from engine.core.commands import Context
from engine.core.state import RollRecord
from engine.dice.bcdice import evaluate
from engine.dice.result import RollResult
from engine.dice.rng import DiceSource, DiceState
from engine.upland.events import CheckMade, CheckWhat
from engine.upland.facts import name_of


class _Borrowed(DiceSource):
    """The command's dice seen by the dice bot: draws go to the command's source,
    and typed dice left for later rolls of the same command are not an error."""

    def __init__(self, inner: DiceSource) -> None:
        super().__init__(inner.state)
        self._inner = inner

    def die(self, sides: int) -> int:
        return self._inner.die(sides)

    def check_all_typed_used(self) -> None:
        return None


def _record(ctx: Context, result: RollResult, who: str, rule: str) -> RollRecord:
    return RollRecord(seq=ctx.state.seq + 1, by=who, reason=rule, result=result)


def _emit(
    ctx: Context, result: RollResult, *, character: str | None, name: str, what: CheckWhat, rule: str, label: str
) -> None:
    """The roll on record: the log line, the dice box's and the players' feed's entry (under ``name``)."""
    ctx.emit(
        CheckMade(
            character=character,
            name=name,
            what=what,
            rule=rule,
            label=label,
            level=result.level.value if result.level is not None else None,
            record=_record(ctx, result, name, rule),
            dice=ctx.dice.state,
        )
    )


def roll(
    ctx: Context,
    text: str,
    *,
    character: str | None,
    what: CheckWhat,
    rule: str,
    label: str = "",
) -> RollResult:
    """Roll a dice-bot expression (``1D6``, ``1D10``) for a rule and record it."""
    result = evaluate(text, "upland", ctx.state.options, _Borrowed(ctx.dice))
    name = name_of(ctx.state, character) if character else ""
    _emit(ctx, result, character=character, name=name, what=what, rule=rule, label=label)
    return result


def total(result: RollResult) -> int:
    return result.total if result.total is not None else 0


def _line(text: str, value: int, ctx: Context) -> RollResult:
    return evaluate(text, "upland", ctx.state.options, DiceSource(DiceState(), [value]))


def drawn(
    ctx: Context,
    text: str,
    value: int,
    *,
    character: str | None,
    name: str,
    what: CheckWhat,
    rule: str,
    label: str = "",
    secret: bool = False,
) -> None:
    """Record a die a rule already drew (``value`` for ``text``: ``1D100<=55``, ``1D6``)
    as the dice bot prints it, under ``name`` — the appearance's checks and dice,
    drawn by the battle set-up's own functions, seen like every other roll."""
    result = _line(text, value, ctx)
    if secret:
        result = replace(result, secret=True)
    _emit(ctx, result, character=character, name=name, what=what, rule=rule, label=label)


def simultaneous(
    ctx: Context,
    participants: Sequence[Participant],
    *,
    what: CheckWhat,
    rule: str,
    labels: dict[str, str] | None = None,
    whats: dict[str, CheckWhat] | None = None,
    rules: dict[str, str] | None = None,
    resistance: dict[str, tuple[int, int]] | None = None,
    order: Sequence[str] | None = None,
) -> list[SimultaneousResult]:
    """DICE-7: everyone rolls at once (in action order), then each roll is recorded.
    ``whats`` overrides ``what`` per participant (one investigation mixes kinds).

    ``resistance`` maps a participant to (active, passive) so its line reads as
    the dice bot's ``RES(a-b)`` (DICE-5, CHK-U-1b)."""
    results = simultaneous_checks(participants, ctx.dice, order=order)
    for res in results:
        name = name_of(ctx.state, res.id)
        label = (labels or {}).get(res.id, "")
        kind = (whats or {}).get(res.id, what)
        why = (rules or {}).get(res.id, rule)
        if res.roll is None:
            ctx.emit(
                CheckMade(
                    character=res.id,
                    name=name,
                    what=kind,
                    rule=why,
                    label=label,
                    level=res.level.value,
                    record=None,
                    dice=ctx.dice.state,
                )
            )
            continue
        pair = (resistance or {}).get(res.id)
        text = f"RES({pair[0]}-{pair[1]})" if pair else f"1D100<={res.target}"
        result = _line(text, res.roll, ctx)
        assert result.level == res.level, (text, res.roll, result.level, res.level)
        ctx.emit(
            CheckMade(
                character=res.id,
                name=name,
                what=kind,
                rule=why,
                label=label,
                level=res.level.value,
                record=_record(ctx, result, name, why),
                dice=ctx.dice.state,
            )
        )
    return results


def resistance_participant(character: str, active: int, passive: int) -> Participant:
    """DICE-5: a participant of a resistance roll, active against passive."""
    return Participant(id=character, target=resistance_target(active, passive))


__all__ = [
    "Level",
    "Participant",
    "drawn",
    "SimultaneousResult",
    "resistance_participant",
    "roll",
    "simultaneous",
    "total",
]
