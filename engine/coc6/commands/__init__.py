"""Commands of the CoC rulesets ``coc6-a`` and ``coc6-b``, one module per area.

``access`` (the slice, the sheets, emitting facts), ``sheets``, ``checks``
(checks and the GM's decisions), ``pool``, ``sanity`` (SAN, clock, madness,
growth), ``combat`` (the round, damage, conditions; ruleset A's actions) and
``combat_b`` (ruleset B's actions).  Every name is re-exported here, so
``from engine.coc6.commands import CocCheck`` reads as before.
"""

from __future__ import annotations

from engine.coc6.commands.access import (
    COC_RULESETS,
    a_options,
    b_options,
    coc_sheet,
    coc_state,
    emit_check,
    emit_combat,
    find_character,
    tracker_of,
    write_back_hp,
)
from engine.coc6.commands.attack import (
    ATTACK_COMMANDS,
    CocAttackDamage,
    CocBurning,
    CocClearCondition,
    CocDefence,
    CocSurprise,
)
from engine.coc6.commands.checks import CHECK_COMMANDS, CocAppPreroll, CocCheck, CocDecide, CocLoreCheck
from engine.coc6.commands.combat import (
    COMBAT_COMMANDS,
    CocActionA,
    CocCondition,
    CocContest,
    CocDamage,
    CocEndCombat,
    CocNextTurn,
    CocSetBoardDelay,
    CocSetOrder,
    CocStartCombat,
    CocTreat,
)
from engine.coc6.commands.combat_b import (
    COMBAT_B_COMMANDS,
    CocActionB,
    CocAttack,
    CocCover,
    CocDefend,
    CocGrapple,
    CocManoeuvre,
)
from engine.coc6.commands.pool import POOL_COMMANDS, CocAddChip, CocCancelChips, CocPayMinus, CocSpendPlus
from engine.coc6.commands.sanity import (
    SANITY_COMMANDS,
    CocAdvanceClock,
    CocPsychoanalysis,
    CocSanCheck,
    CocSessionGrowth,
)
from engine.coc6.commands.sheets import (
    SHEET_COMMANDS,
    CocImportSheet,
    CocNewInvestigator,
    CocSetSheet,
    CocSetSkill,
    CocStudent,
)
from engine.core.commands import CommandBase

COC_COMMANDS: tuple[type[CommandBase], ...] = (
    SHEET_COMMANDS
    + CHECK_COMMANDS
    + POOL_COMMANDS
    + SANITY_COMMANDS
    + COMBAT_COMMANDS
    + COMBAT_B_COMMANDS
    + ATTACK_COMMANDS
)

__all__ = [
    "COC_COMMANDS", "COC_RULESETS", "CocActionA", "CocAttackDamage", "CocBurning", "CocClearCondition",
    "CocDefence", "CocSurprise", "CocActionB", "CocAddChip", "CocAdvanceClock", "CocAppPreroll",
    "CocAttack", "CocCancelChips", "CocCheck", "CocCondition", "CocContest", "CocCover", "CocDamage", "CocDecide",
    "CocDefend", "CocEndCombat", "CocGrapple", "CocImportSheet", "CocLoreCheck", "CocManoeuvre", "CocNewInvestigator",
    "CocNextTurn", "CocPayMinus", "CocPsychoanalysis", "CocSanCheck", "CocSessionGrowth", "CocSetBoardDelay",
    "CocSetOrder",
    "CocSetSheet", "CocSetSkill", "CocSpendPlus", "CocStartCombat", "CocStudent", "CocTreat", "a_options",
    "b_options", "coc_sheet", "coc_state", "emit_check", "emit_combat", "find_character", "tracker_of", "write_back_hp",
]  # fmt: skip
