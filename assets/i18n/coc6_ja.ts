<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>CocParts</name>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="28" />
        <source>Modifier pool</source>
        <translation>修正プール</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="32" />
        <source>Combat</source>
        <translation>戦闘</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="65" />
        <source>HP {hp}/{hp_max} · MP {mp}/{mp_max} · SAN {san}/{san_max}</source>
        <translation>HP {hp}/{hp_max} · MP {mp}/{mp_max} · SAN {san}/{san_max}</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="71" />
        <source>Edit the investigator sheet; double-click a skill to roll it.</source>
        <translation>探索者シートを編集します。技能をダブルクリックすると判定します。</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="75" />
        <source>&amp;Import an investigator (clipboard or file)…</source>
        <translation>探索者を取り込む（クリップボード／ファイル）(&amp;I)…</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="89" />
        <source>Import refused</source>
        <translation>取り込めません</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="103" />
        <source>Open a character document</source>
        <translation>キャラクターファイルを開く</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="128" />
        <source>Session &amp;growth…</source>
        <translation>セッション終了時の成長(&amp;G)…</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="145" />
        <source>&amp;SAN check…</source>
        <translation>SAN チェック(&amp;S)…</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="155" />
        <source>Advance the game &amp;clock…</source>
        <translation>ゲーム内時間を進める(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="166" />
        <source>&amp;Psychoanalysis…</source>
        <translation>精神分析(&amp;P)…</translation>
    </message>
    <message>
        <source>S&amp;tudent investigator…</source>
        <translation>学生探索者(&amp;T)…</translation>
    </message>
</context>
<context>
    <name>CocSheetDialog</name>
    <message>
        <source>NPC sheet: {name}</source>
        <translation>NPCシート：{name}</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="63" />
        <source>Investigator sheet: {name}</source>
        <translation>探索者シート：{name}</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="97" />
        <location filename="../../app/panels/coc_sheet.py" line="102" />
        <source>Occupation</source>
        <translation>職業</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="102" />
        <source>Skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="102" />
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="102" />
        <source>Base</source>
        <translation>初期値</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="102" />
        <source>Growth</source>
        <translation>成長</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="107" />
        <source>Double-click a skill to roll it.</source>
        <translation>技能をダブルクリックすると判定します。</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="111" />
        <source>Add a skill by name</source>
        <translation>追加する技能名</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="115" />
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="123" />
        <source>GM notes (never shown to the players)</source>
        <translation>GMメモ（プレイヤーには表示されません）</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="152" />
        <source>Luck {luck} · Idea {idea} · Know {know} · damage bonus {db}</source>
        <translation>幸運 {luck} · アイデア {idea} · 知識 {know} · ダメージボーナス {db}</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="208" />
        <source>{skill}: '{text}' is not a whole number.</source>
        <translation>{skill}：「{text}」は整数ではありません。</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="221" />
        <source>Type the name of the skill to add.</source>
        <translation>追加する技能の名前を入力してください。</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_sheet.py" line="235" />
        <source>Save the sheet before rolling a skill.</source>
        <translation>判定の前にシートを保存してください。</translation>
    </message>
</context>
<context>
    <name>PoolPanel</name>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="75" />
        <source>Cancel + against −</source>
        <translation>＋と−を相殺</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="76" />
        <source>(no chips)</source>
        <translation>（チップなし）</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="78" />
        <source>Put a {chip} chip in the pool (CHK-A-4)</source>
        <translation>{chip} のチップをプールに置く（CHK-A-4）</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="100" />
        <source>The next check takes {minus}.</source>
        <translation>次の判定に {minus} がかかります。</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="95" />
        <source>Pay − with 1d3 HP</source>
        <translation>− を 1d3 HP で支払う</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="96" />
        <source>Pay − with 1d3 SAN</source>
        <translation>− を 1d3 SAN で支払う</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="97" />
        <source>The acting investigator, who pays off the oldest minus chip (CHK-A-3)</source>
        <translation>いちばん古いマイナスのチップを支払う、行動中の探索者（CHK-A-3）</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_pool.py" line="170" />
        <source>No investigator can pay.</source>
        <translation>支払える探索者がいません。</translation>
    </message>
</context>
<context>
    <name>TrackerPanel</name>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="106" />
        <source>Start combat</source>
        <translation>戦闘開始</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="106" />
        <source>Attack</source>
        <translation>攻撃</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="106" />
        <source>Dodge</source>
        <translation>回避</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="107" />
        <source>Parry</source>
        <translation>受け流し</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="107" />
        <source>Delay</source>
        <translation>ディレイ</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="107" />
        <source>Cover target</source>
        <translation>対象をかばう</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="108" />
        <source>Give up active</source>
        <translation>能動行動を放棄</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="108" />
        <source>Stun target</source>
        <translation>対象をスタン</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="108" />
        <source>Damage target</source>
        <translation>対象にダメージ</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="109" />
        <source>Treat target</source>
        <translation>対象を治療</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="109" />
        <source>Next turn</source>
        <translation>次の手番</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="109" />
        <source>End combat</source>
        <translation>戦闘終了</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="113" />
        <source>Attack skill (e.g. こぶし)</source>
        <translation>攻撃技能（例：こぶし）</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="114" />
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="114" />
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="114" />
        <source>Actions left</source>
        <translation>残り行動</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="115" />
        <source>Conditions</source>
        <translation>状態異常</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="131" />
        <source>No combat is running.</source>
        <translation>戦闘は行われていません。</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="134" />
        <source>Round {round} — {actor}'s turn</source>
        <translation>第{round}ラウンド ― {actor} の手番</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="145" />
        <source>{ap} AP</source>
        <translation>{ap} AP</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="147" />
        <source>active {a} / passive {p}</source>
        <translation>能動 {a} / 受動 {p}</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="193" />
        <source>Give the characters investigator sheets first.</source>
        <translation>先にキャラクターに探索者シートを設定してください。</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="1" />
        <source>Hex</source>
        <translation>ヘクス</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_tracker.py" line="1" />
        <source>rush due</source>
        <translation>ラッシュ二撃目待ち</translation>
    </message>
    <message>
        <source>Move the selected combatant up (DEX ties as the GM sets); the turn goes back to the top</source>
        <translation>選んだ参加者を行動順で1つ上げます（DEX が同じときの順はキーパーが決めます）。手番は先頭に戻ります</translation>
    </message>
    <message>
        <source>Move the selected combatant down (DEX ties as the GM sets); the turn goes back to the top</source>
        <translation>選んだ参加者を行動順で1つ下げます（DEX が同じときの順はキーパーが決めます）。手番は先頭に戻ります</translation>
    </message>
    <message>
        <source>{name} is already first.</source>
        <translation>{name} は既に先頭です。</translation>
    </message>
    <message>
        <source>{name} is already last.</source>
        <translation>{name} は既に最後です。</translation>
    </message>
</context>
<context>
    <name>CocProjector</name>
    <message>
        <source>Modifier pool: {chips}</source>
        <translation>修正プール：{chips}</translation>
    </message>
    <message>
        <source>Unknown {number}</source>
        <translation>正体不明 {number}</translation>
    </message>
</context>
<context>
    <name>ManoeuvreBar</name>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>MA attack</source>
        <translation>MA攻撃</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Rush</source>
        <translation>ラッシュ</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Rush 2nd strike</source>
        <translation>ラッシュ二撃目</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Feint</source>
        <translation>フェイント</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Counter A</source>
        <translation>Aカウンター</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Counter B</source>
        <translation>Bカウンター</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Place on the battle map</source>
        <translation>戦闘マップに配置</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>The selected combatant attacks the target; MA doubles the damage dice</source>
        <translation>選択中の戦闘参加者が対象を攻撃。MA成功でダメージダイス2倍</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>After a hit that stunned the target: a second strike at the end of the round</source>
        <translation>一撃目がヒットし対象がスタンしたとき：二撃目をラウンドの最後に処理</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Declared before the roll: two strikes; an MA parry of the first stops the second</source>
        <translation>判定前宣言：二撃。初撃をMAで受け流されると二撃目は不可</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>The target parries (−10, −20 against MA), then attacks the selected combatant</source>
        <translation>対象が受け流し（-10、MAに対しては-20）の後、選択中の戦闘参加者を攻撃</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>The target's hit on the selected combatant is unavoidable; then it acts no more</source>
        <translation>対象の攻撃は成功すれば必中。その後同ラウンドは行動不可</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>A token for each combatant on the open battle board</source>
        <translation>開いている戦闘マップに戦闘参加者ごとのコマを配置</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Defender parries with MA</source>
        <translation>防御側はMAで受け流す</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Countered attack is MA (parry −20)</source>
        <translation>カウンターする攻撃はMA（受け流し −20）</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Counter A: the countered attack is a martial-arts attack</source>
        <translation>Aカウンター：カウンターする相手の攻撃がマーシャルアーツによるもの</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>Counter A parry:</source>
        <translation>Aカウンターの受け流し：</translation>
    </message>
    <message>
        <location filename="../../app/panels/coc_manoeuvres.py" line="1" />
        <source>The skill the target parries with before its counter attack</source>
        <translation>対象がカウンター攻撃の前に受け流しに使う技能</translation>
    </message>
    <message>
        <source>Grapple</source>
        <translation>組み付き</translation>
    </message>
    <message>
        <source>Salto</source>
        <translation>サルト</translation>
    </message>
    <message>
        <source>Tackle</source>
        <translation>タックル</translation>
    </message>
    <message>
        <source>The selected combatant rolls 組み付き; the second success in a round deals damage</source>
        <translation>選んだ参加者が〈組み付き〉を振ります。1ラウンドで2回目の成功からダメージを与えます</translation>
    </message>
    <message>
        <source>The selected combatant throws the target down where it stands (MA 60 or more)</source>
        <translation>選んだ参加者が対象をその場に投げ倒します（マーシャルアーツ60以上）</translation>
    </message>
    <message>
        <source>The target is knocked back: DEX×5 or prone, CON×5 or shock (MA 60 or more)</source>
        <translation>対象を吹き飛ばします：DEX×5 失敗で転倒、CON×5 失敗でショック（マーシャルアーツ60以上）</translation>
    </message>
    <message>
        <source>Held grapple (no points)</source>
        <translation>組み付き維持中（ポイント不要）</translation>
    </message>
    <message>
        <source>A further roll of a grapple already held, which the GM calls free</source>
        <translation>既に組み付いている状態での追加のロール（キーパーが無償と判断したもの）</translation>
    </message>
</context>
<context>
    <name>CocCheckQuestions</name>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="41" />
        <source>Critical or fumble</source>
        <translation>決定的成功か致命的失敗</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="3" />
        <source>a critical</source>
        <translation>決定的成功</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="45" />
        <source>a fumble</source>
        <translation>致命的失敗</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="48" />
        <source>{what} comes out as {level}. A special effect, or a chip for the party pool?</source>
        <translation>{what} は {level} になります。特殊効果にしますか、それとも修正プールのチップにしますか？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="51" />
        <source>Special effect</source>
        <translation>特殊効果</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="52" />
        <source>Pool chip</source>
        <translation>プールのチップ</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="67" />
        <source>Is this {skill} a first meeting (without hostile feelings)? Then the APP×5 roll comes first.</source>
        <translation>この {skill} は初対面（敵対感情なし）ですか？ それなら先に APP×5 を振ります。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="70" />
        <source>First meeting?</source>
        <translation>初対面ですか？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="80" />
        <source>How much SAN does this {skill} roll cost (paid first)?</source>
        <translation>この {skill} の判定で失う SAN はいくつですか（判定の前に支払います）？</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_checks.py" line="11" />
        <source>SAN cost</source>
        <translation>SAN の代償</translation>
    </message>
</context>
<context>
    <name>CocCommandDialog</name>
    <message>
        <location filename="../../app/dialogs/coc_form.py" line="78" />
        <source>Nothing is chosen.</source>
        <translation>何も選ばれていません。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_form.py" line="102" />
        <source>The table refused it.</source>
        <translation>卓がこの操作を受け付けませんでした。</translation>
    </message>
</context>
<context>
    <name>CocGrowthDialog</name>
    <message>
        <location filename="../../app/dialogs/coc_growth.py" line="1" />
        <source>Session growth</source>
        <translation>セッション終了時の成長</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_growth.py" line="54" />
        <source>Roll the growth of every marked skill (GRW-A-2) for the chosen ones:</source>
        <translation>チェックした探索者の、成長マークのある技能すべての成長ロールを行います（GRW-A-2）：</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_growth.py" line="56" />
        <source>No investigator has a growth mark this session.</source>
        <translation>このセッションで成長マークのある探索者はいません。</translation>
    </message>
</context>
<context>
    <name>CocSanityDialogs</name>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="36" />
        <source>Game time: day {day}, {hours}:{minutes}</source>
        <translation>ゲーム内時間：{day}日目 {hours}:{minutes}</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="1" />
        <source>SAN check</source>
        <translation>SAN チェック</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="55" />
        <source>Long (a lasting sight: long temporary madness)</source>
        <translation>長期（長く続く体験：長期の一時的狂気）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="60" />
        <source>What was seen (for the log and indefinite madness)</source>
        <translation>目撃した内容（ログと不定の狂気のため）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="42" />
        <source>Investigator</source>
        <translation>探索者</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="64" />
        <source>Loss on a success</source>
        <translation>成功時の減少</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="65" />
        <source>Loss on a failure</source>
        <translation>失敗時の減少</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="67" />
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="88" />
        <source>one dice expression only (1/1D6 goes in the first box)</source>
        <translation>ダイス式はひとつだけです（1/1D6 は最初の欄に入力してください）</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="97" />
        <source>No character has an investigator sheet yet.</source>
        <translation>探索者シートを持つキャラクターがまだいません。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="123" />
        <source>Advance the game clock</source>
        <translation>ゲーム内時間を進める</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="132" />
        <source>Now</source>
        <translation>現在</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="133" />
        <source>Hours</source>
        <translation>時間</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="134" />
        <source>Minutes</source>
        <translation>分</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="140" />
        <source>Advance the clock by at least one minute.</source>
        <translation>時間は1分以上進めてください。</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="3" />
        <source>Psychoanalysis</source>
        <translation>精神分析</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="161" />
        <source>Short temporary madness</source>
        <translation>短期の一時的狂気</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="162" />
        <source>Long temporary madness</source>
        <translation>長期の一時的狂気</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="163" />
        <source>Indefinite madness</source>
        <translation>不定の狂気</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="168" />
        <source>Analyst</source>
        <translation>分析する人</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="169" />
        <source>Patient</source>
        <translation>患者</translation>
    </message>
    <message>
        <location filename="../../app/dialogs/coc_sanity.py" line="170" />
        <source>Madness</source>
        <translation>狂気</translation>
    </message>
</context>
<context>
    <name>ContestBar</name>
    <message>
        <source>Enemy DEX:</source>
        <translation>敵の DEX：</translation>
    </message>
    <message>
        <source>Flee roll</source>
        <translation>逃走ロール</translation>
    </message>
    <message>
        <source>Cover roll</source>
        <translation>かばうロール</translation>
    </message>
    <message>
        <source>The selected combatant flees: DEX×5 or the DEX contest, whichever is better</source>
        <translation>選んだ参加者が逃走します：DEX×5 と DEX の対抗ロールの高いほう</translation>
    </message>
    <message>
        <source>The selected combatant covers: DEX×4 or the DEX contest, whichever is better</source>
        <translation>選んだ参加者がかばいます：DEX×4 と DEX の対抗ロールの高いほう</translation>
    </message>
    <message>
        <source>Type the enemy's DEX first.</source>
        <translation>先に敵の DEX を入力してください。</translation>
    </message>
</context>
<context>
    <name>CocStudentDialog</name>
    <message>
        <source>Student investigator</source>
        <translation>学生探索者</translation>
    </message>
    <message>
        <source>The GM counts this investigator as a student</source>
        <translation>キーパーがこの探索者を学生として扱う</translation>
    </message>
    <message>
        <source>No track</source>
        <translation>文系・理系なし</translation>
    </message>
    <message>
        <source>Arts</source>
        <translation>文系</translation>
    </message>
    <message>
        <source>Science</source>
        <translation>理系</translation>
    </message>
    <message>
        <source>Check the skills the GM counts in the track (+10 each)</source>
        <translation>キーパーがその系統に含める技能にチェックを入れます（それぞれ +10）</translation>
    </message>
    <message>
        <source>Made once: English = EDU (native Japanese), Credit Rating −10, +40 interest points; a track gives +10 on its skills.</source>
        <translation>1 回だけ行います：英語 = EDU（母国語が日本語のとき）、信用 −10、興味技能ポイント +40。文系・理系を選ぶと、その技能に +10。</translation>
    </message>
    <message>
        <source>Investigator</source>
        <translation>探索者</translation>
    </message>
    <message>
        <source>Occupation</source>
        <translation>職業</translation>
    </message>
    <message>
        <source>Track</source>
        <translation>文系・理系</translation>
    </message>
    <message>
        <source>Track skills</source>
        <translation>系統の技能</translation>
    </message>
</context>
</TS>
