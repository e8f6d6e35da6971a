"""The words of the command line in its four languages, in one place: 简体 (``zh-Hans``, also
``zh``), 繁體 (``zh-Hant``), English (``en``), 日本語 (``ja``).

Every sub-command that prints a table takes ``--lang`` (:func:`add_lang_option`); without it the
language follows the system locale (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``: ``zh_CN`` →
简体, ``zh_TW`` / ``zh_HK`` → 繁體, ``ja_JP`` → 日本語), else English — the same default for every
command and for the web page (which follows the browser's language).

Fan and yaku names come from the rule systems' own tables (MCR: simplified, traditional and
English names; riichi: English, Japanese and Chinese); the Japanese page and command line name the
MCR fans by their traditional characters, and traditional Chinese names the riichi yaku by
converting the simplified ones (:func:`traditional`).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ..mcr.fans import FanDef
    from ..mcr.scoring import FanEntry

__all__ = ["LANGS", "WORDS", "add_lang_option", "default_lang", "fan_name", "lang_of",
           "normalize_lang", "traditional", "words"]

LANGS: Final = ("zh-Hans", "zh-Hant", "en", "ja")

_ALIASES: Final = {
    "zh": "zh-Hans", "zh-hans": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh_cn": "zh-Hans",
    "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant", "zh_tw": "zh-Hant",
    "zh_hk": "zh-Hant", "en": "en", "ja": "ja", "jp": "ja",
}


def normalize_lang(text: str) -> str:
    """A language name as ``--lang`` takes it (``zh``, ``zh-Hans``, ``zh-TW``, ``ja`` …) → one of
    :data:`LANGS`; an argparse error for any other."""
    lang = _ALIASES.get(text.strip().lower())
    if lang is None:
        raise argparse.ArgumentTypeError(
            f"unknown language {text!r}: zh-Hans (or zh), zh-Hant, en or ja")
    return lang


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        tag = value.split(".")[0].split("@")[0].replace("_", "-").lower()
        if tag.startswith("zh"):
            return "zh-Hant" if tag.split("-")[-1] in ("tw", "hk", "mo", "hant") else "zh-Hans"
        if tag.startswith("ja"):
            return "ja"
        return "en"  # the first locale variable set decides (C, POSIX, en_US …: English)
    return "en"


def add_lang_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", type=normalize_lang, default=None, metavar="LANG",
                   help="language of the output: zh-Hans (or zh), zh-Hant, en, ja "
                        "(default: the system locale, LC_ALL / LANG, else en)")


def lang_of(args: argparse.Namespace) -> str:
    """The language of a command: ``--lang``, else the system locale's."""
    lang = getattr(args, "lang", None)
    return str(lang) if lang else default_lang()


def words(lang: str) -> Mapping[str, str]:
    return WORDS[lang]


def fan_name(fan: FanDef | FanEntry, lang: str) -> str:
    """An MCR fan's name in a language of the command line."""
    return str(fan.name("zh-Hant" if lang in ("zh-Hant", "ja") else "en" if lang == "en" else "zh"))


#: simplified → traditional, for the names the rule tables give in simplified Chinese only (the
#: riichi yaku and fu); the page's static/i18n.js has the same table
_S2T: Final = str.maketrans({
    "发": "發", "门": "門", "断": "斷", "风": "風", "东": "東", "场": "場", "岭": "嶺", "开": "開",
    "捞": "撈", "鱼": "魚", "抢": "搶", "杠": "槓", "双": "雙", "对": "對", "带": "帶", "气": "氣",
    "贯": "貫", "顺": "順", "头": "頭", "纯": "純", "国": "國", "无": "無", "莲": "蓮", "宝": "寶",
    "灯": "燈", "单": "單", "骑": "騎", "绿": "綠", "满": "滿", "里": "裏", "连": "連", "荣": "榮",
    "张": "張", "边": "邊", "补": "補", "计": "計", "两": "兩", "杯": "盃", "幺": "么", "进": "進",
    "铳": "銃", "闲": "閒", "庄": "莊", "种": "種", "听": "聽", "数": "數", "于": "於", "后": "後",
    "错": "錯",
})


def traditional(text: str) -> str:
    return text.translate(_S2T)


_EN: Final = {
    # suanfan mcr
    "fan": "Fan", "uses": "uses", "value": "value", "count": "count", "points": "points",
    "total": "Total", "without_flowers": "without flowers", "minimum": "minimum", "met": "met",
    "false_win": "false win", "settlement": "Settlement", "not_counted": "Not counted",
    "winner": "winner", "discarder": "discarder", "self_drawn": "self-drawn", "note": "note",
    "hand_word": "hand", "winds": "ESWN",
    "p_不重复": "non-repeat", "p_不拆移": "non-separation", "p_不得相同": "non-identical",
    "p_就高不就低": "take the higher", "p_套算一次": "account once", "p_disabled": "off under these rules",
    # forms (MCR results and shanten)
    "f_standard": "four sets and a pair", "f_nine_gates": "Nine Gates",
    "f_knitted_straight": "Knitted Straight", "f_seven_pairs": "Seven Pairs",
    "f_seven_shifted_pairs": "Seven Shifted Pairs", "f_thirteen_orphans": "Thirteen Orphans",
    "f_lesser_honors_and_knitted_tiles": "Lesser Honors and Knitted Tiles",
    "f_greater_honors_and_knitted_tiles": "Greater Honors and Knitted Tiles",
    "f_eight_flowers": "Eight Flowers", "f_honors_and_knitted": "Honors and Knitted Tiles",
    # suanfan riichi
    "yaku": "Yaku", "han": "han", "fu": "Fu", "pays": "Payment", "ron": "discarder pays",
    "fu_unit": "fu", "dora_ind": "Dora indicators", "ura_ind": "ura dora indicators", "none": "none",
    "kiriage": "kiriage: these rules round 4 han 30 fu and 3 han 60 fu up to mangan",
    "dealer": "dealer pays", "each": "each other player pays", "all": "each player pays",
    "receives": "winner receives", "honba": "honba", "sticks": "riichi sticks", "yakuman": "yakuman",
    "wait": "wait", "rounded": "rounded up", "is_dealer": "dealer",
    "l_mangan": "mangan", "l_haneman": "haneman", "l_baiman": "baiman", "l_sanbaiman": "sanbaiman",
    "l_yakuman": "yakuman", "l_kazoe yakuman": "counted yakuman",
    "w_tanki": "pair wait", "w_kanchan": "closed wait", "w_penchan": "edge wait",
    "w_ryanmen": "two-sided wait", "w_shanpon": "double pung wait", "w_kokushi": "thirteen orphans",
    "w_kokushi 13-sided": "thirteen orphans, 13-sided",
    # suanfan analyze / waits
    "a_hand": "hand", "a_shanten": "shanten", "a_forms": "forms", "a_discard": "discard",
    "a_useful": "useful", "a_tiles": "tiles", "a_waits": "waits", "a_kinds": "kinds",
    "a_unseen_total": "tiles unseen", "a_unseen": "unseen", "a_ok": "ok",
    "a_below": "below minimum", "a_sd_reaches": "self-drawn reaches it", "a_no_score": "no score",
    "a_no_yaku": "no yaku", "a_fan": "fan", "a_complete": "complete", "a_ready": "ready",
    "a_not_ready": "not ready: shanten", "a_wait": "wait",
    "a_fan_shanten": "fan shanten", "a_fan_way": "e.g.", "a_draw": "draw", "a_win_on": "win on",
    "a_out_of_reach": "out of reach", "a_by_self_draw": "self-drawn", "a_on_discard": "on a discard",
    "e_turn": "turn", "e_tenpai": "tenpai %", "e_win": "win %", "e_score": "exp. score",
    "e_two_step": "two-step", "e_good": "good shape %", "e_states": "states searched",
    "e_model": "model: mahjong-cpp v0.9.8 (self-draws only, automatic riichi)",
    "e_model_table": "model: table (self-draws only; discards to the river, the tiles really left, "
                     "riichi or dama by expected score)",
    "e_model_mcr": "model: mahjong-cpp v0.9.8's, MCR (self-draws only, a win needs the minimum)",
    "e_riichi": "riichi", "e_yes": "riichi", "e_dama": "dama",
    "e_fans": "fan combinations (win % at the turn):",
    "e_more": "more",
    # suanfan rules
    "r_source": "source", "r_what": "what", "r_differs": "differs", "r_differs_mcr": "differs from mcr",
    "r_reference": "(the reference)", "r_values": "values", "r_minimum": "minimum",
    "r_base": "base points", "r_false_win": "false win", "r_each": "each", "r_off": "off",
    "r_date": "date", "r_mcr_presets": "MCR presets (suanfan mcr --rules NAME)",
    "r_riichi_presets": "riichi presets (suanfan riichi --rules NAME)",
    "r_more": "A preset in full: suanfan rules NAME; two presets compared: suanfan rules --diff A B; "
              "an MCR user rule set: --rules-file FILE, --min-fan N, --fan-value FAN=N, --disable FAN, "
              "--enable FAN (also on `suanfan mcr`).",
    # suanfan tournament (sheets)
    "s_head": "round {round} table {table} ({system})",
    "s_record": "round {round} table {table} hand {number} ({label})", "s_entry": "entry {id}",
    "s_draw": "draw", "s_draw_tenpai": "draw (tenpai: {who})", "s_nobody": "nobody",
    "s_false_win": "false win by {who}{why}", "s_chombo": "chombo by {who}{why}",
    "s_penalty": "penalty {amount} for {who}{why}",
    "s_fan_total": "{winner} wins {fan} fan {how} (entered as a total)",
    "s_self": "self-drawn", "s_from": "from {who}", "s_tsumo": "tsumo", "s_ron_on": "ron on {who}",
    "s_points_total": "{winner} {how}, {hanfu} (entered as a total)",
    "s_mcr_win": "{winner} wins {hand} {how}: {total} fan ({fans})",
    "s_riichi_win": "{winner} {how} {hand}: {hanfu} ({yaku}{dora})",
    "s_dora": "; dora indicators {tiles}", "s_ura": ", ura dora indicators {tiles}",
    "s_han_fu": "{han} han {fu} fu", "s_yakuman": "{n}x yakuman",
    "s_col_hand": "hand", "s_col_entry": "entry", "s_col_what": "what",
    "s_scores": "scores", "s_totals": "totals", "s_final": "final points", "s_table_points": "table points",
    "s_ended": "ended", "s_next": "in play: next hand {number} ({label})",
    "s_hand_one": "1 hand", "s_hands": "{n} hands",
    "s_exact": "points are shown rounded to 0.01 (halves away from zero) and added up exactly; exact: {list}",
}
_ZH_HANS: Final = {
    "fan": "番种", "uses": "用到", "value": "番", "count": "数", "points": "小计", "total": "合计",
    "without_flowers": "不含花", "minimum": "起和", "met": "达到", "false_win": "错和",
    "settlement": "结算", "not_counted": "不计", "winner": "和牌", "discarder": "点炮",
    "self_drawn": "自摸", "note": "注", "hand_word": "全手", "winds": "东南西北",
    "p_不重复": "不重复", "p_不拆移": "不拆移", "p_不得相同": "不得相同", "p_就高不就低": "就高不就低",
    "p_套算一次": "套算一次", "p_disabled": "本规则不计",
    "f_standard": "四组一将", "f_nine_gates": "九莲宝灯", "f_knitted_straight": "组合龙",
    "f_seven_pairs": "七对", "f_seven_shifted_pairs": "连七对", "f_thirteen_orphans": "十三幺",
    "f_lesser_honors_and_knitted_tiles": "全不靠", "f_greater_honors_and_knitted_tiles": "七星不靠",
    "f_eight_flowers": "八花聚顶", "f_honors_and_knitted": "全不靠",
    "yaku": "役种", "han": "番", "fu": "符", "pays": "支付", "ron": "放铳者支付", "dealer": "庄家支付",
    "fu_unit": "符", "dora_ind": "宝牌指示牌", "ura_ind": "里宝牌指示牌", "none": "无",
    "kiriage": "切上满贯：本规则把 4 番 30 符、3 番 60 符进为满贯",
    "each": "每位闲家支付", "all": "每人支付", "receives": "和牌者共得", "honba": "本场",
    "sticks": "立直棒", "yakuman": "役满", "wait": "听牌", "rounded": "进位", "is_dealer": "庄家",
    "l_mangan": "满贯", "l_haneman": "跳满", "l_baiman": "倍满", "l_sanbaiman": "三倍满",
    "l_yakuman": "役满", "l_kazoe yakuman": "累计役满",
    "w_tanki": "单骑", "w_kanchan": "嵌张", "w_penchan": "边张", "w_ryanmen": "两面",
    "w_shanpon": "双碰", "w_kokushi": "国士无双", "w_kokushi 13-sided": "国士无双十三面",
    "a_hand": "手牌", "a_shanten": "向听", "a_forms": "各牌型", "a_discard": "打出",
    "a_useful": "有效牌", "a_tiles": "进张", "a_waits": "听牌", "a_kinds": "种",
    "a_unseen_total": "张未见", "a_unseen": "余", "a_ok": "够番", "a_below": "不够起和",
    "a_sd_reaches": "自摸可够", "a_no_score": "不能和", "a_no_yaku": "无役", "a_fan": "番",
    "a_complete": "和牌", "a_ready": "听牌", "a_not_ready": "未听牌：向听", "a_wait": "听",
    "a_fan_shanten": "番数向听", "a_fan_way": "例如", "a_draw": "摸进", "a_win_on": "和",
    "a_out_of_reach": "够不到", "a_by_self_draw": "自摸", "a_on_discard": "点和",
    "e_turn": "巡目", "e_tenpai": "听牌率%", "e_win": "和了率%", "e_score": "期望得点",
    "e_two_step": "两步进张", "e_good": "好型率%", "e_states": "搜索局面数",
    "e_model": "模型：mahjong-cpp v0.9.8（只计自摸，听牌即立直）",
    "e_model_table": "模型：牌桌（只计自摸；舍牌进牌河，分母为实际剩余牌数，立直与否按期望得点）",
    "e_model_mcr": "模型：mahjong-cpp v0.9.8，国标（只计自摸，和牌须达起和番）",
    "e_riichi": "立直", "e_yes": "立直", "e_dama": "默听", "e_fans": "番种组合（本巡起的和牌率%）：",
    "e_more": "种其他",
    "r_source": "出处", "r_what": "说明", "r_differs": "差异", "r_differs_mcr": "与 mcr 的差异",
    "r_reference": "（基准）", "r_values": "番值", "r_minimum": "起和番", "r_base": "底分",
    "r_false_win": "错和", "r_each": "每家", "r_off": "不计",
    "r_date": "日期", "r_mcr_presets": "国标规则（suanfan mcr --rules 名称）",
    "r_riichi_presets": "立直规则（suanfan riichi --rules 名称）",
    "r_more": "查看完整规则：suanfan rules 名称；比较两套规则：suanfan rules --diff A B；"
              "自定义国标规则：--rules-file 文件、--min-fan N、"
              "--fan-value 番种=N、--disable 番种、--enable 番种（suanfan mcr 同样可用）。",
    "s_head": "第 {round} 轮 第 {table} 桌（{system}）",
    "s_record": "第 {round} 轮 第 {table} 桌 第 {number} 局（{label}）", "s_entry": "记录 {id}",
    "s_draw": "流局", "s_draw_tenpai": "流局（听牌：{who}）", "s_nobody": "无人",
    "s_false_win": "{who} 错和{why}", "s_chombo": "{who} 诈和{why}",
    "s_penalty": "{who} 罚分 {amount}{why}",
    "s_fan_total": "{winner} 和牌 {fan} 番，{how}（按总数录入）",
    "s_self": "自摸", "s_from": "{who} 点炮", "s_tsumo": "自摸", "s_ron_on": "荣和（{who} 放铳）",
    "s_points_total": "{winner} {how}，{hanfu}（按总数录入）",
    "s_mcr_win": "{winner} 和 {hand}，{how}：{total} 番（{fans}）",
    "s_riichi_win": "{winner} {how} {hand}：{hanfu}（{yaku}{dora}）",
    "s_dora": "；宝牌指示牌 {tiles}", "s_ura": "，里宝牌指示牌 {tiles}",
    "s_han_fu": "{han} 番 {fu} 符", "s_yakuman": "{n} 倍役满",
    "s_col_hand": "局", "s_col_entry": "记录", "s_col_what": "说明",
    "s_scores": "点数", "s_totals": "总分", "s_final": "最终得点", "s_table_points": "标准分",
    "s_ended": "已结束", "s_next": "进行中：下一局 第 {number} 局（{label}）",
    "s_hand_one": "1 局", "s_hands": "{n} 局",
    "s_exact": "得点四舍五入到 0.01 显示（逢半远离零），合计按精确值；精确值：{list}",
}
_ZH_HANT: Final = {
    **{k: traditional(v) for k, v in _ZH_HANS.items()},
    "fan": "番種", "count": "數", "points": "小計", "total": "合計", "met": "達到", "false_win": "錯和",
    "settlement": "結算", "not_counted": "不計", "discarder": "放槍", "winds": "東南西北",
    "p_不重复": "不重複", "p_disabled": "本規則不計",
    "f_standard": "四組一將", "f_nine_gates": "九蓮寶燈", "f_knitted_straight": "組合龍",
    "f_seven_pairs": "七對", "f_seven_shifted_pairs": "連七對", "f_thirteen_orphans": "十三么",
    "f_eight_flowers": "八花聚頂", "yaku": "役種", "pays": "支付", "ron": "放銃者支付",
    "each": "每位閒家支付", "all": "每人支付", "receives": "和牌者共得", "sticks": "立直棒",
    "rounded": "進位", "a_forms": "各牌型", "a_tiles": "進張", "a_kinds": "種", "a_unseen_total": "張未見",
    "a_unseen": "餘", "a_ok": "夠番", "a_below": "不夠起和", "a_sd_reaches": "自摸可夠",
    "a_not_ready": "未聽牌：向聽",
    "a_fan_shanten": "番數向聽", "a_draw": "摸進", "a_out_of_reach": "夠不到", "a_on_discard": "點和",
    "r_source": "出處", "r_what": "說明", "r_differs": "差異",
    "r_differs_mcr": "與 mcr 的差異", "r_reference": "（基準）", "r_values": "番值", "r_base": "底分",
    "r_each": "每家", "r_date": "日期", "e_states": "搜尋局面數", "e_two_step": "兩步進張",
    "e_score": "期望得點",
    "e_model": "模型：mahjong-cpp v0.9.8（只計自摸，聽牌即立直）", "e_tenpai": "聽牌率%",
    "e_model_table": "模型：牌桌（只計自摸；捨牌進牌河，分母為實際剩餘牌數，立直與否按期望得點）",
    "e_model_mcr": "模型：mahjong-cpp v0.9.8，國標（只計自摸，和牌須達起和番）",
    "e_riichi": "立直", "e_yes": "立直", "e_dama": "默聽", "e_fans": "番種組合（本巡起的和牌率%）：",
    "e_more": "種其他",
    "r_mcr_presets": "國標規則（suanfan mcr --rules 名稱）",
    "r_riichi_presets": "立直規則（suanfan riichi --rules 名稱）",
    "r_more": "查看完整規則：suanfan rules 名稱；比較兩套規則：suanfan rules --diff A B；"
              "自訂國標規則：--rules-file 檔案、--min-fan N、"
              "--fan-value 番種=N、--disable 番種、--enable 番種（suanfan mcr 同樣可用）。",
    "s_head": "第 {round} 輪 第 {table} 桌（{system}）",
    "s_record": "第 {round} 輪 第 {table} 桌 第 {number} 局（{label}）", "s_entry": "記錄 {id}",
    "s_draw": "流局", "s_draw_tenpai": "流局（聽牌：{who}）", "s_nobody": "無人",
    "s_false_win": "{who} 錯和{why}", "s_chombo": "{who} 詐和{why}",
    "s_penalty": "{who} 罰分 {amount}{why}",
    "s_fan_total": "{winner} 和牌 {fan} 番，{how}（按總數錄入）",
    "s_self": "自摸", "s_from": "{who} 放槍", "s_tsumo": "自摸", "s_ron_on": "榮和（{who} 放銃）",
    "s_points_total": "{winner} {how}，{hanfu}（按總數錄入）",
    "s_mcr_win": "{winner} 和 {hand}，{how}：{total} 番（{fans}）",
    "s_riichi_win": "{winner} {how} {hand}：{hanfu}（{yaku}{dora}）",
    "s_dora": "；寶牌指示牌 {tiles}", "s_ura": "，裏寶牌指示牌 {tiles}",
    "s_han_fu": "{han} 番 {fu} 符", "s_yakuman": "{n} 倍役滿",
    "s_col_hand": "局", "s_col_entry": "記錄", "s_col_what": "說明",
    "s_scores": "點數", "s_totals": "總分", "s_final": "最終得點", "s_table_points": "標準分",
    "s_ended": "已結束", "s_next": "進行中：下一局 第 {number} 局（{label}）",
    "s_hand_one": "1 局", "s_hands": "{n} 局",
    "s_exact": "得點四捨五入到 0.01 顯示（逢半遠離零），合計按精確值；精確值：{list}",
}
_JA: Final = {
    "fan": "番種", "uses": "構成", "value": "番", "count": "数", "points": "小計", "total": "合計",
    "without_flowers": "花牌を除く", "minimum": "縛り", "met": "達成", "false_win": "錯和",
    "settlement": "精算", "not_counted": "数えない役", "winner": "和了", "discarder": "放銃",
    "self_drawn": "自摸", "note": "注", "hand_word": "手牌全体", "winds": "東南西北",
    "p_不重复": "不重複", "p_不拆移": "不拆移", "p_不得相同": "不得相同", "p_就高不就低": "高点法",
    "p_套算一次": "套算一次", "p_disabled": "このルールでは無効",
    "f_standard": "四面子一雀頭", "f_nine_gates": "九蓮宝燈", "f_knitted_straight": "組合龍",
    "f_seven_pairs": "七対", "f_seven_shifted_pairs": "連七対", "f_thirteen_orphans": "十三么",
    "f_lesser_honors_and_knitted_tiles": "全不靠", "f_greater_honors_and_knitted_tiles": "七星不靠",
    "f_eight_flowers": "八花聚頂", "f_honors_and_knitted": "全不靠",
    "yaku": "役", "han": "翻", "fu": "符", "pays": "支払い", "ron": "放銃者", "dealer": "親",
    "fu_unit": "符", "dora_ind": "ドラ表示牌", "ura_ind": "裏ドラ表示牌", "none": "なし",
    "kiriage": "切り上げ満貫：このルールでは 4 翻 30 符・3 翻 60 符を満貫とする",
    "each": "子", "all": "全員", "receives": "和了者の収入", "honba": "本場", "sticks": "供託",
    "yakuman": "役満", "wait": "待ち", "rounded": "切り上げ", "is_dealer": "親",
    "l_mangan": "満貫", "l_haneman": "跳満", "l_baiman": "倍満", "l_sanbaiman": "三倍満",
    "l_yakuman": "役満", "l_kazoe yakuman": "数え役満",
    "w_tanki": "単騎", "w_kanchan": "嵌張", "w_penchan": "辺張", "w_ryanmen": "両面",
    "w_shanpon": "双碰", "w_kokushi": "国士無双", "w_kokushi 13-sided": "国士無双十三面",
    "a_hand": "手牌", "a_shanten": "向聴", "a_forms": "形ごと", "a_discard": "打牌",
    "a_useful": "有効牌", "a_tiles": "受け入れ", "a_waits": "待ち", "a_kinds": "種",
    "a_unseen_total": "枚が見えていない", "a_unseen": "残り", "a_ok": "縛り達成", "a_below": "縛りに届かない",
    "a_sd_reaches": "ツモなら届く", "a_no_score": "和了できない", "a_no_yaku": "役なし", "a_fan": "番",
    "a_complete": "和了", "a_ready": "聴牌", "a_not_ready": "未聴牌：向聴", "a_wait": "待ち",
    "a_fan_shanten": "番縛り込みの向聴", "a_fan_way": "例", "a_draw": "ツモ", "a_win_on": "和了牌",
    "a_out_of_reach": "届かない", "a_by_self_draw": "ツモ和了", "a_on_discard": "ロン和了",
    "e_turn": "巡目", "e_tenpai": "聴牌率%", "e_win": "和了率%", "e_score": "期待値",
    "e_two_step": "二歩受け入れ", "e_good": "良形率%", "e_states": "探索局面数",
    "e_model": "モデル：mahjong-cpp v0.9.8（ツモのみ、聴牌即リーチ）",
    "e_model_table": "モデル：卓（ツモのみ、捨て牌は河へ、分母は実際の残り枚数、リーチかダマかは期待値で）",
    "e_model_mcr": "モデル：mahjong-cpp v0.9.8、中国麻雀（ツモのみ、和了は縛りの番数以上）",
    "e_riichi": "リーチ", "e_yes": "リーチ", "e_dama": "ダマ",
    "e_fans": "番種の組み合わせ（この巡からの和了率%）：",
    "e_more": "件ほか",
    "r_source": "出典", "r_what": "説明", "r_differs": "違い", "r_differs_mcr": "mcr との違い",
    "r_reference": "（基準）", "r_values": "番数", "r_minimum": "縛り", "r_base": "基本点",
    "r_false_win": "錯和", "r_each": "各自", "r_off": "無効",
    "r_date": "日付", "r_mcr_presets": "中国麻将のルール（suanfan mcr --rules 名前）",
    "r_riichi_presets": "リーチ麻雀のルール（suanfan riichi --rules 名前）",
    "r_more": "ルール全体：suanfan rules 名前；二つのルールの比較：suanfan rules --diff A B；"
              "独自の中国麻将ルール：--rules-file ファイル、--min-fan N、"
              "--fan-value 番種=N、--disable 番種、--enable 番種（suanfan mcr でも使える）。",
    "s_head": "第{round}回戦 {table}卓（{system}）",
    "s_record": "第{round}回戦 {table}卓 第{number}局（{label}）", "s_entry": "記録 {id}",
    "s_draw": "流局", "s_draw_tenpai": "流局（聴牌：{who}）", "s_nobody": "なし",
    "s_false_win": "{who} 誤和{why}", "s_chombo": "{who} チョンボ{why}",
    "s_penalty": "{who} ペナルティ {amount}{why}",
    "s_fan_total": "{winner} 和了 {fan} 番、{how}（合計で入力）",
    "s_self": "自摸", "s_from": "{who} の放銃", "s_tsumo": "ツモ", "s_ron_on": "ロン（{who} 放銃）",
    "s_points_total": "{winner} {how}、{hanfu}（合計で入力）",
    "s_mcr_win": "{winner} 和了 {hand}、{how}：{total} 番（{fans}）",
    "s_riichi_win": "{winner} {how} {hand}：{hanfu}（{yaku}{dora}）",
    "s_dora": "；ドラ表示牌 {tiles}", "s_ura": "、裏ドラ表示牌 {tiles}",
    "s_han_fu": "{han}翻{fu}符", "s_yakuman": "{n}倍役満",
    "s_col_hand": "局", "s_col_entry": "記録", "s_col_what": "内容",
    "s_scores": "持ち点", "s_totals": "合計", "s_final": "最終ポイント", "s_table_points": "順位点",
    "s_ended": "終了", "s_next": "対局中：次は第{number}局（{label}）",
    "s_hand_one": "1局", "s_hands": "{n}局",
    "s_exact": "ポイントは 0.01 単位に丸めて表示（0.5 は 0 から遠い方へ）、合計は厳密に計算；厳密値：{list}",
}

#: every word of the command line's tables, by language
WORDS: Final[Mapping[str, Mapping[str, str]]] = {"zh-Hans": _ZH_HANS, "zh-Hant": _ZH_HANT, "en": _EN,
                                                 "ja": _JA}

for _lang, _table in WORDS.items():  # every language has every word
    if set(_table) != set(_EN):
        raise AssertionError(f"{_lang}: words missing {sorted(set(_EN) - set(_table))}")
