"""The log lines of CoC facts, in Japanese or English.

Each fact kind has one sentence (translated through the engine catalogue,
``engine/locale/ja/coc6_play.toml``); the words inside it — levels, HP
states, actions, conditions — come from :data:`WORDS`.  The rule IDs are
added by the event itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.i18n import render

#: Words of the CoC facts: English key → Japanese, one term per thing as the seeds say it
#: (決定的成功/致命的失敗 as seed 002 defines C and F; ディレイ as seed 004 names the action).
WORDS: dict[str, str] = {
    "critical": "決定的成功",
    "special": "スペシャル",
    "success": "成功",
    "failure": "失敗",
    "fumble": "致命的失敗",
    "conscious": "意識あり",
    "unconscious": "気絶",
    "dying": "瀕死",
    "dead": "死亡",
    "attack": "攻撃",
    "flee": "逃走",
    "dynamic_skill": "動的技能",
    "dodge": "回避",
    "cover": "かばう",
    "parry": "受け流し",
    "non_attack_skill": "攻撃以外の技能",
    "static_skill": "静的技能",
    "stand_up": "起き上がる",
    "delay": "ディレイ",
    "give_up_active": "能動行動を放棄",
    "prone": "転倒",
    "stun": "スタン",
    "tear_gas": "催涙ガス",
    "shock": "ショック",
    "burning": "炎上",
    "hp": "HP",
    "san": "SAN",
    "short": "短期の一時的狂気",
    "long": "長期の一時的狂気",
    "indefinite": "不定の狂気",
    "critical_1": "出目1の決定的成功",
    "fumble_100": "出目100の致命的失敗",
    "base": "初期値成功",
}


def word(key: object, lang: str) -> str:
    text = str(key)
    return WORDS.get(text, text) if lang == "ja" else text.replace("_", " ")


def _names(values: object, lang: str) -> str:
    items = list(values) if isinstance(values, (list, tuple)) else []
    return "、".join(str(v) for v in items) if lang == "ja" else ", ".join(str(v) for v in items)


def _chips(values: object) -> str:
    items = list(values) if isinstance(values, (list, tuple)) else []
    return " ".join(f"{int(v):+d}" for v in items) or "-"


def fact_text(fact: str, d: Mapping[str, Any], lang: str) -> str:
    """The log sentence of one fact (``d`` is the fact's JSON data)."""
    match fact:
        case "check":
            text = render(
                "{actor}: {what} {roll} / {target} → {level}", lang, actor=d["actor"], what=d["what"],
                roll=d["roll"], target=d["target"], level=word(d["level"], lang),
            )  # fmt: skip
            if d.get("modifier"):
                text += render(" (modifier {modifier:+d})", lang, modifier=d["modifier"])
            if d.get("caps"):
                text += render(" (capped from {raw})", lang, raw=d["raw_target"])
            if d.get("secret"):
                text += render(" (secret)", lang)
            return text
        case "app_preroll":
            return render("{actor}: APP roll before {skill} {roll} / {target} → {modifier:+d} to the check", lang,
                          actor=d["actor"], skill=d["skill"], roll=d["roll"], target=d["target"],
                          modifier=d["modifier"])  # fmt: skip
        case "san_paid":
            return render("{actor} pays {cost} SAN first ({before} → {after})", lang, actor=d["actor"],
                          cost=d["cost"], before=d["san_before"], after=d["san_after"])  # fmt: skip
        case "pool":
            return render("Pool after {actor}'s check: {chips}", lang, actor=d["actor"], chips=_chips(d["chips"]))
        case "growth_mark":
            return render("{actor}: growth mark on {skill} ({mark})", lang, actor=d["actor"], skill=d["skill"],
                          mark=word(d["mark"], lang))  # fmt: skip
        case "minus_paid":
            return render(
                "{actor} pays {amount} {resource} ({before} → {after}) to remove the {chip} chip", lang,
                actor=d["actor"], amount=sum(d["dice"]), resource=word(d["resource"], lang), before=d["before"],
                after=d["after"], chip=d["chip"],
            )  # fmt: skip
        case "pool_cancel":
            return render("A +{plus} chip cancels a {minus} chip; pool: {chips}", lang, plus=d["plus"],
                          minus=d["minus"], chips=_chips(d["chips"]))  # fmt: skip
        case "san":
            return render("{actor} loses {loss} SAN ({before} → {after})", lang, actor=d["actor"], loss=d["loss"],
                          before=d["san_before"], after=d["san_after"])  # fmt: skip
        case "madness":
            return render("{actor}: {kind} ({content})", lang, actor=d["actor"], kind=word(d["kind"], lang),
                          content=d.get("content") or "-")  # fmt: skip
        case "clock":
            return render("The game clock advances {minutes} minutes (minute {minute}).", lang,
                          minutes=d["minutes"], minute=d["minute"])  # fmt: skip
        case "treatment":
            result = render("cured", lang) if d["cured"] else render("not cured", lang)
            return render("{analyst} treats {patient}'s {kind}: {result}", lang, analyst=d["analyst"],
                          patient=d["patient"], kind=word(d["kind"], lang), result=result)  # fmt: skip
        case "growth_roll":
            return render(
                "{actor}: {skill} grows {before} → {after} (roll {roll}, +{amount})",
                lang,
                actor=d["actor"],
                skill=d["skill"],
                before=d["before"],
                after=d["after"],
                roll=d["growth_roll"] if d["growth_roll"] is not None else "-",
                amount=d["amount"],
            )
        case "student":
            return render("{name}: student changes (English {eb} → {ea}, Credit Rating {cb} → {ca})", lang,
                          name=d["name"], eb=d["english_before"], ea=d["english_after"], cb=d["credit_before"],
                          ca=d["credit_after"])  # fmt: skip
        case "combat_start":
            return render("Combat starts. Order: {order}", lang, order=_names(d["order"], lang))
        case "order":
            return render("The order is now: {order}", lang, order=_names(d["order"], lang))
        case "turn":
            return render("Round {round}: {actor}'s turn", lang, round=d["round"], actor=d["actor"])
        case "round_end":
            text = render("Round {round} ends.", lang, round=d["round"])
            if d.get("deaths"):
                text += render(" Dead: {names}.", lang, names=_names(d["deaths"], lang))
            for name, kind in d.get("conditions_over", ()):
                text += render(" {name}'s {kind} is over.", lang, name=name, kind=word(kind, lang))
            if d.get("stood_up"):
                text += render(" Standing up: {names}.", lang, names=_names(d["stood_up"], lang))
            return text
        case "combat_end":
            return render("The combat ends.", lang)
        case "action_b":
            return render("{name}: {action} ({cost} AP, {left} left)", lang, name=d["name"],
                          action=word(d["action"], lang), cost=d["cost"], left=d["ap_left"])  # fmt: skip
        case "action_a":
            return render(
                "{name}: {action} (active {active} / passive {passive} left)",
                lang,
                name=d["name"],
                action=word(d["action"], lang),
                active=d["active_left"],
                passive=d["passive_left"],
            )
        case "contest":
            return render("{name}: {kind} {roll} / {target} → {level}", lang, name=d["name"],
                          kind=word(d["kind"], lang), roll=d["roll"], target=d["target"],
                          level=word(d["level"], lang))  # fmt: skip
        case "cover":
            return render("{coverer} covers {covered} against {attacker}: {roll} / {target} → {level}", lang,
                          coverer=d["coverer"], covered=d["covered"], attacker=d["attacker"], roll=d["roll"],
                          target=d["target"], level=word(d["level"], lang))  # fmt: skip
        case "damage_roll":
            return render("Damage to {target}: {expression} = {total}", lang, target=d["target"],
                          expression=d["expression"], total=d["total"])  # fmt: skip
        case "hp":
            text = render("{name}: HP {before} → {after} ({state})", lang, name=d["name"], before=d["before"],
                          after=d["after"], state=word(d["state"], lang))  # fmt: skip
            if d.get("dies_at_end_of_round") is not None:
                text += render(" — dies at the end of round {round} without treatment", lang,
                               round=d["dies_at_end_of_round"])  # fmt: skip
            return text
        case "treated":
            return render("{name} is treated: HP {before} → {after} ({state})", lang, name=d["name"],
                          before=d["before"], after=d["after"], state=word(d["state"], lang))  # fmt: skip
        case "condition":
            if d.get("rounds_left") is None:
                return render("{target}: {kind} (until it ends)", lang, target=d["target"], kind=word(d["kind"], lang))
            return render("{target}: {kind} for {rounds} round(s)", lang, target=d["target"],
                          kind=word(d["kind"], lang), rounds=d["rounds_left"])  # fmt: skip
        case "grapple":
            if d["deals_damage"]:
                return render("{name}: grapple success {count} this round — it deals damage", lang,
                              name=d["name"], count=d["successes_this_round"])  # fmt: skip
            return render("{name}: grapple roll (successes this round: {count}), no damage yet", lang,
                          name=d["name"], count=d["successes_this_round"])  # fmt: skip
        case "manoeuvre":
            return render("{name}: {manoeuvre} {target} {detail}", lang, name=d["name"], manoeuvre=d["manoeuvre"],
                          target=d.get("target") or "", detail=d.get("detail") or "").rstrip()  # fmt: skip
        case "tackle":
            return render("{target}: DEX {dex_roll}/{dex_target}, CON {con_roll}/{con_target}", lang,
                          target=d["target"], dex_roll=d["dex_roll"], dex_target=d["dex_target"],
                          con_roll=d["con_roll"], con_target=d["con_target"])  # fmt: skip
        case "ma_bonus":
            if not d["applies"]:
                return render("{name}: no martial-arts bonus (the weapon changes the unarmed damage)", lang,
                              name=d["name"])  # fmt: skip
            if d["success"]:
                return render("{name}: martial arts succeeds — the damage dice are rolled twice", lang, name=d["name"])
            return render("{name}: martial arts fails — no bonus", lang, name=d["name"])
        case "rush":
            return render("{name} declares a rush on {target}: the second strike comes at the end of the round", lang,
                          name=d["name"], target=d["target"])  # fmt: skip
        case "strike":
            which = {"first": render("first strike", lang), "second": render("second strike", lang),
                     "rush_second": render("the rush's second strike", lang)}[d["which"]]  # fmt: skip
            return render("{name}: {which} at {target}", lang, name=d["name"], which=which, target=d["target"])
        case "parried":
            return render("{name} parries {attacker}'s strike", lang, name=d["name"], attacker=d["attacker"])
        case "feint":
            return render("{name} feints at {target} (declared before the roll)", lang, name=d["name"],
                          target=d["target"])  # fmt: skip
        case "feint_stopped":
            return render("{name} parries {attacker}'s first strike with martial arts: no second strike", lang,
                          name=d["name"], attacker=d["attacker"])  # fmt: skip
        case "counter_a":
            text = render("{name} counters {attacker} (A): parry {own:+d}, then attack; {attacker} parries at {opp:+d}",
                          lang, name=d["name"], attacker=d["attacker"], own=d["own_parry_modifier"],
                          opp=d["opponent_parry_modifier"])  # fmt: skip
            if d["unavoidable"]:
                text += render(" ({attacker} has no instant parry: the counter attack is unavoidable)", lang,
                               attacker=d["attacker"])  # fmt: skip
            return text
        case "counter_b":
            if d["hit"]:
                return render("{name} counters {attacker} (B): an unavoidable hit; {name} does nothing more this round",
                              lang, name=d["name"], attacker=d["attacker"])  # fmt: skip
            return render("{name} counters {attacker} (B): a miss; {name} does nothing more this round", lang,
                          name=d["name"], attacker=d["attacker"])  # fmt: skip
    return fact
