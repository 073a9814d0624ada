<?xml version='1.0' encoding='utf-8'?>
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
        <location filename="../../app/panels/characters.py" line="110" />
        <source>{order}. {name}   (hand: {count})</source>
        <translation>{order}. {name}&#x3000;（手札: {count}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="234" />
        <source>Add…</source>
        <translation>追加…</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="212" />
        <location filename="../../app/panels/characters.py" line="235" />
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="116" />
        <source>fatigue {fatigue} · Call {call}/POW {pow} · spirit pressure {sp}</source>
        <translation>疲労 {fatigue}・呼び声 {call}/POW {pow}・霊圧 {sp}</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="213" />
        <location filename="../../app/panels/characters.py" line="237" />
        <source>Sheet…</source>
        <translation>シート…</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="215" />
        <location filename="../../app/panels/characters.py" line="236" />
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="238" />
        <source>Edit the Upland character sheet (also: double-click the row).</source>
        <translation>アップランドのキャラクターシートを編集します（行のダブルクリックでも開きます）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/characters.py" line="239" />
        <source>Select a character: a double-click on the deck draws to their hand.</source>
        <translation>キャラクターを選ぶと、山札のダブルクリックでその手札に引きます。</translation>
    </message>
</context>
<context>
    <name>ChooseForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="430" />
        <source>Move to</source>
        <translation>移動先</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="431" />
        <source>Wait one hour</source>
        <translation>1時間待機</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="432" />
        <source>Leave the Upland</source>
        <translation>離脱する</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="443" />
        <source>no card for a blank square</source>
        <translation>ブランクに置く手札なし</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="448" />
        <source>Moving into a blank square, a player may set a hand card there (TIM-5).</source>
        <translation>ブランクのスクエアへ移動するとき、プレイヤーは手札を1枚そこに置けます（TIM-5）。</translation>
    </message>
</context>
<context>
    <name>DeclareForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="224" />
        <source>No roll</source>
        <translation>振らない</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="225" />
        <source>The character chooses to fail without rolling (DICE-7).</source>
        <translation>判定を振らずに失敗を選びます（DICE-7）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="260" />
        <source>— not declared —</source>
        <translation>― 未宣言 ―</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="269" />
        <source>Target square (the marker&apos;s square)</source>
        <translation>対象スクエア（マーカーの位置）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="284" />
        <source>Skill rolled and its target % (the default is the highest skill, CHK-U-2)</source>
        <translation>判定する技能と成功率（既定は最も高い技能、CHK-U-2）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="290" />
        <source>no hand card</source>
        <translation>手札なし</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="294" />
        <source>Hand card played: a heart replaces the roll, a spade probes the square (INV-4, INV-6)</source>
        <translation>使う手札：ハートは判定の代わり、スペードはスクエアを調べる（INV-4、INV-6）</translation>
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
        <source>Physical dice you rolled at the table, used instead of the program&apos;s dice.</source>
        <translation>卓で振った実物のダイスの出目。プログラムのダイスの代わりに使います。</translation>
    </message>
    <message>
        <location filename="../../app/panels/dicebox.py" line="262" />
        <source>Roll</source>
        <translation>ロール</translation>
    </message>
</context>
<context>
    <name>EndForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="561" />
        <source>fatigue {before} → {after} ({delta})</source>
        <translation>長期疲労 {before} → {after}（{delta}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="570" />
        <source>End the cycle</source>
        <translation>サイクルを終了</translation>
    </message>
</context>
<context>
    <name>EventForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="508" />
        <source>No map card is due.</source>
        <translation>イベントを起こすマップカードはありません。</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="511" />
        <source>{card} on {square}: {event} ({rules})</source>
        <translation>{square}の{card}：{event}（{rules}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="519" />
        <source>Open spades {total} against deathless points {deathless}</source>
        <translation>表向きのスペードの強度合計 {total}／無死 {deathless}</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="523" />
        <source>Resolved → removed</source>
        <translation>解決 → 除去</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="524" />
        <source>Left face up</source>
        <translation>表向きのまま残す</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="525" />
        <source>Tapped</source>
        <translation>タップ</translation>
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
    <name>FollowUpForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="364" />
        <source>no hand card</source>
        <translation>手札なし</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="366" />
        <source>A hand card to set on a blank square</source>
        <translation>ブランクのスクエアに置く手札</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="367" />
        <source>Learn</source>
        <translation>スートを知る</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="384" />
        <source>Pass and continue</source>
        <translation>パスして進む</translation>
    </message>
</context>
<context>
    <name>HoldBackForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="401" />
        <source>held back by {name}</source>
        <translation>{name}が押しとどめた</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="404" />
        <source>cannot be held back</source>
        <translation>押しとどめられない</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="408" />
        <source>Hold back</source>
        <translation>押しとどめる</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="422" />
        <source>Continue</source>
        <translation>進む</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/mainwindow.py" line="445" />
        <source>Part of the session could not be recovered</source>
        <translation>セッションの一部を復元できませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="273" />
        <source>Undo “{action}”</source>
        <translation>「{action}」を元に戻す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="273" />
        <source>Undo</source>
        <translation>元に戻す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="274" />
        <source>Redo “{action}”</source>
        <translation>「{action}」をやり直す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="274" />
        <source>Redo</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="280" />
        <source>(no file)</source>
        <translation>（ファイルなし）</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="281" />
        <source>{name} — yobigoe</source>
        <translation>{name} — yobigoe</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="343" />
        <source>Could not create the session</source>
        <translation>セッションを作成できませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="351" />
        <source>Could not open the session</source>
        <translation>セッションを開けませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="362" />
        <source>Could not save the session</source>
        <translation>セッションを保存できませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="370" />
        <source>Could not export the session</source>
        <translation>セッションを書き出せませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="372" />
        <source>Exported to {path}</source>
        <translation>{path} に書き出しました</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="379" />
        <source>Could not import the session</source>
        <translation>セッションを読み込めませんでした</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="445" />
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="446" />
        <source>&amp;New…</source>
        <translation>新規(&amp;N)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="447" />
        <source>&amp;Open…</source>
        <translation>開く(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="448" />
        <source>Open &amp;recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="449" />
        <source>Save &amp;as…</source>
        <translation>名前を付けて保存(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="450" />
        <source>&amp;Export JSON…</source>
        <translation>JSONに書き出し(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="451" />
        <source>&amp;Import JSON…</source>
        <translation>JSONから読み込み(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="452" />
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="453" />
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="454" />
        <source>&amp;Tap / untap</source>
        <translation>タップ／アンタップ(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="455" />
        <source>&amp;Flip</source>
        <translation>裏返す(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="456" />
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="457" />
        <source>Zoom &amp;in</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="458" />
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="459" />
        <source>&amp;Fit the board</source>
        <translation>盤面全体を表示(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="460" />
        <source>Show &amp;player view</source>
        <translation>プレイヤー画面を表示(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="461" />
        <source>Player view &amp;screen</source>
        <translation>プレイヤー画面のディスプレイ(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="462" />
        <source>Player view follows my &amp;zoom</source>
        <translation>プレイヤー画面を自分の表示に合わせる(&amp;Z)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="463" />
        <source>F&amp;ull screen</source>
        <translation>全画面表示(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="464" />
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="465" />
        <source>Characters</source>
        <translation>キャラクター</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="466" />
        <source>Dice box</source>
        <translation>ダイスボックス</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="467" />
        <source>Event log</source>
        <translation>イベントログ</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="468" />
        <source>Procedure</source>
        <translation>進行</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="469" />
        <source>&amp;Procedure</source>
        <translation>進行(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="470" />
        <source>&amp;Start the exploration</source>
        <translation>探索を開始(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="471" />
        <source>&amp;Resolve the step</source>
        <translation>ステップを解決(&amp;R)</translation>
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
        <translation>門のスクエア</translation>
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
        <location filename="../../app/dialogs/prompts.py" line="37" />
        <source>yobigoe sessions (*{suffix});;All files (*)</source>
        <translation>yobigoeのセッション (*{suffix});;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="41" />
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSONファイル (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="44" />
        <source>Open a session</source>
        <translation>セッションを開く</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="49" />
        <source>Save the session as</source>
        <translation>名前を付けてセッションを保存</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="57" />
        <source>Export as JSON</source>
        <translation>JSONに書き出し</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="65" />
        <source>Import a JSON session</source>
        <translation>JSONのセッションを読み込む</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="98" />
        <source>Reopen the last session?</source>
        <translation>前回のセッションを開き直しますか？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="93" />
        <source>yobigoe did not close normally last time.
Reopen “{name}” where it stopped?</source>
        <translation>前回、yobigoeは正常に終了しませんでした。
「{name}」を中断したところから開き直しますか？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="111" />
        <source>Remove a character</source>
        <translation>キャラクターを削除</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="106" />
        <source>Remove {name}? Their hand goes to the discard (Undo brings everything back).</source>
        <translation>{name}を削除しますか？ 手札は捨て札に移ります（元に戻すですべて戻せます）。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="122" />
        <source>Changes not saved</source>
        <translation>未保存の変更があります</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="124" />
        <source>Save as…</source>
        <translation>名前を付けて保存…</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/prompts.py" line="126" />
        <source>Quit and lose them</source>
        <translation>破棄して終了</translation>
    </message>
</context>
<context>
    <name>RollForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="188" />
        <source>Taking part: {names}</source>
        <translation>参加者：{names}</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="193" />
        <source>Cards: {cards}</source>
        <translation>カード：{cards}</translation>
    </message>
</context>
<context>
    <name>SavedIndicator</name>
    <message>
        <location filename="../../app/mainwindow.py" line="68" />
        <source>Saved</source>
        <translation>保存済み</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="70" />
        <source>Everything shown is on disk.</source>
        <translation>表示されている内容はすべてディスクに保存されています。</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="73" />
        <source>Not saved: {reason}</source>
        <translation>未保存: {reason}</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="73" />
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="75" />
        <source>The session goes on in memory; saving is retried every few seconds.</source>
        <translation>セッションはメモリ上で続いています。数秒ごとに保存を再試行します。</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.py" line="79" />
        <source>Retry</source>
        <translation>再試行</translation>
    </message>
</context>
<context>
    <name>SetupForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="162" />
        <source>Without an Upland sheet: {names}</source>
        <translation>アップランドのシートがないキャラクター：{names}</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="170" />
        <source>Start the exploration</source>
        <translation>探索を開始</translation>
    </message>
</context>
<context>
    <name>SheetDialog</name>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="108" />
        <source>scout</source>
        <translation>偵察</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="109" />
        <source>requiem</source>
        <translation>慰霊</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="110" />
        <source>notice</source>
        <translation>目星</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="325" />
        <source>This sheet cannot be saved: {reason}</source>
        <translation>このシートは保存できません：{reason}</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="332" />
        <source>New Upland sheet — {name}</source>
        <translation>新しいアップランドのシート — {name}</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="334" />
        <source>Upland sheet — {name}</source>
        <translation>アップランドのシート — {name}</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="335" />
        <source>Characteristics</source>
        <translation>能力値</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="336" />
        <source>Condition</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="338" />
        <source>HP (now / max)</source>
        <translation>HP（現在／最大）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="339" />
        <source>MP (now / max)</source>
        <translation>MP（現在／最大）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="340" />
        <source>Long-term fatigue</source>
        <translation>長期疲労</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="341" />
        <source>Spirit pressure</source>
        <translation>霊圧</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="342" />
        <source>The Call</source>
        <translation>呼び声</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="343" />
        <source>Death Rite %</source>
        <translation>〈死祭り〉%</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="347" />
        <source>In thirds of a point: type 3⅔ or 3 2/3; the arrows step by ⅓.</source>
        <translation>1/3点単位です。3⅔ または 3 2/3 と入力します。矢印は⅓ずつ増減します。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="348" />
        <source>Above POW, the character may sleepwalk (TIM-2).</source>
        <translation>POWを超えると夢遊症状が起こりえます（TIM-2）。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="349" />
        <source>Load and supplies</source>
        <translation>荷重と物資</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="350" />
        <source>Moving weight</source>
        <translation>移動重量</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="350" />
        <source>Worn load</source>
        <translation>荷重</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="350" />
        <source>Food</source>
        <translation>食料</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="350" />
        <source>Money (L)</source>
        <translation>所持金（L）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="353" />
        <source>at most thick leather</source>
        <translation>厚手の革以下</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="354" />
        <source>Spell bonuses (CHK-U-3)</source>
        <translation>呪文・能力ボーナス（CHK-U-3）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="357" />
        <source>Never despairs (DSP-1)</source>
        <translation>絶望しない（DSP-1）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="358" />
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="360" />
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="360" />
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="360" />
        <source>Check</source>
        <translation>経験</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="360" />
        <source>No checks</source>
        <translation>チェックなし</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="360" />
        <source>Training h</source>
        <translation>訓練時間</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="362" />
        <source>Experience check earned (CHK-U-4)</source>
        <translation>経験チェックあり（CHK-U-4）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="364" />
        <source>This skill takes no experience checks; it grows by training (INV-8)</source>
        <translation>この技能は経験チェックを受けず、訓練で成長します（INV-8）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="366" />
        <source>Add a skill</source>
        <translation>技能を追加</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="367" />
        <source>Remove the skill</source>
        <translation>技能を削除</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/sheet.py" line="368" />
        <source>Items (one per line)</source>
        <translation>アイテム（1行に1つ）</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <location filename="../../app/main.py" line="53" />
        <source>Part of the session could not be recovered</source>
        <translation>セッションの一部を復元できませんでした</translation>
    </message>
    <message>
        <location filename="../../app/main.py" line="53" />
        <location filename="../../app/main.py" line="55" />
        <source>Could not open the session</source>
        <translation>セッションを開けませんでした</translation>
    </message>
</context>
<context>
    <name>StepForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="127" />
        <source>Resolve</source>
        <translation>解決</translation>
    </message>
</context>
<context>
    <name>StepperPanel</name>
    <message>
        <location filename="../../app/panels/stepper.py" line="166" />
        <source>The Upland procedure</source>
        <translation>アップランドの進行</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="168" />
        <source>This session uses the {ruleset} rules; the stepper runs the Upland exploration cycle.</source>
        <translation>このセッションのルールは{ruleset}です。進行パネルはアップランドの探索サイクルを扱います。</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="175" />
        <source>Before the exploration</source>
        <translation>探索開始前</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="178" />
        <source>Cycle {cycle} · {phase}</source>
        <translation>サイクル{cycle}・{phase}</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="182" />
        <source>Rules: {rules}</source>
        <translation>ルール：{rules}</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="203" />
        <source>Resolve</source>
        <translation>解決</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="225" />
        <source>There is nothing to resolve at this step.</source>
        <translation>このステップで解決するものはありません。</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="232" />
        <source>Typed dice are whole numbers separated by spaces, e.g. 23 71 4.</source>
        <translation>出目は空白で区切った整数で入力します（例：23 71 4）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="236" />
        <source>Choose what the step needs first.</source>
        <translation>先にこのステップの選択をしてください。</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="253" />
        <source>Investigation phase</source>
        <translation>調査フェイズ</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="254" />
        <source>Time phase</source>
        <translation>時間経過フェイズ</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="255" />
        <source>Event phase</source>
        <translation>イベントフェイズ</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="256" />
        <source>End of cycle</source>
        <translation>サイクル終了</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="257" />
        <source>Exploration over</source>
        <translation>探索終了</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="261" />
        <source>Typed dice</source>
        <translation>出目入力</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="262" />
        <source>e.g. 23 71 4 — empty: the session rolls</source>
        <translation>例: 23 71 4 — 空欄ならセッションが振ります</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="263" />
        <source>Physical dice in the order they are rolled (DICE-2).</source>
        <translation>実際に振ったダイスの出目を、振る順に入力します（DICE-2）。</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="264" />
        <source>Resolve the step (Ctrl+Enter)</source>
        <translation>ステップを解決（Ctrl+Enter）</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="265" />
        <source>Jump to</source>
        <translation>ステップ移動</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="266" />
        <source>Jump</source>
        <translation>移動</translation>
    </message>
    <message>
        <location filename="../../app/panels/stepper.py" line="267" />
        <source>Put the procedure at another step by hand (logged; undo brings it back).</source>
        <translation>進行を手動で別のステップへ移します（ログに残り、元に戻せます）。</translation>
    </message>
</context>
<context>
    <name>SuitEventForm</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Combat: the party beat the group (INT-2)</source>
        <translation>戦闘：探索隊が相手を打ち負かした（INT-2）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>{card} on {square}: {event} ({rules})</source>
        <translation>{square}の{card}：{event}（{rules}）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Decline (a failure without a roll)</source>
        <translation>ロールせずに失敗を選ぶ</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Combat (condition refused)</source>
        <translation>戦闘（条件を拒否）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Cancelled by a card effect</source>
        <translation>カード効果で打ち消し</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Squares: the move's path, or the reinforcement's square</source>
        <translation>スクエア：移動の経路、援軍を移すスクエア、または偵察するスクエア</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>The party has a rope (OBS-6)</source>
        <translation>探索隊はロープを持っている（OBS-6）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Stay (no square named)</source>
        <translation>移動しない（スクエアを指定しない）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Threat level (defence) or hours of the stay (lodging):</source>
        <translation>脅威度（防衛）または滞在時間（宿泊）：</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Note (the card effect that cancels it)</source>
        <translation>メモ（打ち消すカード効果）</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Open spades {total} against deathless points {deathless}</source>
        <translation>表向きのスペードの強度合計 {total}／無死 {deathless}</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Set up the battle board (ENC-2 … ENC-9); the fight is the GM's.</source>
        <translation>戦闘ボードを準備します（ENC-2〜ENC-9）。戦闘はGMが処理します。</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Side counted on the battle board</source>
        <translation>戦闘ボードで数えた辺</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Enemy defeated</source>
        <translation>敵を撃破</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>The party left the maps</source>
        <translation>探索隊が戦闘マップから離脱</translation>
    </message>
</context>
<context>
    <name>ObstacleDiamond</name>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>A diamond after {card} (OBS-4):</source>
        <translation>{card}の克服後にダイヤ（OBS-4）：</translation>
    </message>
    <message>
        <location filename="../../app/panels/step_forms.py" line="600" />
        <source>Play it</source>
        <translation>出す</translation>
    </message>
</context>
</TS>
