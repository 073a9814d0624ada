<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>CharacterDialog</name>
    <message>
        <location filename="../../app/dialogs/character.py" line="131" />
        <source>Add a character</source>
        <translation>キャラクターを追加</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="131" />
        <source>Edit a character</source>
        <translation>キャラクターを編集</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="132" />
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="132" />
        <source>Marching order</source>
        <translation>隊列順</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="132" />
        <location filename="../../app/dialogs/character.py" line="178" />
        <source>Colour</source>
        <translation>色</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="135" />
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="136" />
        <source>Values (free key → value, e.g. SAN → 60)</source>
        <translation>値（自由な項目 → 値、例: SAN → 60）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="137" />
        <source>Key</source>
        <translation>項目</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="137" />
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="138" />
        <source>Add a row</source>
        <translation>行を追加</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/character.py" line="139" />
        <source>Remove the row</source>
        <translation>行を削除</translation>
    </message>
</context>
<context>
    <name>CharactersPanel</name>
    <message>
        <location filename="../../app/panels/characters.py" line="100" />
        <source>{order}. {name}   (hand: {count})</source>
        <translation>{order}. {name}　（手札: {count}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="180" />
        <source>Add…</source>
        <translation>追加…</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="181" />
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="182" />
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="183" />
        <source>Select a character: a double-click on the deck draws to their hand.</source>
        <translation>キャラクターを選ぶと、山札のダブルクリックでその手札に引きます。</translation>
    </message>
</context>
<context>
    <name>DiceBox</name>
    <message>
        <location filename="../../app/panels/dicebox.py" line="176" />
        <source>Rolling for {name}</source>
        <translation>{name}のロール</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="187" />
        <source>Typed dice are whole numbers separated by spaces, e.g. 3 4.</source>
        <translation>出目は空白で区切った整数で入力してください（例: 3 4）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="242" />
        <source>[Secret] {line}</source>
        <translation>［シークレット］{line}</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="245" />
        <source>Secret roll (GM only): {text}</source>
        <translation>シークレットロール（GMのみ）: {text}</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="250" />
        <source>e.g. CCB&lt;=60, 1D100&lt;=45, 2D6</source>
        <translation>例: CCB&lt;=60, 1D100&lt;=45, 2D6</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="253" />
        <source>Dice-bot commands as in BCDice: 1D100&lt;=45, CCB&lt;=60, RES(12-10), 2D6, 1D6+2…
Put S in front (S1D100&lt;=45) or tick Secret for a GM-only roll.
Up and Down bring back earlier commands.</source>
        <translation>BCDiceと同じダイスボットのコマンド: 1D100&lt;=45, CCB&lt;=60, RES(12-10), 2D6, 1D6+2…
先頭にSを付ける（S1D100&lt;=45）か「シークレット」にチェックすると、GMだけが見るロールになります。
↑↓キーで以前のコマンドを呼び出せます。</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="258" />
        <source>Secret (GM only)</source>
        <translation>シークレット（GMのみ）</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="259" />
        <source>Typed dice:</source>
        <translation>出目入力:</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="260" />
        <source>e.g. 5</source>
        <translation>例: 5</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="261" />
        <source>Physical dice you rolled at the table, used instead of the program's dice.</source>
        <translation>卓で振った実物のダイスの出目。プログラムのダイスの代わりに使います。</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="262" />
        <source>Roll</source>
        <translation>ロール</translation>
    </message>
</context>
<context>
    <name>EventLog</name>
    <message>
        <location filename="../../app/panels/eventlog.py" line="78" />
        <source>Undone: {label}</source>
        <translation>元に戻した: {label}</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="80" />
        <source>Redone: {label}</source>
        <translation>やり直した: {label}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/mainwindow.py" line="253" />
        <source>Undo “{action}”</source>
        <translation>「{action}」を元に戻す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="253" />
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="254" />
        <source>Redo “{action}”</source>
        <translation>「{action}」をやり直す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="254" />
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="260" />
        <source>(no file)</source>
        <translation>（ファイルなし）</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="261" />
        <source>{name} — yobigoe</source>
        <translation>{name} — yobigoe</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="311" />
        <source>Could not create the session</source>
        <translation>セッションを作成できませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="319" />
        <source>Could not open the session</source>
        <translation>セッションを開けませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="330" />
        <source>Could not save the session</source>
        <translation>セッションを保存できませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="338" />
        <source>Could not export the session</source>
        <translation>セッションを書き出せませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="340" />
        <source>Exported to {path}</source>
        <translation>{path} に書き出しました</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="347" />
        <source>Could not import the session</source>
        <translation>セッションを読み込めませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="413" />
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="414" />
        <source>&amp;New…</source>
        <translation>新規(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="415" />
        <source>&amp;Open…</source>
        <translation>開く(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="416" />
        <source>Open &amp;recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="417" />
        <source>Save &amp;as…</source>
        <translation>名前を付けて保存(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="418" />
        <source>&amp;Export JSON…</source>
        <translation>JSONに書き出し(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="419" />
        <source>&amp;Import JSON…</source>
        <translation>JSONから読み込み(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="420" />
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="421" />
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="422" />
        <source>&amp;Tap / untap</source>
        <translation>タップ／アンタップ(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="423" />
        <source>&amp;Flip</source>
        <translation>裏返す(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="424" />
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="425" />
        <source>Zoom &amp;in</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="426" />
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="427" />
        <source>&amp;Fit the board</source>
        <translation>盤面全体を表示(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="428" />
        <source>Show &amp;player view</source>
        <translation>プレイヤー画面を表示(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="429" />
        <source>Player view &amp;screen</source>
        <translation>プレイヤー画面のディスプレイ(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="430" />
        <source>Player view follows my &amp;zoom</source>
        <translation>プレイヤー画面を自分の表示に合わせる(&amp;Z)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="431" />
        <source>F&amp;ull screen</source>
        <translation>全画面表示(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="432" />
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="433" />
        <source>Characters</source>
        <translation>キャラクター</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="434" />
        <source>Dice box</source>
        <translation>ダイスボックス</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="435" />
        <source>Event log</source>
        <translation>イベントログ</translation>
    </message>
</context>
<context>
    <name>NewSessionDialog</name>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="90" />
        <source>New session</source>
        <translation>新しいセッション</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="92" />
        <source>Upland exploration</source>
        <translation>アップランド探索</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="93" />
        <source>Call of Cthulhu 6e, house rules A</source>
        <translation>クトゥルフ神話TRPG 6版 ハウスルールA</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="94" />
        <source>Call of Cthulhu 6e, house rules B</source>
        <translation>クトゥルフ神話TRPG 6版 ハウスルールB</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="99" />
        <source>Ruleset</source>
        <translation>ルールセット</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="99" />
        <source>Map size</source>
        <translation>マップの大きさ</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="99" />
        <source>Gate square</source>
        <translation>入口のスクエア</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="99" />
        <source>Dice seed</source>
        <translation>ダイスのシード</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/new_session.py" line="102" />
        <source>New seed</source>
        <translation>シードを変える</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="35" />
        <source>yobigoe sessions (*{suffix});;All files (*)</source>
        <translation>yobigoeのセッション (*{suffix});;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="39" />
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSONファイル (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="42" />
        <source>Open a session</source>
        <translation>セッションを開く</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="47" />
        <source>Save the session as</source>
        <translation>名前を付けてセッションを保存</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="55" />
        <source>Export as JSON</source>
        <translation>JSONに書き出し</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="63" />
        <source>Import a JSON session</source>
        <translation>JSONのセッションを読み込む</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="89" />
        <source>Reopen the last session?</source>
        <translation>前回のセッションを開き直しますか？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="84" />
        <source>yobigoe did not close normally last time.
Reopen “{name}” where it stopped?</source>
        <translation>前回、yobigoeは正常に終了しませんでした。
「{name}」を中断したところから開き直しますか？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="102" />
        <source>Remove a character</source>
        <translation>キャラクターを削除</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="97" />
        <source>Remove {name}? Their hand goes to the discard (Undo brings everything back).</source>
        <translation>{name}を削除しますか？ 手札は捨て札に移ります（元に戻すですべて戻せます）。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="113" />
        <source>Changes not saved</source>
        <translation>未保存の変更があります</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="115" />
        <source>Save as…</source>
        <translation>名前を付けて保存…</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="117" />
        <source>Quit and lose them</source>
        <translation>破棄して終了</translation>
    </message>
</context>
<context>
    <name>SavedIndicator</name>
    <message>
        <location filename="../../app/mainwindow.py" line="64" />
        <source>Saved</source>
        <translation>保存済み</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="66" />
        <source>Everything shown is on disk.</source>
        <translation>表示されている内容はすべてディスクに保存されています。</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="69" />
        <source>Not saved: {reason}</source>
        <translation>未保存: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="69" />
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="71" />
        <source>The session goes on in memory; saving is retried every few seconds.</source>
        <translation>セッションはメモリ上で続いています。数秒ごとに保存を再試行します。</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="75" />
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <location filename="../../app/main.py" line="51" />
        <location filename="../../app/main.py" line="53" />
        <source>Could not open the session</source>
        <translation>セッションを開けませんでした</translation>
    </message>
</context>
</TS>
