<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>StartPage</name>
    <message>
        <source>Last open: {name}</source>
        <translation>前回のセッション：{name}</translation>
    </message>
    <message>
        <source>Welcome! Start with the demo to see a session already laid out.</source>
        <translation>ようこそ。デモから始めると、並べ終えたセッションを見られます。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;Close</source>
        <translation>閉じる(&amp;C)</translation>
    </message>
    <message>
        <source>Could not close the session</source>
        <translation>セッションを閉じられませんでした</translation>
    </message>
</context>
</TS>
