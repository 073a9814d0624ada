<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
    <context>
        <name>CharactersPanel</name>
        <message>
            <source>   [NPC]</source>
            <translation>　［NPC］</translation>
        </message>
    </context>
    <context>
        <name>CharacterDialog</name>
        <message>
            <source>NPC</source>
            <translation>NPC</translation>
        </message>
        <message>
            <source>Keeper's character (hidden from the players until shown)</source>
            <translation>キーパーのキャラクター（公開するまでプレイヤーには非公開）</translation>
        </message>
    </context>
    <context>
        <name>CocSheetDialog</name>
        <message>
            <source>NPC (keeper's character: no caps, hidden from the players until shown)</source>
            <translation>NPC（キーパーのキャラクター：技能の上限なし、公開するまでプレイヤーには非公開）</translation>
        </message>
        <message>
            <source>Damage bonus</source>
            <translation>ダメージボーナス</translation>
        </message>
        <message>
            <source>Rolled at</source>
            <translation>判定値</translation>
        </message>
        <message>
            <source>Weapons</source>
            <translation>武器</translation>
        </message>
        <message>
            <source> · SAN rolls at most {cap} (CHK-B-4)</source>
            <translation> · 正気度ロールは最大 {cap}（CHK-B-4）</translation>
        </message>
        <message>
            <source>The table changed this sheet; saving writes your version over it.</source>
            <translation>卓でこのシートが変更されました。保存するとこちらの内容で上書きします。</translation>
        </message>
        <message>
            <source>Fix the fields marked in red first.</source>
            <translation>赤枠の欄を先に直してください。</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>未保存の変更</translation>
        </message>
        <message>
            <source>Throw away the changes to {name}'s sheet?</source>
            <translation>{name} のシートの変更を破棄しますか？</translation>
        </message>
    </context>
    <context>
        <name>CocSheet</name>
        <message>
            <source>'{text}' is not a whole number.</source>
            <translation>「{text}」は整数ではありません。</translation>
        </message>
    </context>
    <context>
        <name>WeaponsTable</name>
        <message>
            <source>Weapon</source>
            <translation>武器</translation>
        </message>
        <message>
            <source>Skill</source>
            <translation>技能</translation>
        </message>
        <message>
            <source>Damage</source>
            <translation>ダメージ</translation>
        </message>
        <message>
            <source>Impaling</source>
            <translation>貫通</translation>
        </message>
        <message>
            <source>Thrown</source>
            <translation>投擲</translation>
        </message>
        <message>
            <source>Range</source>
            <translation>射程</translation>
        </message>
        <message>
            <source>Attacks</source>
            <translation>攻撃回数</translation>
        </message>
        <message>
            <source>Add a weapon</source>
            <translation>武器を追加</translation>
        </message>
        <message>
            <source>Remove the weapon</source>
            <translation>武器を削除</translation>
        </message>
        <message>
            <source>New weapon</source>
            <translation>新しい武器</translation>
        </message>
    </context>
</TS>
