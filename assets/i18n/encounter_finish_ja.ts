<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>EncounterSteps</name>
    <message>
        <source>Group beaten (INT-2)</source>
        <translation>集団を撃破（INT-2）</translation>
    </message>
    <message>
        <source>Set-up: {done} of {all} steps done</source>
        <translation>配置：{all}手順中{done}手順済み</translation>
    </message>
</context>
<context>
    <name>UplandParts</name>
    <message>
        <source>{phase} (battle round {n})</source>
        <translation>{phase}（戦闘ラウンド {n}）</translation>
    </message>
</context>
</TS>
