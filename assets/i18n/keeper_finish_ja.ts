<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
    <context>
        <name>WeaponsTable</name>
        <message>
            <source>Hit</source>
            <translation>命中</translation>
        </message>
        <message>
            <source>The weapon's own hit value, rolled when the sheet has no skill of its name</source>
            <translation>武器そのものの命中値：シートにその名の技能がないとき、この値で判定します</translation>
        </message>
    </context>
</TS>
