<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>BoardScene</name>
    <message>
        <source>A group of cards and markers can only be dropped on a square: nothing moved.</source>
        <translation>まとめて動かすカードとマーカーはスクエアの上にしか置けません。何も動かしていません。</translation>
    </message>
    <message>
        <source>{name}'s marker is a declaration in this step: drag it on its own. Nothing moved.</source>
        <translation>このステップでは{name}のマーカーは行動宣言です。単独でドラッグしてください。何も動かしていません。</translation>
    </message>
    <message>
        <source>Dropped outside the map: the selection went back.</source>
        <translation>マップの外に置かれたので、選択したものを元に戻しました。</translation>
    </message>
</context>
</TS>
