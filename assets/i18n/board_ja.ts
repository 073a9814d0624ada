<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>Board</name>
    <message>
        <location filename="../../app/board/hands.py" line="20" />
        <source>1 card</source>
        <translation>1枚</translation>
    </message>
    <message>
        <location filename="../../app/board/hands.py" line="21" />
        <source>{count} cards</source>
        <translation>{count}枚</translation>
    </message>
    <message>
        <location filename="../../app/board/markers.py" line="73" />
        <source>Party token</source>
        <translation>探索隊コマ</translation>
    </message>
    <message>
        <location filename="../../app/board/piles.py" line="19" />
        <source>Deck</source>
        <translation>山札</translation>
    </message>
    <message>
        <location filename="../../app/board/piles.py" line="21" />
        <source>Discard</source>
        <translation>捨て札</translation>
    </message>
    <message>
        <location filename="../../app/board/piles.py" line="22" />
        <source>Removed</source>
        <translation>除外</translation>
    </message>
    <message>
        <location filename="../../app/board/piles.py" line="26" />
        <source>Party</source>
        <translation>探索隊</translation>
    </message>
    <message>
        <location filename="../../app/board/squares.py" line="18" />
        <source>Gate</source>
        <translation>門</translation>
    </message>
    <message>
        <location filename="../../app/board/squares.py" line="144" />
        <source>The lingering bone lies here (secret: only you see this mark).</source>
        <translation>残想骨はここにあります（秘匿: この印はGMにだけ見えます）。</translation>
    </message>
    <message>
        <location filename="../../app/board/declare.py" line="72" />
        <source>{name} holds no heart: a vision lays a heart from the hand on a face-down card (INV-4).</source>
        <translation>{name}はハートを持っていません。幻視は手札のハートを裏向きのカードに置く行動です（INV-4）。</translation>
    </message>
    <message>
        <location filename="../../app/board/declare.py" line="77" />
        <source>{square} is no investigation target for {name}: scout a closed or blank square next to the party, resonate on a diagonal one, pray on the party&apos;s square, or lay a heart on a face-down card (INV-1).</source>
        <translation>{square}は{name}の調査対象になりません。偵察は探索隊の隣のクローズかブランク、共鳴は斜め、黙祷は探索隊のスクエア、幻視は裏向きのカードにハートを置きます（INV-1）。</translation>
    </message>
</context>
<context>
    <name>BoardMenu</name>
    <message>
        <location filename="../../app/board/menus.py" line="91" />
        <source>Turn face down</source>
        <extracomment>Above this many squares, &quot;Deal to square&quot; groups them by row.</extracomment>
        <translation>裏にする</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="93" />
        <source>Turn face up</source>
        <translation>表にする</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="95" />
        <source>Untap</source>
        <translation>タップを解除</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="97" />
        <source>Tap</source>
        <translation>タップ</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="98" />
        <source>Move to</source>
        <translation>移動先</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="100" />
        <source>Top of the deck</source>
        <translation>山札の一番上</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="101" />
        <source>Bottom of the deck</source>
        <translation>山札の一番下</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="102" />
        <location filename="../../app/board/menus.py" line="182" />
        <source>Discard</source>
        <translation>捨て札</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="103" />
        <source>Removed cards</source>
        <translation>除外</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="105" />
        <source>Give to</source>
        <translation>渡す</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="127" />
        <source>Deal a card here face down</source>
        <translation>ここに裏向きで配る</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="128" />
        <source>Deal a card here face up</source>
        <translation>ここに表向きで配る</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="129" />
        <source>Shuffle the stack</source>
        <translation>スタックをシャッフル</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="131" />
        <source>Move the party here</source>
        <translation>探索隊をここへ移動</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="132" />
        <source>Place the marker of</source>
        <translation>マーカーを置く</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="141" />
        <source>Set the lingering bone here (secret)</source>
        <translation>残想骨をここに配置（秘匿）</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="143" />
        <source>Reveal the lingering bone (the crossing)</source>
        <translation>残想骨を公開（転界）</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="149" />
        <source>Deck</source>
        <translation>山札</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="150" />
        <source>Draw one to</source>
        <translation>１枚引く</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="156" />
        <source>Shuffle the deck</source>
        <translation>山札をシャッフル</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="159" />
        <source>Turn the top card over</source>
        <translation>一番上のカードを裏返す</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="160" />
        <source>Deal face down to</source>
        <translation>裏向きで配る</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="168" />
        <source>Row {row}</source>
        <translation>{row}行目</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="175" />
        <source>List the cards (GM only)…</source>
        <translation>カードの一覧（GMのみ）…</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="187" />
        <source>Shuffle the discard into the deck</source>
        <translation>捨て札を山札に戻してシャッフル</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="193" />
        <source>Draw one</source>
        <translation>１枚引く</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="199" />
        <source>Remove the marker</source>
        <translation>マーカーを取り除く</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="203" />
        <source>Party</source>
        <translation>探索隊</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="204" />
        <source>Take the party token off the map</source>
        <translation>探索隊コマをマップから外す</translation>
    </message>
</context>
<context>
    <name>BoardScene</name>
    <message>
        <location filename="../../app/board/scene.py" line="147" />
        <source>Select a card first (click it), then tap it.</source>
        <extracomment>How far around the content the view may pan (scene units). a sentence for the status bar, in the current language (why a drop was refused…) the character whose hand was clicked on the board (the shell may follow it)</extracomment>
        <translation>先にカードを選んで（クリックして）からタップしてください。</translation>
    </message>
    <message>
        <location filename="../../app/board/scene.py" line="155" />
        <source>Select a card first (click it), then turn it over.</source>
        <translation>先にカードを選んで（クリックして）から裏返してください。</translation>
    </message>
    <message>
        <location filename="../../app/board/scene.py" line="164" />
        <source>Select a character first (in the characters panel or by clicking a hand), then draw.</source>
        <translation>先にキャラクターを選んで（キャラクター欄か手札をクリック）から引いてください。</translation>
    </message>
    <message>
        <location filename="../../app/board/scene.py" line="500" />
        <source>{name}&apos;s investigation marker</source>
        <translation>{name}の調査マーカー</translation>
    </message>
    <message>
        <location filename="../../app/board/scene.py" line="635" />
        <source>The deck is empty.</source>
        <translation>山札がありません。</translation>
    </message>
    <message>
        <location filename="../../app/board/scene.py" line="692" />
        <source>Dropped outside any square: the token went back.</source>
        <translation>スクエアの外に置かれたので、コマを元に戻しました。</translation>
    </message>
    <message>
        <location filename="../../app/board/scene.py" line="694" />
        <source>Dropped outside any square, pile or hand: the card went back.</source>
        <translation>スクエア・山・手札の外に置かれたので、カードを元に戻しました。</translation>
    </message>
</context>
<context>
    <name>DeckListDialog</name>
    <message>
        <location filename="../../app/board/menus.py" line="238" />
        <source>Deck, top card first</source>
        <translation>山札（上から順に）</translation>
    </message>
    <message>
        <location filename="../../app/board/menus.py" line="239" />
        <source>Only you see this list; the players&apos; screen does not.</source>
        <translation>この一覧はGMにだけ見えます。プレイヤー画面には出ません。</translation>
    </message>
</context>
<context>
    <name>ProjectorWindow</name>
    <message>
        <location filename="../../app/projector.py" line="81" />
        <source>Players&apos; view — yobigoe</source>
        <translation>プレイヤー画面 — yobigoe</translation>
    </message>
</context>
</TS>
