"""One glossary for every Japanese string: the seed's term, never a variant
(docs/glossary.md).  Read from the catalogues a user's screen and log come from."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: a variant the seed does not use → the seed's term
NOT_THE_SEEDS: dict[str, str] = {
    "不死点": "無死",
    "入口": "門",
    "先導ゾーン": "先頭範囲",
    "先頭ゾーン": "先頭範囲",
    "突破ゾーン": "突破範囲",
    "最初の発見者": "第一発見者",
    "1d100": "1D100",
}


def catalogues() -> list[Path]:
    return sorted((ROOT / "engine" / "locale" / "ja").glob("*.toml")) + sorted(
        (ROOT / "assets" / "i18n").glob("*_ja.ts")
    )


def test_every_japanese_string_uses_the_seeds_term() -> None:
    found = [
        f"{path.name}: {variant} (seed: {term})"
        for path in catalogues()
        for variant, term in NOT_THE_SEEDS.items()
        if variant in path.read_text(encoding="utf-8")
    ]
    assert found == []
