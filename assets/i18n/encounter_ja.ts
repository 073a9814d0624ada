<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
    <context>
        <name>UplandBattle</name>
        <message>
            <location filename="../../app/rulesets/upland/battle.py" line="1" />
            <source>7. Start the battle round (ENC-8)</source>
            <translation>7. 戦闘ラウンドを開始（ENC-8）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/battle.py" line="1" />
            <source>Reason for another strength:</source>
            <translation>別の強度にする理由：</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/battle.py" line="1" />
            <source>The active spade's strength (after any reinforcement): {n}</source>
            <translation>有効なスペードの遭遇強度（援軍による引き下げ後）：{n}</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/battle.py" line="1" />
            <source>why another strength than the game's (logged)</source>
            <translation>ゲームの強度と違う強度にする理由（ログに残ります）</translation>
        </message>
    </context>
    <context>
        <name>EncounterSteps</name>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>(attacker)</source>
            <translation>（攻撃者）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>0. Open the battle board on two maps (ENC-2)</source>
            <translation>0. 2枚の戦闘マップを開く（ENC-2）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Attacked (surprised while delayed)</source>
            <translation>攻撃を受けた（行動遅延中なら不意打ち）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Battle round {n} (ENC-8)</source>
            <translation>戦闘ラウンド {n}（ENC-8）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Enemy defeated → treasure (TRS-1)</source>
            <translation>敵を撃破 → 宝物（TRS-1）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Escaped by:</source>
            <translation>逃走した側：</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>How did the fight end? (ENC-10)</source>
            <translation>戦闘の結末は？（ENC-10）</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Map 1:</source>
            <translation>マップ1：</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Map 2:</source>
            <translation>マップ2：</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Start the next round</source>
            <translation>次のラウンドを開始</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>Surprised: {names}</source>
            <translation>不意打ち：{names}</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>east</source>
            <translation>東</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>north</source>
            <translation>北</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>on its side:</source>
            <translation>接する側：</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>south</source>
            <translation>南</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>the side counted on the battle board</source>
            <translation>戦闘マップで数えた側</translation>
        </message>
        <message>
            <location filename="../../app/rulesets/upland/forms/encounter.py" line="1" />
            <source>west</source>
            <translation>西</translation>
        </message>
    </context>
</TS>
