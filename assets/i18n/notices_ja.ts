<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>StepperPanel</name>
    <message>
        <source>Not everyone has declared</source>
        <translation>全員が宣言していません</translation>
    </message>
    <message>
        <source>{names}: no action declared yet.</source>
        <translation>{names}：まだ行動を宣言していません。</translation>
    </message>
    <message>
        <source>Declare “no action” for them and resolve, or go back and declare (INV-1).</source>
        <translation>「行動なし」を宣言して解決するか、戻って宣言してください（INV-1）。</translation>
    </message>
    <message>
        <source>Declare “no action” and resolve</source>
        <translation>「行動なし」を宣言して解決</translation>
    </message>
    <message>
        <source>Go back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>Not resolved: {names} still to declare.</source>
        <translation>解決していません：{names}がまだ宣言していません。</translation>
    </message>
</context>
<context>
    <name>EventLog</name>
    <message>
        <source>Refused {time}: {message}</source>
        <translation>却下 {time}：{message}</translation>
    </message>
</context>
<context>
    <name>UplandParts</name>
    <message>
        <source>Not started</source>
        <translation>未開始</translation>
    </message>
    <message>
        <source>off the map</source>
        <translation>マップの外</translation>
    </message>
    <message>
        <source>Mid-cycle the procedure moves the party (the time phase's Move, TIM-4; a fumbled scout, INV-3). Move it to {square} by hand anyway (no fatigue is paid)?</source>
        <translation>サイクルの途中では、パーティーは手順で動きます（時間経過フェイズの移動 TIM-4、偵察のファンブル INV-3）。それでも手で{square}に動かしますか（疲労は払いません）？</translation>
    </message>
</context>
<context>
    <name>BoardScene</name>
    <message>
        <source>{card} (face down)</source>
        <translation>{card}（裏向き）</translation>
    </message>
    <message>
        <source>a face-down card</source>
        <translation>裏向きのカード</translation>
    </message>
    <message>
        <source>{card}, tapped</source>
        <translation>{card}、タップ済み</translation>
    </message>
    <message>
        <source>{square}: {count} cards, top first</source>
        <translation>{square}：{count}枚（上から順に）</translation>
    </message>
    <message>
        <source>Move the party by hand?</source>
        <translation>パーティーを手で動かしますか？</translation>
    </message>
    <message>
        <source>Move it</source>
        <translation>動かす</translation>
    </message>
    <message>
        <source>Leave it</source>
        <translation>動かさない</translation>
    </message>
</context>
</TS>
