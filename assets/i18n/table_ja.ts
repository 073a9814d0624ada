<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>ProjectorWindow</name>
    <message>
        <source>Cycle {number} — {phase}</source>
        <translation>サイクル {number} — {phase}</translation>
    </message>
    <message>
        <source>The GM is preparing</source>
        <translation>GMが準備中です</translation>
    </message>
    <message>
        <source>Rolls</source>
        <translation>ダイスロール</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Blank the player view</source>
        <translation>プレイヤー画面を隠す(&amp;B)</translation>
    </message>
    <message>
        <source>Black out the players' screen while you prepare (B)</source>
        <translation>準備中はプレイヤー画面を黒くします (B)</translation>
    </message>
    <message>
        <source>Player view full scree&amp;n</source>
        <translation>プレイヤー画面を全画面表示(&amp;N)</translation>
    </message>
</context>
</TS>
