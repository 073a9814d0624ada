"""CHK-U-2: a skill-set refusal names the skills the set would accept, so the
GM can fix the sheet without looking the set up."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from engine.upland.options import UplandOptions
from engine.upland.sheet import Skill
from engine.upland.skills import skill_set_choice
from tests.engine.upland_support import sheet


def test_chk_u2_a_sheet_without_any_scout_skill_is_told_which_skills_count() -> None:
    bare = sheet(skills={"偵察": Skill(value=60)})  # typed as the set's name, not a skill
    with pytest.raises(EngineError) as refused:
        skill_set_choice(bare, "scout", UplandOptions(), who="ミナ")
    text = refused.value.text("ja")
    assert text.startswith("ミナは〈偵察〉技能セットの技能をひとつも持っていません。")
    assert "〈視力〉" in text and "〈聞き耳〉" in text and "〈捜索〉" in text
    assert "〈視力〉" in refused.value.text("en")


def test_chk_u2_a_skill_outside_the_set_is_refused_with_the_set_listed() -> None:
    with pytest.raises(EngineError) as refused:
        skill_set_choice(sheet(), "scout", UplandOptions(), "歌唱", who="ミナ")
    text = refused.value.text("ja")
    assert "歌唱は〈偵察〉技能セットに含まれません。" in text and "〈聞き耳〉" in text
