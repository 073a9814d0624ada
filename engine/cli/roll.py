"""``python -m engine roll``: one dice-box command, or a batch of them (DICE-2, DICE-8).

Examples::

    python -m engine roll --ruleset coc6-a --dice 5 "CCB<=50"
    (1D100<=50) ＞ 5 ＞ 決定的成功/スペシャル

    printf 'CCB<=50\\t5\\n2D6\\t3,4\\n1D100<=45\\n' | python -m engine roll --ruleset coc6-a --batch --seed 7

``--dice`` gives the faces of physical dice typed by the GM (``--dice 3 --dice 4``
or ``--dice 3,4``; ``0`` on a d10 or d100 means 10 or 100).  Without it the dice
come from the seeded generator of ``--seed``.  A secret ``S`` command prints the
same line as BCDice does.  ``--batch`` reads ``COMMAND<TAB>d1,d2,...`` lines
(the dice part is optional) and prints one line per input line; a bad line
prints ``ERROR: <message>`` in its place, and the exit status is 2 if any line
failed.  Random lines draw from one generator, so a batch is reproducible.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from engine.dice.bcdice import evaluate
from engine.dice.rng import DiceSource, DiceState
from engine.errors import EngineError
from engine.rulesets import builtin, registry
from engine.rulesets.registry import options_for


def add_parser(subparsers: Any) -> None:
    # the built-in rulesets by name: none is loaded to list them (``run`` loads the one asked for)
    rulesets = [ruleset for part in builtin.DECLARED for ruleset in part.rulesets]
    parser = subparsers.add_parser(
        "roll",
        help="roll one dice-box command (BCDice syntax) and print the result line",
        description="Roll a dice-box command as the ruleset's dice bot would (BCDice syntax).",
    )
    parser.add_argument("command", nargs="?", help='the command, e.g. "CCB<=50" or "2D6"')
    parser.add_argument("--ruleset", required=True, choices=rulesets)
    parser.add_argument(
        "--dice",
        action="append",
        default=[],
        metavar="N",
        help="a typed physical die (repeat, or give a comma-separated list)",
    )
    parser.add_argument("--lang", choices=("ja", "en"), default="ja")
    parser.add_argument("--seed", type=int, default=0, help="seed of the generator (default 0)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a ruleset option, e.g. crit_fumble=cc (values are read as JSON when they can be)",
    )
    parser.add_argument(
        "--batch",
        action="store_true",
        help="read COMMAND<TAB>d1,d2,... lines from standard input",
    )
    parser.set_defaults(handler=run)


def _utf8(stream: TextIO) -> None:
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
    if encoding != "utf8" and hasattr(stream, "reconfigure"):
        stream.reconfigure(encoding="utf-8")


def _parse_dice(values: list[str]) -> list[int]:
    dice: list[int] = []
    for value in values:
        for part in value.replace(" ", "").split(","):
            if not part:
                continue
            try:
                dice.append(int(part))
            except ValueError:
                raise EngineError("'{value}' is not a die face.", value=part) from None
    return dice


def _parse_options(ruleset: str, items: list[str]) -> Any:
    data: dict[str, object] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise EngineError("An option must look like KEY=VALUE (got '{item}').", item=item)
        try:
            data[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            data[key.strip()] = raw
    return options_for(ruleset, data)


def run(args: argparse.Namespace) -> int:
    _utf8(sys.stdout)
    _utf8(sys.stderr)
    for part in builtin.DECLARED:  # named only: the ruleset asked for loads with its options, no other
        registry.declare(part)
    # without --option nothing is validated: the dice box reads no option, and the
    # ruleset's models stay unloaded
    options = _parse_options(args.ruleset, args.option) if args.option else None
    if args.batch:
        if args.command is not None or args.dice:
            raise EngineError("--batch reads commands from standard input; give no command or --dice.")
        return _batch(args, options)
    if args.command is None:
        raise EngineError('Give a dice command, e.g. "CCB<=50", or use --batch.')
    source = DiceSource(DiceState(seed=args.seed), _parse_dice(args.dice))
    result = evaluate(args.command, args.ruleset, options, source)
    print(result.render(args.lang))
    return 0


def _batch(args: argparse.Namespace, options: Any) -> int:
    state = DiceState(seed=args.seed)
    failed = False
    out: list[str] = []
    for raw in sys.stdin:
        line = raw.rstrip("\r\n")
        command, _, dice_text = line.partition("\t")
        try:
            typed = _parse_dice([dice_text]) if dice_text.strip() else []
            source = DiceSource(state, typed)
            result = evaluate(command, args.ruleset, options, source)
            state = source.state  # typed dice leave the generator where it was
            out.append(result.render(args.lang))
        except EngineError as exc:
            failed = True
            out.append("ERROR: " + exc.text(args.lang))
        if len(out) >= 1000:
            sys.stdout.write("\n".join(out) + "\n")
            out.clear()
    if out:
        sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.flush()
    return 2 if failed else 0
