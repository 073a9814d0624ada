<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
    <context>
        <name>NewSessionDialog</name>
        <message>
            <source>Cap the bare skill, then add the modifiers (CHK-B-2; else the cap comes last)</source>
            <translation>技能値に上限を適用してから修正を加える（CHK-B-2。オフなら修正後の値に上限）</translation>
        </message>
    </context>
    <context>
        <name>PoolPanel</name>
        <message>
            <source>Spend +</source>
            <translation>＋チップを使う</translation>
        </message>
        <message>
            <source>Spend the plus chip on the chosen investigator's next check, or now</source>
            <translation>＋チップを選んだ探索者の次の判定に、または今すぐ使います</translation>
        </message>
        <message>
            <source>Whose next check takes the chip (or spend it now)</source>
            <translation>どの探索者の次の判定に使うか（または今すぐ）</translation>
        </message>
        <message>
            <source>now</source>
            <translation>今すぐ</translation>
        </message>
        <message>
            <source>{name}'s next check</source>
            <translation>{name} の次の判定</translation>
        </message>
        <message>
            <source>{chip} waits for {name}</source>
            <translation>{chip} は {name} の次の判定待ち</translation>
        </message>
        <message>
            <source>There is no minus chip to pay off.</source>
            <translation>支払って取り除く－チップがありません。</translation>
        </message>
        <message>
            <source>There is no plus chip to spend.</source>
            <translation>使える＋チップがありません。</translation>
        </message>
        <message>
            <source>Cancelling takes a plus chip and a minus chip.</source>
            <translation>相殺には＋チップと－チップが必要です。</translation>
        </message>
    </context>
    <context>
        <name>TrackerPanel</name>
        <message>
            <source>Damage target: the points the GM gives by hand</source>
            <translation>対象にダメージ：キーパーが手で与える点数</translation>
        </message>
        <message>
            <source>Unseen attack</source>
            <translation>見えない攻撃</translation>
        </message>
        <message>
            <source>The target does not see it coming: only an instant parry (CBT-B-2)</source>
            <translation>対象には見えていない：受け流しは即時宣言のみ（CBT-B-2）</translation>
        </message>
        <message>
            <source>Aimed blow: the body part the keeper allows (SKL-B-1)</source>
            <translation>部位狙い：キーパーが認めた部位（SKL-B-1）</translation>
        </message>
        <message>
            <source>The aimed blow&apos;s minus modifier; the damage stays the weapon&apos;s</source>
            <translation>部位狙いのマイナス修正（ダメージは武器のまま）</translation>
        </message>
        <message>
            <source>Instant parry</source>
            <translation>受け流しの即時宣言</translation>
        </message>
        <message>
            <source>The parry is declared at once: martial arts or a skill of 40 or more (CBT-B-2)</source>
            <translation>受け流しを即時宣言：MA か技能値 40 以上が必要（CBT-B-2）</translation>
        </message>
        <message>
            <source>No defence</source>
            <translation>防御なし</translation>
        </message>
        <message>
            <source>Damage roll</source>
            <translation>ダメージロール</translation>
        </message>
        <message>
            <source>Flee</source>
            <translation>逃走</translation>
        </message>
        <message>
            <source>Prone</source>
            <translation>転倒</translation>
        </message>
        <message>
            <source>Tear gas</source>
            <translation>催涙ガス</translation>
        </message>
        <message>
            <source>Fire</source>
            <translation>炎上</translation>
        </message>
        <message>
            <source>Surprise</source>
            <translation>不意打ち</translation>
        </message>
        <message>
            <source>The ▶ actor attacks the target with the chosen weapon; a hit waits for the defence</source>
            <translation>▶ の手番の者が選んだ武器で対象を攻撃。命中すると対象の防御を待ちます</translation>
        </message>
        <message>
            <source>The attacked target dodges (a critical or full-rear attack needs the GM's reason)</source>
            <translation>攻撃された対象が回避（決定的成功・完全後方奇襲にはキーパーの理由が必要）</translation>
        </message>
        <message>
            <source>The attacked target parries with its weapon skill (CBT-B-2)</source>
            <translation>攻撃された対象が武器の技能で受け流し（CBT-B-2）</translation>
        </message>
        <message>
            <source>The attacked target does not defend: the hit stands</source>
            <translation>攻撃された対象は防御せず、命中が確定します</translation>
        </message>
        <message>
            <source>The hit's damage from the weapon: DB, DB/2 thrown, impale, armour</source>
            <translation>武器のダメージ：DB、投擲は DB/2、貫通、装甲</translation>
        </message>
        <message>
            <source>The ▶ actor waits: the next combatant acts first this round</source>
            <translation>▶ の手番の者が待機：このラウンドは次の者が先に行動</translation>
        </message>
        <message>
            <source>The ▶ actor flees (3 points)</source>
            <translation>▶ の手番の者が逃走（3ポイント）</translation>
        </message>
        <message>
            <source>The target rolls against catching fire: Luck (melee) or Luck/2 (thrown, ranged)</source>
            <translation>対象の炎上判定：近接は幸運、投擲・遠距離は幸運/2</translation>
        </message>
        <message>
            <source>The target is surprised this round: frontal, flank or full rear</source>
            <translation>対象はこのラウンド奇襲を受けた：正面・側面・完全後方</translation>
        </message>
        <message>
            <source>The target falls prone</source>
            <translation>対象が転倒</translation>
        </message>
        <message>
            <source>The target is blinded by tear gas</source>
            <translation>対象が催涙ガスで目潰し</translation>
        </message>
        <message>
            <source>Target:</source>
            <translation>対象：</translation>
        </message>
        <message>
            <source>Armour:</source>
            <translation>装甲：</translation>
        </message>
        <message>
            <source>Pulled blow</source>
            <translation>手加減</translation>
        </message>
        <message>
            <source>Knockout</source>
            <translation>ノックアウト</translation>
        </message>
        <message>
            <source>Martial arts</source>
            <translation>マーシャルアーツ</translation>
        </message>
        <message>
            <source>Mad/confused</source>
            <translation>発狂・混乱中</translation>
        </message>
        <message>
            <source>The target is rolled over everyone in reach (CBT-B-9)</source>
            <translation>対象を届く範囲の全員からダイスで決めます（CBT-B-9）</translation>
        </message>
        <message>
            <source>GM override: the reason a defence stands against an unavoidable attack</source>
            <translation>キーパー裁定：必中の攻撃に防御を認める理由</translation>
        </message>
        <message>
            <source>Who covers the target against the ▶ actor (CBT-B-3)</source>
            <translation>▶ の手番の者の攻撃から対象をかばう者（CBT-B-3）</translation>
        </message>
        <message>
            <source>melee fire</source>
            <translation>近接の炎</translation>
        </message>
        <message>
            <source>thrown/ranged fire</source>
            <translation>投擲・遠距離の炎</translation>
        </message>
        <message>
            <source>frontal</source>
            <translation>正面</translation>
        </message>
        <message>
            <source>flank</source>
            <translation>側面</translation>
        </message>
        <message>
            <source>full rear</source>
            <translation>完全後方</translation>
        </message>
        <message>
            <source>HP</source>
            <translation>HP</translation>
        </message>
        <message>
            <source>Move the clicked combatant up (DEX ties as the GM sets); the turn goes back to the top</source>
            <translation>クリックした者を上へ（DEX が同じならキーパーが決める）。手番は先頭に戻ります</translation>
        </message>
        <message>
            <source>Move the clicked combatant down (DEX ties as the GM sets); the turn goes back to the top</source>
            <translation>クリックした者を下へ（DEX が同じならキーパーが決める）。手番は先頭に戻ります</translation>
        </message>
        <message>
            <source> — {target} defends against {attacker}</source>
            <translation> — {target} が {attacker} の攻撃に防御</translation>
        </message>
        <message>
            <source> — roll {attacker}'s damage to {target}</source>
            <translation> — {attacker} から {target} へのダメージロール</translation>
        </message>
        <message>
            <source>dies end of R{round}</source>
            <translation>R{round}終了時に死亡</translation>
        </message>
        <message>
            <source>Bare hands / skill</source>
            <translation>素手・技能</translation>
        </message>
        <message>
            <source>Choose the target of {name}'s attack.</source>
            <translation>{name} の攻撃の対象を選んでください。</translation>
        </message>
        <message>
            <source>Choose who covers {target} against {name}.</source>
            <translation>{name} の攻撃から {target} をかばう者を選んでください。</translation>
        </message>
    </context>
</TS>
