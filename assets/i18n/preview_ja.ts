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
</context>
</TS>
