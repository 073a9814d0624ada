<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>LoadingPicture</name>
    <message>
        <source>{name} — loading</source>
        <translation>{name} — 読み込み中</translation>
    </message>
    <message>
        <source>Still loading — one moment</source>
        <translation>まだ読み込み中です — 少しお待ちください</translation>
    </message>
    <message>
        <source>a face-down card</source>
        <translation>裏向きのカード</translation>
    </message>
    <message>
        <source>{what} → {square}: moves when the board has loaded</source>
        <translation>{what} → {square}：読み込みが終わったら動かします</translation>
    </message>
    <message>
        <source>{what} was put back: drop it on a square.</source>
        <translation>{what}を元に戻しました：マスの上で離してください。</translation>
    </message>
    <message>
        <source>{what} was not moved: it is not where the picture showed it.</source>
        <translation>{what}は動かしませんでした：読み込み中の画面に見えていた場所にありません。</translation>
    </message>
</context>
</TS>
