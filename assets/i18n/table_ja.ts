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
<context>
    <name>DiceBox</name>
    <message>
        <source>e.g. 1D100&lt;=45, RES(12-10), 2D6</source>
        <translation>例: 1D100&lt;=45, RES(12-10), 2D6</translation>
    </message>
    <message>
        <source>Dice-bot commands as in BCDice: 1D100&lt;=45, RES(12-10), 2D6, 1D6+2…
Put S in front (S1D100&lt;=45) or tick Secret for a GM-only roll.
Up and Down bring back earlier commands.</source>
        <translation>BCDiceと同じダイスボットのコマンド: 1D100&lt;=45, RES(12-10), 2D6, 1D6+2…
先頭にSを付ける（S1D100&lt;=45）か「シークレット」にチェックすると、GMだけが見るロールになります。
↑↓キーで以前のコマンドを呼び出せます。</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>場所(&amp;L):</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>ファイルの種類(&amp;T):</translation>
    </message>
    <message>
        <source>Detail view</source>
        <translation>詳細表示</translation>
    </message>
    <message>
        <source>List view</source>
        <translation>一覧表示</translation>
    </message>
</context>
</TS>
