<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>CocParts</name>
    <message>
        <location filename="../../app/rulesets/coc6.py" line="28" />
        <source>Modifier pool</source>
        <translation>補正プール</translation>
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
</context>
<context>
    <name>CocSheetDialog</name>
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
        <translation>遅延</translation>
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
</context>
<context>
    <name>CocProjector</name>
    <message>
        <source>Modifier pool: {chips}</source>
        <translation>修正プール：{chips}</translation>
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
</context>
</TS>
