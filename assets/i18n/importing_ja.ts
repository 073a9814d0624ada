<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>ImportProgress</name>
    <message>
        <source>Importing {name}</source>
        <translation>{name} をインポート中</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Reading the document…</source>
        <translation>ファイルを読んでいます…</translation>
    </message>
    <message>
        <source>Reading command {done} of {total}…</source>
        <translation>コマンドを読み込んでいます（{done} / {total}）…</translation>
    </message>
    <message>
        <source>Re-running command {done} of {total} to check it…</source>
        <translation>コマンドを再実行して確かめています（{done} / {total}）…</translation>
    </message>
    <message>
        <source>Writing command {done} of {total} to the session file…</source>
        <translation>セッションファイルに書き込んでいます（{done} / {total}）…</translation>
    </message>
</context>
</TS>
