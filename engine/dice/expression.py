"""Dice expressions (DICE-1): a small recursive-descent parser and evaluator.

The grammar is the one of BCDice's "add dice" command, so the dice box accepts
what Japanese players type every day::

    command  := ["S"] sum [CMP (sum | "?")]
    sum      := product (("+" | "-") product)*
    product  := unary (("*" unary) | ("/" unary [F|U|C|R]))*
    unary    := ("+" | "-") unary | dice
    dice     := "D" term [filter] | term "D" [term] [filter] | term
    filter   := ("KH"|"KL"|"DH"|"DL") [term] | "MAX" | "MIN"
    term     := "(" sum ")" | NUMBER

* ``NdM`` rolls N dice of M faces, ``dM`` is ``1dM``, ``Nd`` (no faces) is
  ``NdM`` with the bot's default of 6 faces; N and M may be parenthesised
  arithmetic without dice: ``(1+1)D6``.
* ``/`` divides rounding down (BCDice's default for both our bots); ``/U`` or
  ``/C`` rounds up, ``/R`` rounds half away from zero, ``/F`` rounds down.  A
  division by zero inside a dice expression gives 1, as in BCDice.
* ``+-1`` becomes ``-1`` and ``--x`` becomes ``x`` (they print that way too).
* Comparisons: ``<= >= < > = <>`` (also ``=< => == != =!``); the target is
  arithmetic without dice, or ``?`` for "no target yet".
* Letters are case-insensitive; only the first whitespace-separated word is
  read (the rest is a comment).

Every die is drawn from :class:`engine.dice.rng.DiceSource` in the order the
expression is written.  Limits protect the app: at most :data:`MAX_DICE` dice
per command, :data:`MAX_SIDES` faces per die, :data:`MAX_COMMAND_LENGTH`
characters and :data:`MAX_DEPTH` nested parentheses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from engine.dice.result import Die
from engine.dice.rng import DiceSource
from engine.errors import EngineError

MAX_COMMAND_LENGTH = 500
MAX_DICE = 1000
MAX_SIDES = 10000
MAX_DEPTH = 50
#: Faces of ``Nd`` written without a number (BCDice's default for our bots).
IMPLICIT_SIDES = 6

Rounding = Literal["", "F", "U", "R"]
CmpOp = Literal["<=", ">=", "<", ">", "==", "!="]


# --------------------------------------------------------------------------- nodes


@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Dice:
    times: Node
    #: ``None`` = the bot's default number of faces (``2D``).
    sides: Node | None


@dataclass(frozen=True)
class FilteredDice:
    times: Node
    sides: Node | None
    mode: Literal["KH", "KL", "DH", "DL"]
    count: Node


@dataclass(frozen=True)
class BinOp:
    op: Literal["+", "-", "*", "/"]
    lhs: Node
    rhs: Node
    #: Only for ``/``: "" default (down), "F" down, "U" up, "R" half away from zero.
    rounding: Rounding = ""


@dataclass(frozen=True)
class Neg:
    body: Node


@dataclass(frozen=True)
class Paren:
    body: Node


Node = Num | Dice | FilteredDice | BinOp | Neg | Paren


class _Undecided:
    """The ``?`` target."""

    def __repr__(self) -> str:
        return "?"


UNDECIDED = _Undecided()


@dataclass(frozen=True)
class DiceCommand:
    """A parsed add-dice command: ``[S] lhs [cmp rhs]``."""

    secret: bool
    lhs: Node
    cmp_op: CmpOp | None = None
    rhs: Node | _Undecided | None = None


def has_dice(node: Node) -> bool:
    if isinstance(node, (Dice, FilteredDice)):
        return True
    if isinstance(node, BinOp):
        return has_dice(node.lhs) or has_dice(node.rhs)
    if isinstance(node, (Neg, Paren)):
        return has_dice(node.body)
    return False


# --------------------------------------------------------------------------- errors


class DiceSyntaxError(EngineError):
    """A dice expression that cannot be read; ``rest`` is where reading stopped."""

    def __init__(self, text: str, rest: str, reason: str = "syntax") -> None:
        super().__init__("Cannot read the dice expression '{text}' at '{rest}'.", text=text, rest=rest)
        self.text_read = text
        self.rest = rest
        self.reason = reason


# --------------------------------------------------------------------------- lexer

_TOKEN_RE = re.compile(r"([0-9]+)|([<>!=]+)|(.)", re.S)

Token = tuple[str, object, int]  # kind, value, position


def normalize_cmp(op: str) -> CmpOp | None:
    """BCDice's reading of a run of ``<>!=`` characters (``None`` if it is not one)."""
    if "<=" in op or "=<" in op:
        return "<="
    if ">=" in op or "=>" in op:
        return ">="
    if "<>" in op or "!=" in op or "=!" in op:
        return "!="
    if "<" in op:
        return "<"
    if ">" in op:
        return ">"
    if "=" in op:
        return "=="
    return None


def cmp_text(op: str) -> str:
    """How BCDice prints an operator: ``==`` as ``=``, ``!=`` as ``<>``."""
    return {"==": "=", "!=": "<>"}.get(op, op)


def first_word(text: str) -> tuple[str, str]:
    """The command (first whitespace-separated word) and the comment after it."""
    parts = text.strip().split(None, 1)
    if not parts:
        return "", ""
    return parts[0], (parts[1].strip() if len(parts) > 1 else "")


def _tokenize(source: str) -> list[Token]:
    tokens: list[Token] = []
    for m in _TOKEN_RE.finditer(source):
        number, cmp, char = m.groups()
        if number is not None:
            tokens.append(("NUM", int(number), m.start()))
        elif cmp is not None:
            tokens.append(("CMP", normalize_cmp(cmp), m.start()))
        else:
            tokens.append((char.upper(), char, m.start()))
    return tokens


# --------------------------------------------------------------------------- parser


class _Parser:
    def __init__(self, text: str, *, allow_dice: bool, simplify: bool = True) -> None:
        if len(text) > MAX_COMMAND_LENGTH:
            raise EngineError(
                "The dice command is too long ({length} characters; at most {limit}).",
                length=len(text),
                limit=MAX_COMMAND_LENGTH,
            )
        self.text = text
        self.tokens = _tokenize(text)
        self.pos = 0
        self.depth = 0
        self.allow_dice = allow_dice
        # The add-dice grammar folds "+-x" into "-x" and "--x" into "x"; the calculator does not.
        self.simplify = simplify

    # helpers
    def peek(self, ahead: int = 0) -> str | None:
        i = self.pos + ahead
        return self.tokens[i][0] if i < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def rest(self) -> str:
        if self.pos >= len(self.tokens):
            return ""
        return self.text[self.tokens[self.pos][2] :]

    def fail(self, reason: str = "syntax") -> DiceSyntaxError:
        return DiceSyntaxError(self.text, self.rest(), reason)

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens)

    # grammar
    def command(self) -> DiceCommand:
        secret = False
        if self.peek() == "S":
            self.take()
            secret = True
        lhs = self.sum()
        cmp_op: CmpOp | None = None
        rhs: Node | _Undecided | None = None
        if self.peek() == "CMP":
            op = self.take()[1]
            if op is None:
                self.pos -= 1
                raise self.fail("operator")
            cmp_op = op  # type: ignore[assignment]
            if self.at_end():
                raise self.fail("missing_target")
            if self.peek() == "?":
                self.take()
                rhs = UNDECIDED
            else:
                start = self.pos
                try:
                    rhs = self.sum()
                except DiceSyntaxError:
                    self.pos = start
                    raise self.fail("bad_target") from None
        if not self.at_end():
            raise self.fail("bad_target" if cmp_op else "syntax")
        if not has_dice(lhs):
            raise DiceSyntaxError(self.text, "", "no_dice")
        if isinstance(rhs, (Num, Dice, FilteredDice, BinOp, Neg, Paren)) and has_dice(rhs):
            raise DiceSyntaxError(self.text, "", "dice_in_target")
        return DiceCommand(secret=secret, lhs=lhs, cmp_op=cmp_op, rhs=rhs)

    def expression(self) -> Node:
        node = self.sum()
        if not self.at_end():
            raise self.fail()
        return node

    def sum(self) -> Node:
        node = self.product()
        while self.peek() in ("+", "-"):
            op = self.take()[0]
            rhs = self.product()
            if self.simplify and isinstance(rhs, Neg):  # 2D6+-1 is 2D6-1, 2D6--1 is 2D6+1
                op = "-" if op == "+" else "+"
                rhs = rhs.body
            node = BinOp(op, node, rhs)  # type: ignore[arg-type]
        return node

    def product(self) -> Node:
        node = self.unary()
        while self.peek() in ("*", "/"):
            op = self.take()[0]
            rhs = self.unary()
            if op == "*":
                node = BinOp("*", node, rhs)
            else:
                rounding: Rounding = ""
                if self.peek() in ("F", "U", "C", "R"):
                    mark = self.take()[0]
                    rounding = "U" if mark == "C" else mark  # type: ignore[assignment]
                node = BinOp("/", node, rhs, rounding)
        return node

    def unary(self) -> Node:
        kind = self.peek()
        if kind == "+":
            self.take()
            return self.unary()
        if kind == "-":
            self.take()
            body = self.unary()
            return body.body if self.simplify and isinstance(body, Neg) else Neg(body)
        return self.dice()

    def dice(self) -> Node:
        if self.allow_dice and self.peek() == "D":
            self.take()
            faces = self.term()
            if has_dice(faces):
                raise self.fail()
            if isinstance(faces, Num) and faces.value == 66:
                raise self.fail("d66")  # ``D66`` is its own command
            return self._with_filter(Num(1), faces)
        term = self.term()
        if self.allow_dice and self.peek() == "D":
            self.take()
            if has_dice(term):
                raise self.fail()
            sides: Node | None = None
            if self.peek() in ("NUM", "("):
                sides = self.term()
                if has_dice(sides):
                    raise self.fail()
            return self._with_filter(term, sides)
        return term

    def _with_filter(self, times: Node, sides: Node | None) -> Node:
        kind, nxt = self.peek(), self.peek(1)
        mode: str | None = None
        count: Node = Num(1)
        if kind in ("K", "D") and nxt in ("H", "L"):
            self.take()
            self.take()
            mode = kind + nxt
            if self.peek() in ("NUM", "("):
                count = self.term()
                if has_dice(count):
                    raise self.fail()
        elif kind == "M" and nxt == "A" and self.peek(2) == "X":
            self.pos += 3
            mode = "KH"
        elif kind == "M" and nxt == "I" and self.peek(2) == "N":
            self.pos += 3
            mode = "KL"
        if mode is None:
            return Dice(times, sides)
        return FilteredDice(times, sides, mode, count)  # type: ignore[arg-type]

    def term(self) -> Node:
        kind = self.peek()
        if kind == "(":
            self.take()
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise EngineError("Too many nested parentheses (at most {limit}).", limit=MAX_DEPTH)
            body = self.sum()
            if self.peek() != ")":
                raise self.fail()
            self.take()
            self.depth -= 1
            return Paren(body)
        if kind == "NUM":
            return Num(self.take()[1])  # type: ignore[arg-type]
        raise self.fail("missing_number" if kind is None else "syntax")


def parse_dice_command(command: str) -> DiceCommand:
    """Parse one add-dice command word (``S2D6+1>=7``); raises :class:`DiceSyntaxError`."""
    return _Parser(command, allow_dice=True).command()


def parse_expression(text: str, *, allow_dice: bool = True, simplify: bool = True) -> Node:
    """Parse an expression without comparison; raises :class:`DiceSyntaxError`."""
    return _Parser(text, allow_dice=allow_dice, simplify=simplify).expression()


class ZeroDivisionInExpression(EngineError):
    """Plain arithmetic (not a dice expression) divided by zero."""

    def __init__(self) -> None:
        super().__init__("Division by zero.")


def arithmetic_value(node: Node) -> int:
    """The value of plain arithmetic; raises :class:`ZeroDivisionInExpression` on ÷0."""
    try:
        return _const(node, zero_division_is_one=False)
    except _ZeroDivision:
        raise ZeroDivisionInExpression() from None


def arithmetic_text(node: Node) -> str:
    """How BCDice's calculator prints arithmetic (rounding up is marked ``C`` there)."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Paren):
        return f"({arithmetic_text(node.body)})"
    if isinstance(node, Neg):
        return f"-{arithmetic_text(node.body)}"
    if isinstance(node, BinOp):
        mark = {"U": "C"}.get(node.rounding, node.rounding) if node.op == "/" else ""
        return f"{arithmetic_text(node.lhs)}{node.op}{arithmetic_text(node.rhs)}{mark}"
    raise TypeError("dice in plain arithmetic")


# --------------------------------------------------------------------------- evaluation


class _ZeroDivision(Exception):
    pass


def _divide(dividend: int, divisor: int, rounding: Rounding) -> int:
    if rounding == "U":
        return -((-dividend) // divisor)
    if rounding == "R":
        exact = Fraction(dividend, divisor)
        magnitude = int(abs(exact) + Fraction(1, 2))
        return magnitude if exact >= 0 else -magnitude
    return dividend // divisor  # "" and "F": down, like Ruby's Integer#/


def _const(node: Node, zero_division_is_one: bool = True) -> int:
    """The value of a node without dice."""
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Paren):
        return _const(node.body, zero_division_is_one)
    if isinstance(node, Neg):
        return -_const(node.body, zero_division_is_one)
    if isinstance(node, BinOp):
        lhs = _const(node.lhs, zero_division_is_one)
        rhs = _const(node.rhs, zero_division_is_one)
        return _apply(node, lhs, rhs, zero_division_is_one)
    raise TypeError("dice in a constant expression")


def _apply(node: BinOp, lhs: int, rhs: int, zero_division_is_one: bool) -> int:
    if node.op == "+":
        return lhs + rhs
    if node.op == "-":
        return lhs - rhs
    if node.op == "*":
        return lhs * rhs
    if rhs == 0:
        if zero_division_is_one:
            return 1
        raise _ZeroDivision
    return _divide(lhs, rhs, node.rounding)


def expression_text(node: Node, implicit_sides: int = IMPLICIT_SIDES) -> str:
    """How BCDice prints an expression before rolling: dice counts computed, ``2D`` shown as ``2D6``."""
    if isinstance(node, Num):
        return str(node.value)
    if isinstance(node, Paren):
        return f"({expression_text(node.body, implicit_sides)})"
    if isinstance(node, Neg):
        return f"-{expression_text(node.body, implicit_sides)}"
    if isinstance(node, BinOp):
        lhs = expression_text(node.lhs, implicit_sides)
        rhs = expression_text(node.rhs, implicit_sides)
        return f"{lhs}{node.op}{rhs}" + (node.rounding if node.op == "/" else "")
    times = _const(node.times)
    sides = implicit_sides if node.sides is None else _const(node.sides)
    if isinstance(node, FilteredDice):
        return f"{times}D{sides}{node.mode}{_const(node.count)}"
    return f"{times}D{sides}"


@dataclass(frozen=True)
class ExpressionRoll:
    """A rolled expression."""

    #: BCDice's printed form of the expression, e.g. ``2D6+1``.
    expression: str
    total: int
    #: The middle part of the result line, e.g. ``7[3,4]+1``; ``None`` where BCDice omits it.
    interim: str | None
    #: One entry per die as the bot sees it (``(sides, value)``; a d66 counts once).
    rolls: tuple[tuple[int, int], ...]
    #: The physical dice drawn, in order (a d66 is two d6).
    dice: tuple[Die, ...]

    @property
    def dice_values(self) -> tuple[int, ...]:
        return tuple(d.value for d in self.dice)


class _Roller:
    def __init__(self, source: DiceSource, implicit_sides: int) -> None:
        self.source = source
        self.implicit_sides = implicit_sides
        self.rolls: list[tuple[int, int]] = []
        self.dice: list[Die] = []
        self.count = 0

    def roll(self, times: int, sides: int) -> list[int]:
        if times <= 0:
            return []
        if self.count + times > MAX_DICE:
            raise EngineError(
                "Too many dice: {count} in one command (at most {limit}).",
                count=self.count + times,
                limit=MAX_DICE,
            )
        if sides < 1:
            # BCDice answers a die without faces with 0 and draws nothing.
            self.count += times
            self.rolls.extend((sides, 0) for _ in range(times))
            return [0] * times
        if sides > MAX_SIDES:
            raise EngineError("A die may have at most {limit} sides (got {sides}).", limit=MAX_SIDES, sides=sides)
        self.count += times
        values: list[int] = []
        die = self.source.die
        for _ in range(times):
            if sides == 66:  # d66: tens die then units die
                tens, units = die(6), die(6)
                self.dice.append(Die(sides=6, value=tens))
                self.dice.append(Die(sides=6, value=units))
                value = tens * 10 + units
            else:
                value = die(sides)
                self.dice.append(Die(sides=sides, value=value))
            values.append(value)
            self.rolls.append((sides, value))
        return values

    def eval(self, node: Node) -> tuple[int, str]:
        """Value and BCDice's rolled form of a node."""
        if isinstance(node, Num):
            return node.value, str(node.value)
        if isinstance(node, Paren):
            value, text = self.eval(node.body)
            return value, f"({text})"
        if isinstance(node, Neg):
            value, text = self.eval(node.body)
            return -value, f"-{text}"
        if isinstance(node, BinOp):
            lhs, ltext = self.eval(node.lhs)
            rhs, rtext = self.eval(node.rhs)
            mark = node.rounding if node.op == "/" else ""
            return _apply(node, lhs, rhs, True), f"{ltext}{node.op}{rtext}{mark}"
        times = _const(node.times)
        sides = self.implicit_sides if node.sides is None else _const(node.sides)
        values = self.roll(times, sides)
        if isinstance(node, FilteredDice):
            count = _const(node.count)
            if count < 0:
                raise EngineError("Cannot keep or drop {count} dice.", count=count)
            ordered = sorted(values)
            if node.mode == "KH":
                kept = ordered[::-1][:count]
            elif node.mode == "KL":
                kept = ordered[:count]
            elif node.mode == "DH":
                kept = ordered[::-1][count:]
            else:
                kept = ordered[count:]
            total = sum(kept)
            return total, f"{total}[{','.join(map(str, ordered))}]"
        total = sum(values)
        return total, f"{total}[{','.join(map(str, values))}]"


def roll_node(node: Node, source: DiceSource, implicit_sides: int = IMPLICIT_SIDES) -> ExpressionRoll:
    """Roll a parsed expression, drawing every die from ``source`` left to right."""
    roller = _Roller(source, implicit_sides)
    total, rolled = roller.eval(node)
    # BCDice omits the middle part for a lone plain roll such as 1D100 or 2D (one die).
    plain = isinstance(node, Dice) and len(roller.rolls) <= 1
    return ExpressionRoll(
        expression=expression_text(node, implicit_sides),
        total=total,
        interim=None if plain else rolled,
        rolls=tuple(roller.rolls),
        dice=tuple(roller.dice),
    )


def target_value(rhs: Node | _Undecided) -> int | _Undecided:
    """The value of a comparison's right-hand side (no dice)."""
    if isinstance(rhs, _Undecided):
        return rhs
    return _const(rhs)


def compare(total: int, op: str, target: int) -> bool:
    """``total op target`` for the six dice-bot comparison operators."""
    if op == "<=":
        return total <= target
    if op == ">=":
        return total >= target
    if op == "<":
        return total < target
    if op == ">":
        return total > target
    if op == "==":
        return total == target
    if op == "!=":
        return total != target
    raise ValueError(op)


def evaluate_arithmetic(text: str) -> int | None:
    """BCDice's plain arithmetic (no dice), rounding down; ``None`` if unreadable or ÷0."""
    try:
        node = _Parser(text, allow_dice=False).expression()
        return _const(node, zero_division_is_one=False)
    except (EngineError, _ZeroDivision):
        return None


def roll(text: str, source: DiceSource) -> ExpressionRoll:
    """Roll an expression such as ``1D3+1`` or ``D20+4`` for the engine's own procedures.

    Unlike the dice box, spaces are ignored and comparisons are refused.
    """
    compact = "".join(text.split())
    if not compact:
        raise EngineError("The dice command is empty.")
    node = parse_expression(compact)
    if not has_dice(node):
        raise EngineError("'{text}' rolls no dice.", text=text)
    return roll_node(node, source)
