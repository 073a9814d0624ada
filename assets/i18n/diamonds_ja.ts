<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
    <context>
        <name>AcceptForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="760" />
            <source>Death Rite</source>
            <translation>〈死祭り〉</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="767" />
            <source>Accept the tear spirit</source>
            <translation>涙霊を受け入れる</translation>
        </message>
    </context>
    <context>
        <name>DiamondForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="618" />
            <source>Card: {card}</source>
            <translation>カード：{card}</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="621" />
            <source>Tear spirit: strength {strength}, Call {call}</source>
            <translation>涙霊：強度{strength}、〈呼び声〉{call}</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="624" />
            <source>, POW {pow}, MP {mp}, rounds fought {round}</source>
            <translation>、POW {pow}、MP {mp}、経過ラウンド{round}</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="627" />
            <source> — attacks {name}</source>
            <translation>　目標：{name}</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="633" />
            <source>Treasure cap: {cap}</source>
            <translation>宝物上限：{cap}</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="666" />
            <source>MP</source>
            <translation>MP</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="666" />
            <source>Death Rite</source>
            <translation>〈死祭り〉</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="666" />
            <source>no roll</source>
            <translation>ロールしない</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="667" />
            <source>roll, raise</source>
            <translation>ロールして上げる</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="667" />
            <source>roll, lower</source>
            <translation>ロールして下げる</translation>
        </message>
    </context>
    <context>
        <name>RemainsForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="686" />
            <source>searches (1 fatigue)</source>
            <translation>捜索する（疲労1）</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="687" />
            <source>plays a heart</source>
            <translation>ハートを使う</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="695" />
            <source>Search for remains</source>
            <translation>遺骨を捜索</translation>
        </message>
    </context>
    <context>
        <name>SummonForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="725" />
            <source>summons</source>
            <translation>召集する</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="735" />
            <source>Summon the tear spirit</source>
            <translation>涙霊召集</translation>
        </message>
    </context>
    <context>
        <name>TearChoiceForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="706" />
            <source>Fight it</source>
            <translation>涙霊戦闘を行う</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="706" />
            <source>Accept it</source>
            <translation>受け入れる</translation>
        </message>
    </context>
    <context>
        <name>TearCombatForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="743" />
            <source>strikes back with</source>
            <translation>反撃</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="744" />
            <source>taunts</source>
            <translation>挑発する</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="752" />
            <source>Fight a round</source>
            <translation>1ラウンド戦う</translation>
        </message>
    </context>
    <context>
        <name>TreasureForm</name>
        <message>
            <location filename="../../app/panels/step_forms.py" line="776" />
            <source>Notice (1 fatigue)</source>
            <translation>〈目星〉（疲労1）</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="777" />
            <source>plays a diamond as the rank</source>
            <translation>ダイヤをランクに使う</translation>
        </message>
        <message>
            <location filename="../../app/panels/step_forms.py" line="787" />
            <source>Roll for treasure</source>
            <translation>宝物をロール</translation>
        </message>
    </context>
</TS>
