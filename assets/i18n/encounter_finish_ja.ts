<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>EncounterSteps</name>
    <message>
        <source>Group beaten (INT-2)</source>
        <translation>集団を撃破（INT-2）</translation>
    </message>
</context>
</TS>
