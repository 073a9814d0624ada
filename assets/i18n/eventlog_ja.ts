<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>LogFilterBar</name>
    <message>
        <location filename="../../app/panels/eventlog.py" line="184"/>
        <source>All characters</source>
        <translation>全員</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="193"/>
        <source>All kinds</source>
        <translation>すべての種類</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="194"/>
        <source>Rolls and checks</source>
        <translation>ロールと判定</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="195"/>
        <source>Board: cards, markers, party</source>
        <translation>盤面：カード・マーカー・探索隊</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="196"/>
        <source>Procedure</source>
        <translation>進行</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="197"/>
        <source>Characters and sheets</source>
        <translation>キャラクターとシート</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="198"/>
        <source>GM notes</source>
        <translation>GMメモ</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="199"/>
        <source>Undo and redo</source>
        <translation>元に戻す・やり直す</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="203"/>
        <source>Search the log…</source>
        <translation>ログを検索…</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="204"/>
        <source>Shows only the commands with a line containing this text.</source>
        <translation>この文字を含む行があるコマンドだけを表示します。</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="205"/>
        <source>Show one kind of entry</source>
        <translation>種類で絞り込む</translation>
    </message>
    <message>
        <location filename="../../app/panels/eventlog.py" line="206"/>
        <source>Show what concerns one character</source>
        <translation>キャラクターで絞り込む</translation>
    </message>
</context>
</TS>
