"""Screenshots of a player's phone page for the README: an Upland character's hand
and sheet mid-cycle, and a CoC investigator's sheet in a ruleset B combat.

Run ``python -m tests.engine.serve.screenshots docs`` (Debian's chromium and the
test extra's Playwright; the pages are served on the loopback only).
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.core.session import Session
from engine.serve.service import PlayersService
from engine.table.commands import DealCard, Roll, ShuffleDeck
from engine.upland.table_commands import PlaceMarker
from tests.engine.serve.support import table_of
from tests.engine.upland_support import give, lay, sheet, upland_session

UPLAND_FILE = "screenshot-phone-upland.png"
COC_FILE = "screenshot-phone-coc.png"


def upland() -> Session:
    """Mid-cycle, four explorers with sheets; アイリン holds four cards; cards out on the map."""
    session = upland_session(seed=7, sheets={"c1": sheet(fatigue_thirds=4, food=2)})
    session.dispatch(ShuffleDeck())
    give(session, "c1", "7H", "QS", "3D", "9C")
    give(session, "c2", "5S", "KH")
    lay(session, "C4", "8D", face_up=True)
    lay(session, "B4", "2C")
    lay(session, "D4", "JD", face_up=True)
    session.dispatch(DealCard(square="C3"))
    session.dispatch(PlaceMarker(character="c2", square="D4"))
    session.dispatch(Roll(command="1D100<=50", dice=[23], by="c1", reason="視力"))
    return session


def coc() -> Session:
    """Round 1 of a ruleset B combat on the battle map (the README's tracker screenshot): ミナ's page."""
    from app.screenshots_coc import PARTY, arm_mina, combat_commands
    from engine.hexbattle.commands import OpenBattle
    from engine.hexbattle.maps import shipped_maps
    from engine.rulesets import registry
    from engine.session import new_session

    session = new_session("coc6-b", seed=3)
    first, second = list(shipped_maps())[:2]
    commands = combat_commands()
    for data in commands[: 2 * len(PARTY)]:
        session.dispatch(registry.parse_command(data))
    session.dispatch(arm_mina(session.state))
    session.dispatch(OpenBattle(map1=first, map2=second))
    for data in commands[2 * len(PARTY) :]:
        session.dispatch(registry.parse_command(data))
    session.dispatch(registry.parse_command({"type": "coc_place_on_battle_map"}))
    return session


def shoot(session: Session, key: str, out: Path) -> None:
    from tests.engine.serve.browser import phone

    service = PlayersService()
    service.publish(table_of(session))
    service.start("127.0.0.1", 0)
    try:
        with phone() as context:
            page = context.new_page()
            page.goto(next(seat.url for seat in service.seats() if seat.key == key))
            page.wait_for_selector("#status[data-state=live]")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out), full_page=False)
    finally:
        service.stop()


def main(argv: list[str]) -> int:
    outdir = Path(argv[0] if argv else "docs")
    outdir.mkdir(parents=True, exist_ok=True)
    shoot(upland(), "c1", outdir / UPLAND_FILE)
    shoot(coc(), "c1", outdir / COC_FILE)
    print(outdir / UPLAND_FILE, outdir / COC_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
