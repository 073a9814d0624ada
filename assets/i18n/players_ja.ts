<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>PlayersService</name>
    <message>
        <source>&amp;Players' devices…</source>
        <translation>プレイヤーの端末(&amp;P)…</translation>
    </message>
    <message>
        <source>Serve each player's own page (hand and sheet) to their phone on this network</source>
        <translation>各プレイヤー自身のページ（手札とシート）を、このネットワーク上の本人の端末に配信します</translation>
    </message>
    <message>
        <source>The players' pages cannot be served: {reason}</source>
        <translation>プレイヤー用ページを配信できません: {reason}</translation>
    </message>
    <message>
        <source>Copy link</source>
        <translation>リンクをコピー</translation>
    </message>
    <message>
        <source>Renew link</source>
        <translation>リンクを更新</translation>
    </message>
    <message>
        <source>Make a new link for this seat; the old one stops working at once.</source>
        <translation>この席の新しいリンクを作ります。古いリンクはすぐに使えなくなります。</translation>
    </message>
    <message>
        <source>On: serving the players' pages at {address}. Phones on the same network open the links below.</source>
        <translation>オン: プレイヤー用ページを {address} で配信しています。同じネットワークの端末で下のリンクを開いてください。</translation>
    </message>
    <message>
        <source>Off: nothing is served and nothing listens on the network.</source>
        <translation>オフ: 何も配信せず、ネットワークで待ち受けていません。</translation>
    </message>
    <message>
        <source>Turn off</source>
        <translation>停止する</translation>
    </message>
    <message>
        <source>Turn on</source>
        <translation>開始する</translation>
    </message>
    <message>
        <source>Players' devices</source>
        <translation>プレイヤーの端末</translation>
    </message>
    <message>
        <source>Each link opens one seat's page: the table's shows what the projector shows; a character's also shows that player's own hand and sheet. Anyone with a link sees that seat, so renew a link that reached the wrong person. Players change nothing from their pages.</source>
        <translation>各リンクは一つの席のページを開きます。卓の席はプロジェクターと同じものを、キャラクターの席はそれに加えてそのプレイヤー自身の手札とシートを表示します。リンクを知る人は誰でもその席を見られるので、別の人に渡ったリンクは更新してください。プレイヤーはページから何も変更できません。</translation>
    </message>
    <message numerus="yes">
        <source>● open on %n device(s)</source>
        <translation>
            <numerusform>● %n台の端末で表示中</numerusform>
        </translation>
    </message>
    <message>
        <source>not opened yet</source>
        <translation>未接続</translation>
    </message>
</context>
</TS>
