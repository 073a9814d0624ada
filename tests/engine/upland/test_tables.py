"""The Upland tables of ``assets/rules/upland`` against the seed they come from.

Each table is compared row by row with the markdown table of seed 000's full
chapter: the structured values the engine uses are derived here from the seed's
own words (応答３回 → 3 responses, 0～STR / 2/3スクエア → 2 thirds up to STR, …),
so a typo in a TOML file fails.  In CI a copy of ``shared/`` sits beside the
clone; elsewhere a missing seed skips with the reason.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest

from engine.checks.levels import success_degree
from engine.checks.upland import SKILL_SET_BONUSES
from engine.upland.assets import assets_root, upland_rules_dir
from engine.upland.tables import load_tables, tables

SEED = Path(__file__).resolve().parents[3].parent / "shared" / "seeds" / "000_b8c6b74f57d5394d.txt"
LEVELS = {"決定的": "critical", "効果的": "special", "成功": "success", "失敗": "failure", "ファンブル": "fumble"}


def nf(text: str) -> str:
    """NFKC without spaces: the seed mixes full- and half-width forms (３/3, （/()."""
    return unicodedata.normalize("NFKC", text).replace(" ", "").replace("\u3000", "")


@pytest.fixture(scope="module")
def chapter() -> list[str]:
    if not SEED.exists():
        if os.environ.get("CI"):
            pytest.fail(f"the seed {SEED} is missing in CI")
        pytest.skip(f"the seed {SEED} is not beside this clone (shared/ missing)")
    text = SEED.read_text(encoding="utf-8")
    marker = "Call Of <T> のガイドライン Ver2.2"
    assert marker in text
    return text[text.index(marker) :].splitlines()  # the full chapter wins over the partial copy


def table(lines: list[str], heading: str) -> list[list[str]]:
    """Rows (header and separator dropped) of the markdown table after ``heading``."""
    start = next(
        i
        for i, line in enumerate(lines)
        if line.strip() == heading or (line.strip().endswith(heading) and "「" + heading not in line)
    )
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if "|" not in line:
            if rows:
                break
            continue
        body = line[line.index("|") :].strip()
        if set(body) <= {"|", "-", " "}:
            continue
        rows.append([c.strip() for c in body.strip("|").split("|")])
    return rows[1:]


def partial_copy() -> str:
    """The seed's first, partial copy (before the full chapter)."""
    return SEED.read_text(encoding="utf-8").split("Call Of <T> のガイドライン Ver2.2")[0]


def level_of(label: str) -> str:
    return LEVELS[nf(label)]


def test_scout_result_table_matches_the_seed(chapter: list[str]) -> None:  # rule: INV-3
    rows = table(chapter, "偵察結果表")
    assert [level_of(r[0]) for r in rows] == [r.level for r in tables().scout]
    for (_label, effect), row in zip(rows, tables().scout, strict=True):
        assert row.ja == effect
        assert row.open == ("オープン" in effect)
        assert row.peek_adjacent == ("スートがわかる" in effect)
        assert row.hand_card_on_blank == ("手札をセット" in effect)
        assert row.tell_suit == ("スートを伝える" in effect)
        assert row.forced_move == ("強制的に移動" in effect)


def test_resonance_table_matches_the_seed(chapter: list[str]) -> None:  # rule: INV-7
    rows = table(chapter, "共鳴効果表")
    assert [level_of(r[0]) for r in rows] == [r.level for r in tables().resonance]
    for (_, effect), row in zip(rows, tables().resonance, strict=True):
        assert row.ja == effect
        found = re.search(r"応答(\d)回", nf(effect))
        assert row.responses == (int(found.group(1)) if found else 0)
        dice = re.search(r"〈呼び声〉\+(\d+D\d+)", nf(effect))
        assert row.call_dice == (dice.group(1) if dice else None)


def test_prayer_rows_follow_the_seeds_prose(chapter: list[str]) -> None:  # rule: INV-5
    text = "\n".join(chapter)
    assert "〈死祭り〉でD100をロールし、山札から成功度と同じ枚数を引いて手札に加えます" in text
    assert "ファンブルは〈呼び声〉を1D6ポイント増加させます" in text
    for row in tables().prayer:
        assert row.draws == success_degree(row.level)
        assert row.call_dice == ("1D6" if row.level == "fumble" else None)


def test_movement_fatigue_table_matches_the_seed(chapter: list[str]) -> None:  # rule: TIM-5
    rows = table(chapter, "移動疲労表")
    assert len(rows) == len(tables().movement)
    for (weight, fatigue), row in zip(rows, tables().movement, strict=True):
        assert (row.weight_ja, row.fatigue_ja) == (weight, fatigue)
        assert row.limit == nf(weight).split("~")[-1]
        assert row.thirds_per_square == Fraction(nf(fatigue).split("スクエア")[0].rstrip("/")) * 3


def test_recovery_table_and_its_modifiers_match_the_seed(chapter: list[str]) -> None:  # rule: TIM-6
    rows = table(chapter, "長期疲労回復表")
    cut = [i for i, r in enumerate(rows) if r[1] == "CONへの修正"]
    con, actions, loads = rows[: cut[0]], rows[cut[0] + 1 : cut[1]], rows[cut[1] + 1 :]
    recovery = tables().recovery
    assert [(b.ja, b.min, b.max, b.recovery) for b in recovery.con] == [
        (r[0], int(r[0].split("-")[0]), int(r[0].split("-")[1]), int(r[1])) for r in con
    ]
    assert [(a.ja, a.modifier) for a in recovery.actions] == [(r[0], int(r[1])) for r in actions]
    assert "見張りは長期疲労+1" in partial_copy()  # only the partial copy says so (TIM-6)
    assert [a.fatigue_thirds for a in recovery.actions] == [0, 0, 3]
    assert [(lo.ja, lo.modifier) for lo in recovery.loads] == [(r[0], int(r[1])) for r in loads]
    limits = {"厚手の革以下": None, "～STRの2/1": "STR/2", "～STR": "STR", "～STR+CON": "STR+CON"}
    assert [lo.limit for lo in recovery.loads] == [limits[r[0]] for r in loads]  # 2/1 read as 1/2


def test_ace_of_spades_move_table_matches_the_seed(chapter: list[str]) -> None:  # rule: PUR-2
    rows = table(chapter, "スペードのA移動表")
    words = {"上": "up", "右": "right", "下": "down", "左": "left", "停止": "stay", "継続": "repeat", "2歩": "toward2"}
    for (faces, move), row in zip(rows, tables().ace_move, strict=True):
        low, _, high = faces.partition("-")
        assert list(row.faces) == list(range(int(low), int(high or low) + 1))
        assert row.ja == move
        assert row.move == next(v for k, v in words.items() if k in move)
    assert sorted(f for r in tables().ace_move for f in r.faces) == list(range(1, 11))


def expand(cell: str) -> list[str]:
    """知識（世界、動物） → 知識(世界), 知識(動物) (NFKC forms)."""
    out: list[str] = []
    for part in re.split(r"、(?![^()]*\))", nf(cell)):
        head = re.fullmatch(r"(.+?)\((.+)\)", part)
        if head:
            out += [f"{head.group(1)}({inner})" for inner in head.group(2).split("、")]
        else:
            out.append(part)
    return out


@pytest.mark.parametrize(("set_id", "heading"), [("scout", "〈偵察〉技能セット"), ("requiem", "〈慰霊〉技能セット")])
def test_skill_sets_match_the_seed(chapter: list[str], set_id: str, heading: str) -> None:  # rule: CHK-U-2
    rows = table(chapter, heading)
    skill_set = tables().skill_set(set_id)
    assert [r[0] for r in rows] == [g.group for g in skill_set.groups]
    for (_, cell), group in zip(rows, skill_set.groups, strict=True):
        assert [nf(s.seed_text) for s in group.skills] == expand(cell)


def test_notice_skill_set_matches_the_seed(chapter: list[str]) -> None:  # rule: CHK-U-2
    line = next(x for x in chapter if x.startswith("〈目星〉技能セット："))
    seed = line.split("：", 1)[1].split("|")[0]
    assert [nf(s.seed_text) for s in tables().skill_set("notice").groups[0].skills] == expand(seed)


def test_spell_bonuses_of_the_seed_are_the_checks_toggles(chapter: list[str]) -> None:  # rule: CHK-U-3
    partial = partial_copy()  # the full chapter prints neither line (CHK-U-3 reading)
    assert "第二の眼+20%、霊視+20%、霊話+10%、魔力検知+10%" in partial
    assert "《第二の目》+10％、《霊視》+20%" in partial
    assert SKILL_SET_BONUSES["scout"] == {"第二の目": 10, "霊視": 20}
    assert SKILL_SET_BONUSES["requiem"] == {"第二の眼": 20, "霊視": 20, "霊話": 10, "魔力検知": 10}


def test_event_names_per_suit_match_the_seed(chapter: list[str]) -> None:  # rule: EVT-2
    text = "\n".join(chapter)
    found = re.search(r"スペードは「(.+?)」、ダイヤは「(.+?)」、ハートは「(.+?)」、クラブは「(.+?)」", text)
    assert found is not None
    by_suit = {s.suit: s for s in tables().events.suits}
    assert [by_suit[s].ja for s in "SDHC"] == list(found.groups())
    after = re.search(r"転界前は(.+?)イベント、転界後は(.+?)イベント", text)
    assert after is not None and (by_suit["D"].ja, by_suit["D"].ja_after) == after.groups()


def test_remains_and_summoning_tables_match_the_seed(chapter: list[str]) -> None:
    rows = table(chapter, "遺骨捜索表")
    for (label, effect), row in zip(rows, tables().remains, strict=True):
        assert (level_of(label), row.ja) == (row.level, effect)
        numbers = [int(n) for n in re.findall(r"[×+](\d+)", nf(effect))]
        assert [row.remains, row.death_rite] == (numbers or [0, 0])
        assert row.tear_spirit == ("涙霊イベント" in effect)
    rows = table(chapter, "涙霊召集表")
    for (label, effect), row in zip(rows, tables().summoning, strict=True):
        assert (level_of(label), row.ja) == (row.level, effect)
        dice = re.search(r"強度\+(\d+D\d+)", nf(effect))
        assert row.pow_dice == (dice.group(1) if dice else None)
        assert row.no_effect == ("効果なし" in effect) and row.call_rises == ("〈呼び声〉が増加" in effect)


def test_treasure_table_matches_the_seed(chapter: list[str]) -> None:
    rows = table(chapter, "宝物表")
    court = {"J": 11, "Q": 12, "K": 13, "A": 14}
    for (rank, content), row in zip(rows, tables().treasure, strict=True):
        low, _, high = rank.partition("-")
        expected = [court[low]] if low in court else list(range(int(low), int(high or low) + 1))
        assert (row.rank_ja, row.ja, list(row.ranks)) == (rank, content, expected)
        pow_ = re.search(r"POW(\d)相当", content)
        assert row.pow == (int(pow_.group(1)) if pow_ else None)
        lunars = re.fullmatch(r"(\d+)L相当の宝飾品", content)
        assert row.lunars == (int(lunars.group(1)) if lunars else None)
    assert sorted(r for row in tables().treasure for r in row.ranks) == list(range(2, 15))


def test_encounter_table_matches_the_seed(chapter: list[str]) -> None:
    header = next(i for i, x in enumerate(chapter) if x.strip() == "| D20 | 視 | 聞 | 対象 | 出現数 |")
    rows = []
    for line in chapter[header + 1 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] in ("D20",) or set(line.strip()) <= {"|", "-"}:
            continue
        rows.append(cells)
    assert len(rows) == 20
    for (d20, sight, listen, creature, count), row in zip(rows, tables().encounter, strict=True):
        assert row.d20 == int(d20) and row.creature == creature and row.count == count
        assert row.sight == (None if sight == "-" else int(sight))
        assert row.listen == (None if listen == "-" else int(listen))


def test_tables_are_loaded_once_and_found_in_a_pyinstaller_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert tables() is tables()
    assert upland_rules_dir() == Path(__file__).resolve().parents[3] / "assets" / "rules" / "upland"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets_root() == tmp_path / "assets"
    assert load_tables(Path(__file__).resolve().parents[3] / "assets" / "rules" / "upland") == tables()


def test_a_broken_table_is_a_clear_error(tmp_path: Path) -> None:
    from engine.errors import EngineError

    source = upland_rules_dir()
    for path in source.iterdir():
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "resonance.toml").write_text("[[rows]]\nlevel = 'critical'\nja = 'x'\n", encoding="utf-8")
    with pytest.raises(EngineError) as err:
        load_tables(tmp_path)
    assert err.value.text("ja") != err.value.text("en")
