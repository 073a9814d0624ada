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
        <source>Round {number} — {phase}</source>
        <translation>ラウンド {number} — {phase}</translation>
    </message>
    <message>
        <source>The GM is preparing</source>
        <translation>GMが準備中です</translation>
    </message>
    <message>
        <source>Rolls</source>
        <translation>ダイスロール</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>イベントの結果</translation>
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
<context>
    <name>StartPage</name>
    <message>
        <source>Upland exploration</source>
        <translation>アップランド探索</translation>
    </message>
    <message>
        <source>CoC 6e, house rules A</source>
        <translation>CoC 6版 ハウスルールA</translation>
    </message>
    <message>
        <source>CoC 6e, house rules B</source>
        <translation>CoC 6版 ハウスルールB</translation>
    </message>
    <message>
        <source>Cycle {number}</source>
        <translation>サイクル {number}</translation>
    </message>
    <message>
        <source>Start — yobigoe</source>
        <translation>はじめる — yobigoe</translation>
    </message>
    <message>
        <source>What shall we play?</source>
        <translation>どのセッションを遊びますか？</translation>
    </message>
    <message>
        <source>Recent sessions</source>
        <translation>最近のセッション</translation>
    </message>
    <message>
        <source>No recent sessions yet.</source>
        <translation>最近のセッションはまだありません。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>ルール</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>進行</translation>
    </message>
    <message>
        <source>Round {number}</source>
        <translation>ラウンド {number}</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>キャラクター</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最終更新</translation>
    </message>
    <message>
        <source>&amp;Continue the selected session</source>
        <translation>選んだセッションを続ける(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;New session…</source>
        <translation>新しいセッション(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open a file…</source>
        <translation>ファイルを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Demo</source>
        <translation>デモ(&amp;D)</translation>
    </message>
</context>
<context>
    <name>NewSessionDialog</name>
    <message>
        <source>Name</source>
        <translation>セッション名</translation>
    </message>
    <message>
        <source>e.g. Marsh expedition, night 1</source>
        <translation>例: 湿原の探索 第1回</translation>
    </message>
    <message>
        <source>The party token starts on this square.</source>
        <translation>探索隊コマはこのマスから始まります。</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <source>Demo session</source>
        <translation>デモセッション</translation>
    </message>
    <message>
        <source>Could not create the session</source>
        <translation>セッションを作成できませんでした</translation>
    </message>
</context>
</TS>
