<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
    <context>
        <name>Battle</name>
        <message>
            <location filename="../../app/battle/actions.py" line="85" />
            <source>&amp;Battle</source>
            <translation>戦闘(&amp;B)</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="86" />
            <source>Show the battle board</source>
            <translation>戦闘マップを表示</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="87" />
            <source>Open a battle…</source>
            <translation>戦闘を開く…</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="88" />
            <source>1. Lay out the zones (ENC-2)</source>
            <translation>1. 先頭範囲と突破範囲を配置（ENC-2）</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="89" />
            <source>2. Place the party in marching order (ENC-3)</source>
            <translation>2. 隊列順に配置（ENC-3）</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="90" />
            <source>3. Drift by spirit pressure (ENC-4)</source>
            <translation>3. 霊圧による漂流（ENC-4）</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="91" />
            <source>4. Roll the appearance… (ENC-5, ENC-6)</source>
            <translation>4. 出現判定…（ENC-5, ENC-6）</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="92" />
            <source>5. Place the enemies… (ENC-7)</source>
            <translation>5. 敵を配置…（ENC-7）</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="93" />
            <source>6. Set the SR delays (ENC-8)</source>
            <translation>6. SR遅延を設定（ENC-8）</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="94" />
            <source>Map editor…</source>
            <translation>マップエディタ…</translation>
        </message>
        <message>
            <location filename="../../app/battle/actions.py" line="95" />
            <source>Clear the battle board</source>
            <translation>戦闘マップを片付ける</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="26" />
            <source>north</source>
            <translation>北</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="26" />
            <source>east</source>
            <translation>東</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="26" />
            <source>south</source>
            <translation>南</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="26" />
            <source>west</source>
            <translation>西</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="41" />
            <source>Open a battle</source>
            <translation>戦闘を開く</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="56" />
            <source>Map 1 (the lead zone):</source>
            <translation>マップ1（先頭範囲）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="57" />
            <source>Map 2 (the breakthrough zone):</source>
            <translation>マップ2（突破範囲）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="58" />
            <source>Map 2 lies on this side of map 1:</source>
            <translation>マップ2をつなぐマップ1の辺:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="59" />
            <source>Offset along that side (hexes):</source>
            <translation>辺に沿ったずれ（ヘクス）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="72" />
            <source>Roll the appearance</source>
            <translation>出現判定</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="77" />
            <source>Encounter strength:</source>
            <translation>遭遇強度:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="83" />
            <source>Sight</source>
            <translation>視力</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="84" />
            <source>Listen</source>
            <translation>聞き耳</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="88" />
            <source>physical dice, e.g. 34 87 5 (empty: the session's dice)</source>
            <translation>実物のダイス 例: 34 87 5（空欄: セッションのダイス）</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="89" />
            <source>Dice:</source>
            <translation>ダイス:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="101" />
            <source>Place the enemies</source>
            <translation>敵の配置</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="105" />
            <source>the table's number</source>
            <translation>表の出現数</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="106" />
            <source>Hidden from the players until revealed</source>
            <translation>公開するまでプレイヤーに隠す</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="108" />
            <source>the creature's name</source>
            <translation>クリーチャーの名前</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="109" />
            <source>Number:</source>
            <translation>数:</translation>
        </message>
        <message>
            <location filename="../../app/battle/dialogs.py" line="110" />
            <source>Label:</source>
            <translation>ラベル:</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="84" />
            <source>Map editor</source>
            <translation>マップエディタ</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="91" />
            <source>Battle map 1</source>
            <translation>戦闘マップ1</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="92" />
            <source>Battle map 2</source>
            <translation>戦闘マップ2</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="93" />
            <source>Blank map</source>
            <translation>白紙のマップ</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="94" />
            <source>Start from this</source>
            <translation>これから始める</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="96" />
            <source>Open a map file…</source>
            <translation>マップファイルを開く…</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="101" />
            <source>cost 1 (firm)</source>
            <translation>コスト1（固い地面）</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="101" />
            <source>cost 2 (mud, thin reeds)</source>
            <translation>コスト2（泥、まばらな葦）</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="102" />
            <source>cost 3 (dense reeds, wading)</source>
            <translation>コスト3（密な葦、渡渉）</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="102" />
            <source>impassable (deep water)</source>
            <translation>通行不能（深い水）</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="103" />
            <source>lead zone</source>
            <translation>先頭範囲</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="103" />
            <source>breakthrough zone</source>
            <translation>突破範囲</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="104" />
            <source>no zone</source>
            <translation>範囲なし</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="120" />
            <source>Resize</source>
            <translation>サイズ変更</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="124" />
            <source>Id:</source>
            <translation>ID:</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="125" />
            <source>Name (Japanese):</source>
            <translation>名前（日本語）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="126" />
            <source>Name (English):</source>
            <translation>名前（英語）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="132" />
            <source>Size:</source>
            <translation>大きさ:</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="133" />
            <source>Save as a map file…</source>
            <translation>マップファイルとして保存…</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="136" />
            <source>as battle map 1</source>
            <translation>戦闘マップ1として</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="137" />
            <source>as battle map 2</source>
            <translation>戦闘マップ2として</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="138" />
            <source>Put into the battle</source>
            <translation>戦闘に反映</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="228" />
            <source>No battle is open.</source>
            <translation>戦闘は開かれていません。</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="235" />
            <source>Open a map file</source>
            <translation>マップファイルを開く</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="235" />
            <source>Map files (*.toml)</source>
            <translation>マップファイル (*.toml)</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="246" />
            <source>Map file refused</source>
            <translation>マップファイルを読み込めません</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="252" />
            <source>Save a map file</source>
            <translation>マップファイルを保存</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="262" />
            <source>Saved {file}.</source>
            <translation>{file} を保存しました。</translation>
        </message>
        <message>
            <location filename="../../app/battle/editor.py" line="271" />
            <source>The battle keeps its map (see the status bar).</source>
            <translation>戦闘のマップは変わりません（ステータスバーを参照）。</translation>
        </message>
        <message>
            <location filename="../../app/battle/gestures.py" line="101" />
            <source>The token cannot go there.</source>
            <translation>コマはそこへ行けません。</translation>
        </message>
        <message>
            <location filename="../../app/battle/gestures.py" line="113" />
            <source>Dropped outside the battle maps: the token went back.</source>
            <translation>戦闘マップの外に置かれたので、コマを戻しました。</translation>
        </message>
        <message>
            <location filename="../../app/battle/gestures.py" line="139" />
            <source>{hex}: out of reach</source>
            <translation>{hex}: 届かない</translation>
        </message>
        <message>
            <location filename="../../app/battle/gestures.py" line="141" />
            <source>{hex}: placed by hand</source>
            <translation>{hex}: 手で配置</translation>
        </message>
        <message>
            <location filename="../../app/battle/gestures.py" line="143" />
            <source>{hex}: cost {cost} / {movement}</source>
            <translation>{hex}: コスト {cost} / {movement}</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="36" />
            <source>south-east</source>
            <translation>南東</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="36" />
            <source>south-west</source>
            <translation>南西</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="36" />
            <source>north-west</source>
            <translation>北西</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="37" />
            <source>north-east</source>
            <translation>北東</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="70" />
            <source>Reveal to the players</source>
            <translation>プレイヤーに公開</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="72" />
            <source>Hide from the players</source>
            <translation>プレイヤーから隠す</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="73" />
            <source>Turn</source>
            <translation>向きを変える</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="79" />
            <source>No facing</source>
            <translation>向きなし</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="82" />
            <source>Token label</source>
            <translation>コマのラベル</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="87" />
            <source>Movement</source>
            <translation>移動力</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="87" />
            <source>Move points a turn:</source>
            <translation>1ターンの移動力:</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="93" />
            <source>GM note</source>
            <translation>GMメモ</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="93" />
            <source>Note (never shown to players):</source>
            <translation>メモ（プレイヤーには表示されません）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="101" />
            <source>SR delay</source>
            <translation>SR遅延</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="101" />
            <source>Strike ranks of delay (0: none):</source>
            <translation>遅延するSR（0: なし）:</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="106" />
            <source>Edit label…</source>
            <translation>ラベルを編集…</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="107" />
            <source>Movement…</source>
            <translation>移動力…</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="108" />
            <source>SR delay…</source>
            <translation>SR遅延…</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="109" />
            <source>GM note…</source>
            <translation>GMメモ…</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="111" />
            <source>Leave the board here</source>
            <translation>ここからマップの外へ出る</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="112" />
            <source>Remove the token</source>
            <translation>コマを取り除く</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="125" />
            <source>{hex} is impassable</source>
            <translation>{hex} は通行不能</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="130" />
            <source>Place a character here</source>
            <translation>ここにキャラクターを置く</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="139" />
            <source>Place an enemy here (hidden)</source>
            <translation>ここに敵を置く（非公開）</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="140" />
            <source>Enemy</source>
            <translation>敵</translation>
        </message>
        <message>
            <location filename="../../app/battle/menus.py" line="141" />
            <source>Place an enemy here (seen)</source>
            <translation>ここに敵を置く（公開）</translation>
        </message>
        <message>
            <location filename="../../app/battle/page.py" line="41" />
            <source>Exploration map</source>
            <translation>探索マップ</translation>
        </message>
        <message>
            <location filename="../../app/battle/page.py" line="42" />
            <source>Battle map</source>
            <translation>戦闘マップ</translation>
        </message>
        <message>
            <location filename="../../app/battle/scene.py" line="161" />
            <source>No battle is open.
Battle ▸ Open a battle… lays out two maps.</source>
            <translation>戦闘は開かれていません。
戦闘 ▸ 戦闘を開く… で2枚のマップを並べます。</translation>
        </message>
        <message>
            <location filename="../../app/battle/terrain.py" line="47" />
            <source>impassable</source>
            <translation>通行不能</translation>
        </message>
        <message>
            <location filename="../../app/battle/terrain.py" line="47" />
            <source>cost {cost}</source>
            <translation>コスト{cost}</translation>
        </message>
        <message>
            <location filename="../../app/battle/terrain.py" line="155" />
            <source>Map {number}: {name}</source>
            <translation>マップ{number}: {name}</translation>
        </message>
        <message>
            <location filename="../../app/battle/gestures.py" line="1" />
            <source>{token} would leave the battle maps.</source>
            <translation>{token} が戦闘マップの外に出てしまいます。</translation>
        </message>
    </context>
</TS>
