"""The dice box: BCDice-compatible commands for each ruleset (DICE-8, CHK-A-5, CHK-U-1b).

``coc6-a`` and ``coc6-b`` answer like BCDice's "Cthulhu" bot (クトゥルフ神話TRPG),
``upland`` like its "RuneQuest" bot (ルーンクエスト), so a result reads exactly
as it would on CCFOLIA or Udonarium.  What we learned from BCDice 3.16.1 (the
version inside bcdice-js 4.9.0, which those sites run: its Ruby sources, its test
data, and side-by-side runs), restated in our own words:

Reading a command
  * Only the first whitespace-separated word counts; the rest is a comment
    (``CCB<=50 目星`` rolls ``CCB<=50``).  Leading spaces are ignored.  Letters
    are case-insensitive (``ccb<=50``, ``2d6``).  Full-width digits or ``＜＝``
    are *not* accepted by BCDice, so we refuse them too.
  * A leading ``S`` makes the roll secret (``SCCB<=50``, ``S2D6``).  BCDice
    prints exactly the same line; only the result's secret flag differs, and
    the GUI and log decide who sees it.  We do the same.
  * Bot commands (``CC``, ``CCB``, ``RES``, ``RESB``, ``CBR``, ``CBRB``) are read
    after a pre-pass that replaces every parenthesised piece of plain
    arithmetic — digits and ``+ - * /`` with optional ``U/C/R/F`` rounding
    marks — by its value, innermost first and rounding down: ``RES(12-10)``
    becomes ``RES2``, ``CCB<=(60*2)/3`` becomes ``CCB<=120/3``, ``CC(94)<=98``
    becomes ``CC94<=98``.  If a bot command does not fit, the word is tried
    as an ordinary dice expression, and failing that there is no result (we
    raise :class:`~engine.errors.EngineError`).
  * Ordinary dice expressions follow :mod:`engine.dice.expression` (``2D6``,
    ``1D3+1``, ``D20``, ``2D`` = ``2D6``, ``(1+1)D6``, ``2D6KH1``, ``/U /R /F``,
    comparisons ``<= >= < > = <>`` and ``?``).  ``D66`` is its own command, and
    so is the calculator ``C(60*2/3)`` → ``c(60*2/3) ＞ 40``.  A die with 0
    faces counts 0 (``1D0`` → ``(1D0) ＞ 0``).  BCDice's other common
    commands (``2B6``, ``x3 …``, ``choice``, ``R``/``U`` rerolls) are not
    offered.

Printing
  * Parts are joined by `` ＞ `` (full-width ＞ with spaces).  The head repeats
    the command as read, in parentheses, with dice counts and targets
    computed: ``1d100>=68+12`` prints ``(1D100>=80)``.
  * A sum shows the middle part ``total[faces]`` for each roll
    (``(2D6) ＞ 7[3,4] ＞ 7``, ``(1D3+1) ＞ 2[2]+1 ＞ 3``) except for a lone
    roll of at most one die (``(1D100<=45) ＞ 46 ＞ 失敗``; ``D20`` prints
    ``(1D20) ＞ 5``).
  * With a comparison the bot adds a word.  The Cthulhu bot's
    ``1D100<=x`` is a plain comparison, 成功 or 失敗, no levels: 1 is only
    成功 and 100 only 失敗 (RULES.md DICE-8 agrees).  A ``?`` target adds
    no word.

Cthulhu bot (coc6-a, coc6-b)
  * ``CC<=x`` (critical 1, fumble 100) and ``CCB<=x`` (critical 1–5, fumble
    96–100) print ``(1D100<=x) ＞ roll ＞ word``; the target may be
    arithmetic (``CCB<=50+10``, ``CC<=+60/2+15*2-10``), rounded down.  The
    words: 決定的成功/スペシャル, 決定的成功, スペシャル, 成功, 失敗, 致命的失敗.
    Success needs roll ≤ x and roll < 100; special is roll ≤ ⌊x/5⌋ but at
    least 1; critical is a success within 1 (or 5); a fumble is a failure of
    100 (or 96+) whatever the target — ``CCB<=150`` fumbles on 100, and
    ``CCB<=98`` succeeds on 98.
  * ``CC`` or ``CCB`` without a target, with ``<=0`` or a negative target, or
    with an unreadable target made of the allowed characters (``CC<=5+``),
    just rolls: ``(1D100) ＞ 37``.  Only ``<=`` is accepted (``CC>=50`` is no
    command); ``CCB<=`` with nothing after it is no command.
  * ``CC(x)<=y``: malfunction number x, printed as
    ``(1D100<=y) 故障ナンバー[x] ＞ roll ＞ 故障`` when roll ≥ x, or
    ``致命的失敗/故障`` if it is also a fumble.
  * ``RES(a-b)`` / ``RESB(a-b)``: target (a−b)×5+50, printed with a
    lower-case ``1d100``: ``(1d100<=60) ＞ 47 ＞ 成功``.  A target below 5 is
    ``(1d100<=-45) ＞ 自動失敗`` and above 95 ``(1d100<=145) ＞ 自動成功``,
    with no die rolled.  RES judges like CC (1%), RESB like CCB (5%).
  * ``CBR(x,y)`` / ``CBRB(x,y)``: one roll judged twice,
    ``(1d100<=70,30) ＞ 31[成功,失敗] ＞ 部分的成功``; both succeed 成功, one
    部分的成功, none 失敗.  x and y must be plain numbers.

RuneQuest bot (upland)
  * ``1D100<=x`` (exactly one d100 in the expression, operator ``<=``)
    judges the total: 決定的成功 (≤ 1 or ≤ round(x/20)), 致命的失敗 (≥ 100),
    効果的成功 (≤ round(x/5)), 成功 (≤ x), 致命的失敗 (≥ 95 + round(x/20)),
    else 失敗 — rounding halves up.  This is CHK-U-1 (see
    :mod:`engine.checks.upland` for the one corner, negative targets, where
    BCDice's Ruby and JavaScript builds disagree with each other and we keep
    RULES.md).  The special word is 効果的成功, not スペシャル.  Other
    operators compare plainly.
  * BCDice's RuneQuest bot has no ``RES``; for upland we add ``RES(a-b)``
    (CHK-U-1b): target 50 + 5×(a−b), judged with CHK-U-1 and never automatic,
    printed like the Cthulhu bot's RES.  ``CC``/``CCB``/``CBR`` are refused.

English (``en``) uses the words of BCDice's English Cthulhu bot: Critical
Success/Special, Critical Success, Special, Success, Failure, Fumble, Partial
Success, Automatic Success, Automatic Failure, Malfunction (Number).

Where we knowingly differ from BCDice, to protect the app
  * More than :data:`~engine.dice.expression.MAX_DICE` dice in one command, or
    a die of more than 10000 faces, is refused with a message; BCDice instead
    silently rolls nothing above 200 dice (``(201D6) ＞ 0``) and counts 0 for a
    die above 10000 faces.  201–1000 dice are rolled normally here.
  * Commands longer than :data:`~engine.dice.expression.MAX_COMMAND_LENGTH`
    characters are refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypedDict, Unpack

from engine.checks.coc import CocOutcome, coc_compare
from engine.checks.levels import Level
from engine.checks.upland import upland_level
from engine.dice.expression import (
    MAX_COMMAND_LENGTH,
    UNDECIDED,
    DiceSyntaxError,
    Paren,
    ZeroDivisionInExpression,
    arithmetic_text,
    arithmetic_value,
    cmp_text,
    compare,
    evaluate_arithmetic,
    first_word,
    parse_dice_command,
    parse_expression,
    roll_node,
    target_value,
)
from engine.dice.result import Die, RollKind, RollResult, Word
from engine.dice.rng import DiceSource
from engine.errors import EngineError
from engine.rulesets import registry

if TYPE_CHECKING:
    from engine.core.models import OptionsBase as Options
#: The BCDice game systems this dice box answers like (a ruleset names one as its ``dice_system``).
SYSTEMS: tuple[str, ...] = ("Cthulhu", "RuneQuest")

_PAREN_ARITHMETIC = re.compile(r"\([0-9/+*\-CURF]+\)")
_CTHULHU_PREFIX = re.compile(r"(S)?(CCB?|RESB?|CBRB?)", re.IGNORECASE)
_UPLAND_PREFIX = re.compile(r"(S)?(RES)", re.IGNORECASE)
_CC = re.compile(r"CCB?([0-9]+)?(?:<=([+,\-./*0-9]+))?", re.IGNORECASE)
_RES = re.compile(r"RESB?(-?[0-9]+)", re.IGNORECASE)
_UPLAND_RES = re.compile(r"RES(-?[0-9]+)", re.IGNORECASE)
_CBR = re.compile(r"CBR(B)?\(([0-9]+),([0-9]+)\)", re.IGNORECASE)
_D66 = re.compile(r"(S)?D66([ANSD])?", re.IGNORECASE)
_CALC = re.compile(r"(S)?C", re.IGNORECASE)

_RQ_WORDS = {
    Level.critical: Word.critical,
    Level.special: Word.effective,
    Level.success: Word.success,
    Level.failure: Word.failure,
    Level.fumble: Word.fumble,
}


def _system(ruleset: str) -> str:
    """The BCDice game system of ``ruleset`` (its registered ``dice_system``)."""
    system = registry.dice_system(ruleset)
    if system not in SYSTEMS:
        raise EngineError("The ruleset '{ruleset}' has no dice bot.", ruleset=ruleset)
    return system


def _default_options(ruleset: str) -> Options:
    return registry.default_options(ruleset)


def preprocess(word: str) -> str:
    """BCDice's pre-pass for bot commands: compute parenthesised plain arithmetic."""
    text = word
    while True:

        def _value(m: re.Match[str]) -> str:
            value = evaluate_arithmetic(m.group())
            return m.group() if value is None else str(value)

        new = _PAREN_ARITHMETIC.sub(_value, text)
        if new == text:
            return text
        text = new


class _Fields(TypedDict, total=False):
    """The fields of a :class:`RollResult` one command fills in (the rest come from
    :class:`_Context`); typed, as a dataclass checks no value it is given."""

    kind: RollKind
    secret: bool
    dice: tuple[Die, ...]
    expression: str
    broken_number: int | None
    interim: str | None
    total: int | None
    cmp_op: str | None
    targets: tuple[int, ...]
    word: Word | None
    part_words: tuple[Word, ...]
    level: Level | None
    success: bool
    failure: bool
    critical: bool
    fumble: bool
    automatic: bool


class _Context:
    """What every result of one evaluation shares."""

    def __init__(self, text: str, ruleset: str, system: str, comment: str, source: DiceSource) -> None:
        self.text = text
        self.ruleset = ruleset
        self.system = system
        self.comment = comment
        self.source = source

    def result(self, command: str, **fields: Unpack[_Fields]) -> RollResult:
        return RollResult(
            text=self.text,
            command=command,
            comment=self.comment,
            ruleset=self.ruleset,
            system=self.system,
            **fields,
        )


def _coc_fields(outcome: CocOutcome) -> _Fields:
    return {
        "word": Word(outcome.word),
        "level": outcome.level,
        "success": outcome.success,
        "failure": outcome.failure,
        "critical": outcome.critical,
        "fumble": outcome.fumble,
    }


def _rq_fields(level: Level) -> _Fields:
    return {
        "word": _RQ_WORDS[level],
        "level": level,
        "success": level.succeeded,
        "failure": not level.succeeded,
        "critical": level is Level.critical,
        "fumble": level is Level.fumble,
    }


# --------------------------------------------------------------------------- Cthulhu bot


def _cthulhu_command(cmd: str, secret: bool, ctx: _Context) -> RollResult | None:
    # The bot picks the 1% or 5% rules by the first name found anywhere in the word.
    if "CCB" in cmd:
        return _cc(cmd, 5, secret, ctx)
    if "CC" in cmd:
        return _cc(cmd, 1, secret, ctx)
    if "RESB" in cmd:
        return _res(cmd, 5, secret, ctx)
    if "CBRB" in cmd:
        return _cbr(cmd, 5, secret, ctx)
    if "RES" in cmd:
        return _res(cmd, 1, secret, ctx)
    if "CBR" in cmd:
        return _cbr(cmd, 1, secret, ctx)
    return None


def _cc(cmd: str, width: int, secret: bool, ctx: _Context) -> RollResult | None:
    m = _CC.fullmatch(cmd)
    if not m:
        return None
    broken = int(m.group(1)) if m.group(1) else 0
    target = (evaluate_arithmetic(m.group(2)) or 0) if m.group(2) else 0
    roll = ctx.source.die(100)
    dice = (Die(sides=100, value=roll),)
    if target <= 0:
        return ctx.result(cmd, kind="check", secret=secret, dice=dice, expression="1D100", total=roll)
    outcome = coc_compare(roll, target, width, broken)
    fields: _Fields = {
        "kind": "check",
        "secret": secret,
        "dice": dice,
        "expression": f"1D100<={target}",
        "broken_number": broken or None,
        "total": roll,
        "cmp_op": "<=",
        "targets": (target,),
    }
    return ctx.result(cmd, **(fields | _coc_fields(outcome)))


def _res(cmd: str, width: int, secret: bool, ctx: _Context) -> RollResult | None:
    m = _RES.fullmatch(cmd)
    if not m:
        return None
    target = int(m.group(1)) * 5 + 50
    common: _Fields = {
        "kind": "resistance",
        "secret": secret,
        "expression": f"1d100<={target}",
        "cmp_op": "<=",
        "targets": (target,),
    }
    if target < 5:
        failed: _Fields = {"word": Word.automatic_failure, "level": Level.failure, "failure": True, "automatic": True}
        return ctx.result(cmd, **(common | failed))
    if target > 95:
        passed: _Fields = {"word": Word.automatic_success, "level": Level.success, "success": True, "automatic": True}
        return ctx.result(cmd, **(common | passed))
    roll = ctx.source.die(100)
    outcome = coc_compare(roll, target, width)
    rolled: _Fields = {"dice": (Die(sides=100, value=roll),), "total": roll}
    return ctx.result(cmd, **(common | rolled | _coc_fields(outcome)))


def _cbr(cmd: str, width: int, secret: bool, ctx: _Context) -> RollResult | None:
    m = _CBR.fullmatch(cmd)
    if not m:
        return None
    first, second = int(m.group(2)), int(m.group(3))
    roll = ctx.source.die(100)
    one = coc_compare(roll, first, width)
    two = coc_compare(roll, second, width)
    if one.success and two.success:
        rank = Word.success
    elif one.success or two.success:
        rank = Word.partial_success
    else:
        rank = Word.failure
    succeeded = one.success or two.success
    return ctx.result(
        cmd,
        kind="combination",
        secret=secret,
        dice=(Die(sides=100, value=roll),),
        expression=f"1d100<={first},{second}",
        total=roll,
        cmp_op="<=",
        targets=(first, second),
        word=rank,
        part_words=(Word(one.word), Word(two.word)),
        success=succeeded,
        failure=not succeeded,
        critical=one.critical or two.critical,
        fumble=one.fumble or two.fumble,
    )


# --------------------------------------------------------------------------- upland (RuneQuest bot)


def _upland_res(cmd: str, secret: bool, ctx: _Context) -> RollResult | None:
    m = _UPLAND_RES.fullmatch(cmd)
    if not m:
        return None
    target = int(m.group(1)) * 5 + 50
    roll = ctx.source.die(100)
    fields: _Fields = {
        "kind": "resistance",
        "secret": secret,
        "dice": (Die(sides=100, value=roll),),
        "expression": f"1d100<={target}",
        "total": roll,
        "cmp_op": "<=",
        "targets": (target,),
    }
    return ctx.result(cmd, **(fields | _rq_fields(upland_level(roll, target))))


# --------------------------------------------------------------------------- common commands


def _add_dice(word: str, ctx: _Context) -> RollResult | None:
    try:
        command = parse_dice_command(word)
    except DiceSyntaxError:
        return None
    rolled = roll_node(command.lhs, ctx.source)
    normalized = word.upper()[1:] if command.secret else word.upper()
    fields: _Fields = {
        "kind": "add",
        "secret": command.secret,
        "dice": rolled.dice,
        "interim": rolled.interim,
        "total": rolled.total,
    }
    if command.cmp_op is None or command.rhs is None:
        return ctx.result(normalized, **(fields | {"expression": rolled.expression}))
    target = target_value(command.rhs)
    shown = "?" if target is UNDECIDED else str(target)
    fields["expression"] = rolled.expression + cmp_text(command.cmp_op) + shown
    fields["cmp_op"] = command.cmp_op
    if target is UNDECIDED:
        return ctx.result(normalized, **fields)
    assert isinstance(target, int)
    fields["targets"] = (target,)
    sides = [s for s, _ in rolled.rolls]
    if ctx.system == "RuneQuest" and sides == [100] and command.cmp_op == "<=":
        fields.update(_rq_fields(upland_level(rolled.total, target)))
    elif compare(rolled.total, command.cmp_op, target):
        fields.update({"word": Word.success, "level": Level.success, "success": True})
    else:
        fields.update({"word": Word.failure, "level": Level.failure, "failure": True})
    return ctx.result(normalized, **fields)


def _d66(word: str, ctx: _Context) -> RollResult | None:
    m = _D66.fullmatch(word)
    if not m:
        return None
    suffix = (m.group(2) or "").upper()
    tens, units = ctx.source.die(6), ctx.source.die(6)
    pair = [tens, units]
    if suffix in ("A", "S"):
        pair.sort()
    elif suffix == "D":
        pair.sort(reverse=True)
    value = pair[0] * 10 + pair[1]
    return ctx.result(
        f"D66{suffix}",
        kind="d66",
        secret=m.group(1) is not None,
        dice=(Die(sides=6, value=tens), Die(sides=6, value=units)),
        expression=f"D66{suffix}",
        total=value,
    )


def _calc(word: str, ctx: _Context) -> RollResult | None:
    m = _CALC.match(word)
    if not m:
        return None
    try:
        node = parse_expression(word[m.end() :], allow_dice=False, simplify=False)
    except EngineError:
        return None
    shown = arithmetic_text(node)
    if not isinstance(node, Paren):
        shown = f"({shown})"
    secret = m.group(1) is not None
    command = word.upper()[1:] if secret else word.upper()
    try:
        value = arithmetic_value(node)
    except ZeroDivisionInExpression:
        return ctx.result(command, kind="calc", secret=secret, expression=shown, word=Word.zero_division)
    return ctx.result(command, kind="calc", secret=secret, expression=shown, total=value)


# --------------------------------------------------------------------------- errors


def _explain(word: str, system: str) -> EngineError:
    """A clear message for a word no command of the bot accepts."""
    upper = word.upper()
    bare = upper[1:] if upper.startswith("S") else upper
    if re.match(r"CC", bare) or re.match(r"CBR", bare):
        if system == "RuneQuest":
            return EngineError(
                "'{command}' is a Call of Cthulhu command; the upland dice bot judges 1D100<=target.",
                command=word,
            )
        if bare.startswith("CBR"):
            return EngineError(
                "Cannot read '{command}': write a combination roll as CBR(target,target), e.g. CBR(50,30).",
                command=word,
            )
        if re.match(r"CCB?[0-9]*(<=)?$", bare) or re.match(r"CCB?[0-9]*(<=)\s*$", bare):
            return EngineError("The check '{command}' needs a target number after '<=', e.g. CCB<=50.", command=word)
        return EngineError(
            "Cannot read '{command}': write a check as CC<=target or CCB<=target, e.g. CCB<=50.",
            command=word,
        )
    if bare.startswith("RES"):
        if system == "RuneQuest" and bare.startswith("RESB"):
            return EngineError(
                "'{command}' is a Call of Cthulhu command; the upland dice bot judges 1D100<=target.",
                command=word,
            )
        return EngineError(
            "Cannot read '{command}': write a resistance roll as RES(active-passive), e.g. RES(12-10).",
            command=word,
        )
    try:
        parse_dice_command(word)
    except DiceSyntaxError as exc:
        if exc.reason == "no_dice":
            return EngineError("'{command}' rolls no dice.", command=word)
        if exc.reason == "missing_target":
            return EngineError("'{command}' needs a target number after the comparison.", command=word)
        if exc.reason == "bad_target":
            return EngineError("The target of '{command}' cannot be read at '{rest}'.", command=word, rest=exc.rest)
        if exc.reason == "dice_in_target":
            return EngineError("The target of '{command}' may not roll dice.", command=word)
        if exc.reason == "operator":
            return EngineError("'{rest}' is not a comparison; use <=, >=, <, >, = or <>.", rest=exc.rest)
        if not re.match(r"[+\-(]*([0-9]|D)", bare):
            return EngineError("'{command}' is not a dice command.", command=word)
        if not exc.rest:
            return EngineError("The dice command '{command}' ends too early.", command=word)
        return EngineError("Cannot read the dice command '{command}' at '{rest}'.", command=word, rest=exc.rest)
    return EngineError("'{command}' is not a dice command.", command=word)


# --------------------------------------------------------------------------- entry points


def evaluate(
    text: str,
    ruleset: str,
    options: Options | None = None,
    source: DiceSource | None = None,
) -> RollResult:
    """Evaluate one dice-box command for ``ruleset``, drawing every die from ``source``.

    Raises :class:`EngineError` for anything the dice bot would not answer, and
    when typed dice are missing or left over.
    """
    if source is None:
        raise EngineError("A dice source is needed to roll.")
    # The bots read no option (a check's target is made by ``check_command``): the
    # default options are not built, which keeps the ruleset's models unloaded.
    if options is not None and options.ruleset != ruleset:
        raise EngineError("The options are for {other}, not {ruleset}.", other=options.ruleset, ruleset=ruleset)
    registry.dice_system(ruleset)  # an unknown ruleset is refused before anything else, as it was
    if len(text) > MAX_COMMAND_LENGTH:
        raise EngineError(
            "The dice command is too long ({length} characters; at most {limit}).",
            length=len(text),
            limit=MAX_COMMAND_LENGTH,
        )
    word, comment = first_word(text)
    if not word:
        raise EngineError("The dice command is empty.")
    system = _system(ruleset)
    ctx = _Context(text, ruleset, system, comment, source)

    result: RollResult | None = None
    pre = preprocess(word).upper()
    prefix = _CTHULHU_PREFIX if system == "Cthulhu" else _UPLAND_PREFIX
    m = prefix.match(pre)
    if m:
        secret = m.group(1) is not None
        cmd = pre[1:] if secret else pre
        if system == "Cthulhu":
            result = _cthulhu_command(cmd, secret, ctx)
        else:
            result = _upland_res(cmd, secret, ctx)
    if result is None:
        result = _add_dice(word, ctx) or _calc(word, ctx) or _d66(word, ctx)
    if result is None:
        raise _explain(word, system)
    source.check_all_typed_used()
    return result


def check_command(ruleset: str, target: int, options: Options | None = None) -> str:
    """The ruleset's own check command for ``target`` (CHK-B-0 picks CC or CCB in coc6-b).

    ``upland`` → ``1D100<=t``; ``coc6-a`` → ``CCB<=t``; ``coc6-b`` → ``CCB<=t``
    or ``CC<=t`` as its ``crit_fumble`` option says.
    """
    opts = options if options is not None else _default_options(ruleset)
    if _system(ruleset) == "RuneQuest":
        return f"1D100<={target}"
    from engine.rulesets.coc6_checks import Coc6BOptions  # loaded with the options it reads

    if isinstance(opts, Coc6BOptions) and opts.crit_fumble == "cc":
        return f"CC<={target}"
    return f"CCB<={target}"


def roll_check(
    ruleset: str,
    target: int,
    source: DiceSource,
    options: Options | None = None,
    *,
    secret: bool = False,
) -> RollResult:
    """Roll the ruleset's own check against ``target`` (see :func:`check_command`)."""
    command = check_command(ruleset, target, options)
    return evaluate(("S" if secret else "") + command, ruleset, options, source)
