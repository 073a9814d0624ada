<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>CharactersPanel</name>
    <message>
        <source>   — hidden from the players</source>
        <translation>　— プレイヤーには非公開</translation>
    </message>
    <message>
        <source>Shown to the players</source>
        <translation>プレイヤーに公開</translation>
    </message>
    <message>
        <source>Add NPC…</source>
        <translation>NPCを追加…</translation>
    </message>
</context>
</TS>
