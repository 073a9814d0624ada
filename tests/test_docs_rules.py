"""docs/rules.md stays complete: every rule ID a test names is explained there.

Tests name the rule they cover in their own name (``test_inv7_…`` is INV-7,
``test_chk_a3_…``, ``test_chka3_…`` and ``test_chk_a_3_…`` are CHK-A-3) or in a
``# rule: ID`` comment.  A new ID used that way without a row in the reference
fails here, so nobody meets a test named after a rule the repository never
explains.  The tests the reference cites must exist too, so a rename shows.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"

#: Areas whose IDs have no ruleset letter (MAP-1, INV-7, TEAR-3 …).
PLAIN_AREAS = frozenset(
    {"dice", "map", "cyc", "inv", "dsp", "tim", "pur", "evt", "enc", "trs", "rem", "tear", "bone", "obs", "int", "end",
     "toy"}
)  # fmt: skip
#: Areas whose IDs carry a ruleset letter (CHK-U-1, CBT-B-7 …), with the letters they take.
LETTERED_AREAS = {"chk": "uab", "grw": "a", "mad": "ab", "cbt": "ab", "skl": "ab", "hp": "b", "cnd": "b", "stu": "b"}

RULE_ID = re.compile(r"\b[A-Z]{2,4}(?:-[A-Z])?-[0-9]+[a-z]?\b")
RULE_COMMENT = re.compile(r"#\s*rules?:\s*(.*)$", re.MULTILINE)
TEST_DEF = re.compile(r"^\s*(?:async\s+)?def (test_\w+)", re.MULTILINE)
NUMBER = re.compile(r"^[0-9]+[a-z]?$")
REFERENCE_ROW = re.compile(r"^\| ([A-Z]{2,4}(?:-[A-Z])?-[0-9]+[a-z]?) \|", re.MULTILINE)
CITED_TEST = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")


def ids_in_test_name(name: str) -> list[str]:
    """The rule IDs a test name starts with, in order (``test_tim4_tim5_…`` → TIM-4, TIM-5)."""
    words = name.split("_")[1:]
    found: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        plain = re.fullmatch(r"([a-z]{2,4})([0-9]+[a-z]?)", word)
        if plain and plain.group(1) in PLAIN_AREAS:
            found.append(f"{plain.group(1).upper()}-{plain.group(2)}")
            i += 1
            continue
        lettered = re.fullmatch(r"([a-z]{2,3})([a-z])([0-9]+[a-z]?)", word)
        if lettered and lettered.group(2) in LETTERED_AREAS.get(lettered.group(1), ""):
            area, letter, number = lettered.groups()
            found.append(f"{area.upper()}-{letter.upper()}-{number}")
            i += 1
            continue
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in PLAIN_AREAS and NUMBER.match(following):
            found.append(f"{word.upper()}-{following}")
            i += 2
            continue
        if word in LETTERED_AREAS:
            split = re.fullmatch(r"([a-z])([0-9]+[a-z]?)", following)
            if split and split.group(1) in LETTERED_AREAS[word]:
                found.append(f"{word.upper()}-{split.group(1).upper()}-{split.group(2)}")
                i += 2
                continue
            after = words[i + 2] if i + 2 < len(words) else ""
            if len(following) == 1 and following in LETTERED_AREAS[word] and NUMBER.match(after):
                found.append(f"{word.upper()}-{following.upper()}-{after}")
                i += 3
                continue
        break
    return found


def ids_used_by_tests() -> dict[str, str]:
    """Each rule ID the tests name, with one place that names it (for the failure message)."""
    used: dict[str, str] = {}
    for path in sorted(TESTS.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT).as_posix()
        for name in TEST_DEF.findall(text):
            for rule in ids_in_test_name(name):
                used.setdefault(rule, f"{where}::{name}")
        for comment in RULE_COMMENT.findall(text):
            for rule in RULE_ID.findall(comment):
                used.setdefault(rule, f"{where} (# rule: comment)")
    return used


def reference_text() -> str:
    return REFERENCE.read_text(encoding="utf-8")


def test_the_name_reader_knows_every_spelling_of_an_id() -> None:
    assert ids_in_test_name("test_inv7_resonance_answers") == ["INV-7"]
    assert ids_in_test_name("test_chka3_bad_chips_are_refused") == ["CHK-A-3"]
    assert ids_in_test_name("test_chk_a3_bad_chips") == ["CHK-A-3"]
    assert ids_in_test_name("test_chk_a_3_bad_chips") == ["CHK-A-3"]
    assert ids_in_test_name("test_chk_u_1b_upland_resistance") == ["CHK-U-1b"]
    assert ids_in_test_name("test_cbt_b6_cbt_b7_the_manoeuvre_log") == ["CBT-B-6", "CBT-B-7"]
    assert ids_in_test_name("test_tim4_tim5_the_whole_party_moves") == ["TIM-4", "TIM-5"]
    assert ids_in_test_name("test_end_to_end_play") == []
    assert ids_in_test_name("test_map_edit_and_close") == []


def test_every_rule_id_a_test_names_is_in_the_rules_reference() -> None:
    listed = set(REFERENCE_ROW.findall(reference_text()))
    missing = {rule: where for rule, where in ids_used_by_tests().items() if rule not in listed}
    assert not missing, "rule IDs named by tests but missing from docs/rules.md: " + ", ".join(
        f"{rule} ({where})" for rule, where in sorted(missing.items())
    )


def test_each_rule_has_one_row() -> None:
    rows = REFERENCE_ROW.findall(reference_text())
    twice = sorted({rule for rule in rows if rows.count(rule) > 1})
    assert not twice, f"rule IDs listed more than once in docs/rules.md: {twice}"


def test_the_tests_the_reference_cites_exist() -> None:
    """A cited test that is gone fails; one that moved to another file only warns,
    so moving test files never breaks the suite, yet the stale path is reported."""
    defined: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        for name in TEST_DEF.findall(path.read_text(encoding="utf-8")):
            defined.setdefault(name, []).append(path.relative_to(ROOT).as_posix())
    gone = [f"{path}::{name}" for path, name in CITED_TEST.findall(reference_text()) if name not in defined]
    assert not gone, f"docs/rules.md cites tests that are not there: {gone}"
    for path, name in CITED_TEST.findall(reference_text()):
        if path not in defined[name]:
            warnings.warn(f"docs/rules.md cites {path}::{name}, now in {defined[name]}", stacklevel=1)
