/* suanfan 算番 — every word of the calculator page in its four languages: 简体 (zh-Hans),
 * 繁體 (zh-Hant), English (en), 日本語 (ja). The scores and their explanations come from the
 * server; this file only names things (fan and yaku names come with the server's results).
 * Loaded before app.js; it defines one global, SUANFAN_I18N. */
"use strict";
window.SUANFAN_I18N = (function () {
  const LANGS = ["zh-Hans", "zh-Hant", "en", "ja"];
  const en = {
    mcr: "MCR", riichi: "Riichi", hand: "Hand", clear: "Clear", example: "Example", undo: "Undo", redo: "Redo",
    tap_remove: "Tap tiles below to add them; tap a tile in the hand to remove it or make it the winning tile",
    notation: "Notation (type it directly)", m_tile: "Tile", m_chow: "Chow", m_pung: "Pung", m_kong: "Kong",
    m_dora: "Dora", m_seen: "Seen", claimed: "Claimed", concealed: "Concealed", promoted: "Added kong",
    from: "From", from_unknown: "—", from_left: "left", from_opposite: "opposite", from_right: "right",
    red_five: "with red five", flowers: "Flowers", preset: "Rules", seat_wind: "Seat wind",
    prevalent_wind: "Prevalent wind", round_wind: "Round wind", discarder: "Discarder",
    keep_winds: "Keep the winds on Clear", dora: "Dora indicators", ura: "Ura-dora indicators", honba: "Honba",
    sticks: "Riichi sticks", nuki: "Nuki dora (3 players)", visible: "Seen tiles (discards, others' melds)", share: "Copy link", history: "Hands scored", history_clear: "Clear history", running: "Running totals",
    picture: "Download picture", set_win: "Winning tile", remove: "Remove",
    footer: "suanfan: mahjong hands scored exactly by the rules (Chinese Official and riichi).",
    tiles_n: (n) => `${n} tiles`, need_more: (n) => `add ${n} more`, full: "the hand is full (14 tiles)",
    empty: "Tap tiles or type a hand", winning: "win", chow: "chow", pung: "pung", kong_open: "kong",
    kong_closed: "concealed kong", kong_added: "added kong", fan: "fan", total: "Total",
    min_ok: (m) => `meets the ${m}-fan minimum`, min_no: (m) => `below the ${m}-fan minimum`,
    false_win: "False win", false_claimant: "False win (pays)", settlement: "Settlement", winner: "Winner",
    other: "Other", shanten: (n) => n === 0 ? "Ready" : n < 0 ? "Complete" : `${n} from ready`,
    waits: "Waits and what each scores", no_score: "no fan", no_yaku: "no yaku", unseen: (n) => `${n} left`,
    han: "han", fu: "fu", yakuman: "yakuman", ron: "Ron", tsumo_pay: "Tsumo", dealer_pays: "dealer pays",
    nondealer_pays: "others pay", all_pay: "each pays", points: "points",
    complete_not_winning: "This hand does not win", mcr_total_without: (n) => `${n} without flowers`,
    limit: { mangan: "Mangan", haneman: "Haneman", baiman: "Baiman", sanbaiman: "Sanbaiman", yakuman: "Yakuman",
      "kazoe yakuman": "Counted yakuman" },
    winds: ["E", "S", "W", "N"], chow_honour: "honours cannot form a chow",
    too_many: (t) => `${t}: all 4 copies are used`, need_meld_room: "no room for that set in the hand",
    server_down: "cannot reach the server", offline: "Offline: the page works, but scoring needs the server", engine_loading: (mb) => `Loading the calculator (${mb} MB, once)…`, engine_loading_size: (a, b) => `Loading the calculator: ${a} of ${b} MB (once)…`, engine_failed: (why) => `The calculator could not start: ${why}`,
    dora_added: "added to the dora indicators", seen_added: "added to the seen tiles", fu_title: "Fu",
    useful: "Useful draws", advice: "What to discard", col_discard: "Discard", col_shanten: "From ready",
    col_useful: "Useful draws (left)", decomposition: "Reading", not_counted: "Not counted",
    by: (name) => `implied by ${name}`, self_drawn_short: (n) => `self-drawn ${n}`, dealer_badge: "Dealer",
    payment: "Payment", link_copied: "Link copied", link_ready: "Link to this hand:", wait: "wait",
    seat: (w) => w, dealer_seat: "dealer",
    flag: { self_drawn: "Self-drawn", last_tile_of_wall: "Last tile of the wall", kong: "Won on a kong",
      last_of_kind: "Last of its kind", heavenly_hand: "Heavenly Hand", earthly_hand: "Earthly Hand",
      human_hand: "Human Hand", heavenly_ready: "Heavenly Ready", earthly_ready: "Earthly Ready",
      declared_ready: "Declared Ready", declared_ready_first_round: "Declared Ready in the first go-round",
      tsumo: "Tsumo", riichi: "Riichi", double_riichi: "Double riichi", ippatsu: "Ippatsu", rinshan: "Rinshan",
      chankan: "Chankan", haitei: "Haitei", houtei: "Houtei", tenhou: "Tenhou", chiihou: "Chiihou",
      renhou: "Renhou" },
    forms: { standard: "four sets and a pair", nine_gates: "Nine Gates", knitted_straight: "Knitted Straight",
      seven_pairs: "Seven Pairs", seven_shifted_pairs: "Seven Shifted Pairs", thirteen_orphans: "Thirteen Orphans",
      lesser_honors_and_knitted_tiles: "Lesser Honors and Knitted Tiles",
      greater_honors_and_knitted_tiles: "Greater Honors and Knitted Tiles", eight_flowers: "Eight Flowers" },
    principles: { "不重复": "non-repeat", "不拆移": "non-separation", "不得相同": "non-identical",
      "就高不就低": "take the higher", "套算一次": "account once", disabled: "off under these rules" },
    fu_items: { base: "base fu", chiitoitsu: "seven pairs: fixed 25 fu", menzen_ron: "closed hand won on a discard",
      tsumo: "self-drawn win", kanchan: "closed wait", penchan: "edge wait", tanki: "pair wait",
      yakuhai_pair: "pair of a value tile", double_wind_pair: "pair of the seat and round wind",
      open_pung: "open pung", closed_pung: "concealed pung", open_kong: "open kong", closed_kong: "concealed kong",
      open_pinfu: "open hand without fu: raised to 30" },
    fu_tags: { terminal_honour: "terminal or honour ×2", by_discard: "completed on a discard: counts as open" },
    waits_kind: { tanki: "pair wait", kanchan: "closed wait", penchan: "edge wait", ryanmen: "two-sided wait",
      shanpon: "double pung wait", kokushi: "thirteen orphans", "kokushi 13-sided": "thirteen-sided" },
    err: {
      copies: (t, n) => `${n} copies of ${t}: there are only 4 of each tile`,
    },
    lang_name: "English",
  };
  const zhHans = {
    mcr: "国标", riichi: "立直", hand: "手牌", clear: "清空", example: "示例", undo: "撤销", redo: "重做",
    tap_remove: "点选下方牌面加入手牌；点手牌中的牌可移除或设为和张",
    notation: "牌谱写法（可直接输入）", m_tile: "单张", m_chow: "吃", m_pung: "碰", m_kong: "杠", m_dora: "宝牌",
    m_seen: "见牌", claimed: "明（鸣牌）", concealed: "暗", promoted: "加杠", from: "来自", from_unknown: "—",
    from_left: "上家", from_opposite: "对家", from_right: "下家", red_five: "含赤五", flowers: "花牌", preset: "规则",
    seat_wind: "门风", prevalent_wind: "圈风", round_wind: "场风", discarder: "点炮者", keep_winds: "清空时保留风位",
    dora: "宝牌指示牌", ura: "里宝牌指示牌", honba: "本场", sticks: "供托", nuki: "拔北（三麻）", visible: "见牌（弃牌、他家副露）",
    share: "复制链接", history: "已算的牌", history_clear: "清除历史", running: "累计", picture: "下载图片", set_win: "设为和张", remove: "移除",
    footer: "算番：按规则精确算番（国标麻将与日本立直麻将）。",
    tiles_n: (n) => `${n} 张`, need_more: (n) => `再加 ${n} 张`, full: "手牌已满（14 张）",
    empty: "点选牌面或输入牌谱", winning: "和张", chow: "吃", pung: "碰", kong_open: "明杠", kong_closed: "暗杠",
    kong_added: "加杠", fan: "番", total: "合计", min_ok: (m) => `够 ${m} 番起和`, min_no: (m) => `不足 ${m} 番起和`,
    false_win: "错和", false_claimant: "错和（赔付）", settlement: "结算", winner: "和牌者", other: "其他",
    shanten: (n) => n === 0 ? "听牌" : n < 0 ? "和牌" : `${n} 向听`, waits: "听牌与得分", no_score: "无番",
    no_yaku: "无役", unseen: (n) => `余 ${n} 张`, han: "番", fu: "符", yakuman: "役满", ron: "荣和",
    tsumo_pay: "自摸", dealer_pays: "庄家付", nondealer_pays: "闲家付", all_pay: "各家付", points: "点",
    complete_not_winning: "这手牌不能和", mcr_total_without: (n) => `不含花 ${n} 番`,
    limit: { mangan: "满贯", haneman: "跳满", baiman: "倍满", sanbaiman: "三倍满", yakuman: "役满",
      "kazoe yakuman": "累计役满" },
    winds: ["东", "南", "西", "北"], chow_honour: "字牌不能吃", too_many: (t) => `${t} 已有 4 张`,
    need_meld_room: "手牌放不下这组牌", server_down: "无法连接服务器",
    offline: "离线：页面可用，但算分需要连接服务器", engine_loading: (mb) => `正在载入计算器（${mb} MB，仅首次）…`, engine_loading_size: (a, b) => `正在载入计算器：${a} / ${b} MB（仅首次）…`, engine_failed: (why) => `计算器无法启动：${why}`, dora_added: "已加入宝牌指示牌", seen_added: "已加入见牌",
    fu_title: "符数", useful: "有效牌（进张）", advice: "打哪张", col_discard: "打出", col_shanten: "向听",
    col_useful: "有效牌（余张）", decomposition: "拆解", not_counted: "不计", by: (name) => `因${name}不计`,
    self_drawn_short: (n) => `自摸 ${n}`, dealer_badge: "庄家", payment: "收支", link_copied: "链接已复制",
    link_ready: "本手牌的链接：", wait: "听牌", seat: (w) => w, dealer_seat: "庄",
    flag: { self_drawn: "自摸", last_tile_of_wall: "妙手回春 / 海底捞月", kong: "杠上开花 / 抢杠和",
      last_of_kind: "和绝张", heavenly_hand: "天和", earthly_hand: "地和", human_hand: "人和",
      heavenly_ready: "天听", earthly_ready: "地听", declared_ready: "报听", declared_ready_first_round: "双报听",
      tsumo: "自摸", riichi: "立直", double_riichi: "两立直", ippatsu: "一发", rinshan: "岭上开花",
      chankan: "抢杠", haitei: "海底摸月", houtei: "河底捞鱼", tenhou: "天和", chiihou: "地和", renhou: "人和" },
    forms: { standard: "四组一将", nine_gates: "九莲宝灯", knitted_straight: "组合龙", seven_pairs: "七对",
      seven_shifted_pairs: "连七对", thirteen_orphans: "十三幺", lesser_honors_and_knitted_tiles: "全不靠",
      greater_honors_and_knitted_tiles: "七星不靠", eight_flowers: "八花聚顶" },
    principles: { "不重复": "不重复", "不拆移": "不拆移", "不得相同": "不得相同", "就高不就低": "就高不就低",
      "套算一次": "套算一次", disabled: "本规则不计" },
    fu_items: { base: "底符", chiitoitsu: "七对子固定 25 符", menzen_ron: "门前荣和加符", tsumo: "自摸符",
      kanchan: "嵌张", penchan: "边张", tanki: "单骑", yakuhai_pair: "役牌雀头", double_wind_pair: "连风牌雀头",
      open_pung: "明刻", closed_pung: "暗刻", open_kong: "明杠", closed_kong: "暗杠", open_pinfu: "副露平和型补符" },
    fu_tags: { terminal_honour: "幺九牌 ×2", by_discard: "荣和成刻按明刻计" },
    waits_kind: { tanki: "单骑", kanchan: "嵌张", penchan: "边张", ryanmen: "两面", shanpon: "双碰",
      kokushi: "国士无双", "kokushi 13-sided": "国士十三面" },
    err: {
      copies: (t, n) => `${t} 有 ${n} 张：每种牌只有 4 张`,
      count: (n) => `${n} 张牌（杠算 3 张）：手牌应为 13 或 14 张`,
      char: (c, p) => `第 ${p} 个字符“${c}”无法识别`,
      not_complete: "这手牌不是和牌型（四组一将、七对、十三幺、全不靠或组合龙）",
      no_yaku: "这手牌和了但无役（宝牌不算役）",
      meld: (m) => `副露 ${m} 不是吃、碰或杠`,
      melds: "副露最多 4 组",
      preset: "没有这个规则",
      need_win: "13 张是听牌型：再加和张才能算分",
      generic: "输入有误：",
    },
    lang_name: "简体",
  };
  const zhHant = {
    mcr: "國標", riichi: "立直", hand: "手牌", clear: "清空", example: "範例", undo: "復原", redo: "重做",
    tap_remove: "點選下方牌面加入手牌；點手牌中的牌可移除或設為和張",
    notation: "牌譜寫法（可直接輸入）", m_tile: "單張", m_chow: "吃", m_pung: "碰", m_kong: "槓", m_dora: "寶牌",
    m_seen: "見牌", claimed: "明（鳴牌）", concealed: "暗", promoted: "加槓", from: "來自", from_unknown: "—",
    from_left: "上家", from_opposite: "對家", from_right: "下家", red_five: "含赤五", flowers: "花牌", preset: "規則",
    seat_wind: "門風", prevalent_wind: "圈風", round_wind: "場風", discarder: "放槍者", keep_winds: "清空時保留風位",
    dora: "寶牌指示牌", ura: "裏寶牌指示牌", honba: "本場", sticks: "供託", nuki: "拔北（三麻）", visible: "見牌（棄牌、他家副露）",
    share: "複製連結", history: "已算的牌", history_clear: "清除歷史", running: "累計", picture: "下載圖片", set_win: "設為和張", remove: "移除",
    footer: "算番：依規則精確算番（國標麻將與日本立直麻將）。",
    tiles_n: (n) => `${n} 張`, need_more: (n) => `再加 ${n} 張`, full: "手牌已滿（14 張）",
    empty: "點選牌面或輸入牌譜", winning: "和張", chow: "吃", pung: "碰", kong_open: "明槓", kong_closed: "暗槓",
    kong_added: "加槓", fan: "番", total: "合計", min_ok: (m) => `夠 ${m} 番起和`, min_no: (m) => `不足 ${m} 番起和`,
    false_win: "錯和", false_claimant: "錯和（賠付）", settlement: "結算", winner: "和牌者", other: "其他",
    shanten: (n) => n === 0 ? "聽牌" : n < 0 ? "和牌" : `${n} 向聽`, waits: "聽牌與得分", no_score: "無番",
    no_yaku: "無役", unseen: (n) => `餘 ${n} 張`, han: "番", fu: "符", yakuman: "役滿", ron: "榮和",
    tsumo_pay: "自摸", dealer_pays: "莊家付", nondealer_pays: "閒家付", all_pay: "各家付", points: "點",
    complete_not_winning: "這手牌不能和", mcr_total_without: (n) => `不含花 ${n} 番`,
    limit: { mangan: "滿貫", haneman: "跳滿", baiman: "倍滿", sanbaiman: "三倍滿", yakuman: "役滿",
      "kazoe yakuman": "累計役滿" },
    winds: ["東", "南", "西", "北"], chow_honour: "字牌不能吃", too_many: (t) => `${t} 已有 4 張`,
    need_meld_room: "手牌放不下這組牌", server_down: "無法連線到伺服器",
    offline: "離線：頁面可用，但算分需要連線到伺服器", engine_loading: (mb) => `正在載入計算器（${mb} MB，僅首次）…`, engine_loading_size: (a, b) => `正在載入計算器：${a} / ${b} MB（僅首次）…`, engine_failed: (why) => `計算器無法啟動：${why}`, dora_added: "已加入寶牌指示牌", seen_added: "已加入見牌",
    fu_title: "符數", useful: "有效牌（進張）", advice: "打哪張", col_discard: "打出", col_shanten: "向聽",
    col_useful: "有效牌（餘張）", decomposition: "拆解", not_counted: "不計", by: (name) => `因${name}不計`,
    self_drawn_short: (n) => `自摸 ${n}`, dealer_badge: "莊家", payment: "收支", link_copied: "連結已複製",
    link_ready: "本手牌的連結：", wait: "聽牌", seat: (w) => w, dealer_seat: "莊",
    flag: { self_drawn: "自摸", last_tile_of_wall: "妙手回春 / 海底撈月", kong: "槓上開花 / 搶槓和",
      last_of_kind: "和絕張", heavenly_hand: "天和", earthly_hand: "地和", human_hand: "人和",
      heavenly_ready: "天聽", earthly_ready: "地聽", declared_ready: "報聽", declared_ready_first_round: "雙報聽",
      tsumo: "自摸", riichi: "立直", double_riichi: "兩立直", ippatsu: "一發", rinshan: "嶺上開花",
      chankan: "搶槓", haitei: "海底摸月", houtei: "河底撈魚", tenhou: "天和", chiihou: "地和", renhou: "人和" },
    forms: { standard: "四組一將", nine_gates: "九蓮寶燈", knitted_straight: "組合龍", seven_pairs: "七對",
      seven_shifted_pairs: "連七對", thirteen_orphans: "十三么", lesser_honors_and_knitted_tiles: "全不靠",
      greater_honors_and_knitted_tiles: "七星不靠", eight_flowers: "八花聚頂" },
    principles: { "不重复": "不重複", "不拆移": "不拆移", "不得相同": "不得相同", "就高不就低": "就高不就低",
      "套算一次": "套算一次", disabled: "本規則不計" },
    fu_items: { base: "底符", chiitoitsu: "七對子固定 25 符", menzen_ron: "門前榮和加符", tsumo: "自摸符",
      kanchan: "嵌張", penchan: "邊張", tanki: "單騎", yakuhai_pair: "役牌雀頭", double_wind_pair: "連風牌雀頭",
      open_pung: "明刻", closed_pung: "暗刻", open_kong: "明槓", closed_kong: "暗槓", open_pinfu: "副露平和型補符" },
    fu_tags: { terminal_honour: "么九牌 ×2", by_discard: "榮和成刻按明刻計" },
    waits_kind: { tanki: "單騎", kanchan: "嵌張", penchan: "邊張", ryanmen: "兩面", shanpon: "雙碰",
      kokushi: "國士無雙", "kokushi 13-sided": "國士十三面" },
    err: {
      copies: (t, n) => `${t} 有 ${n} 張：每種牌只有 4 張`,
      count: (n) => `${n} 張牌（槓算 3 張）：手牌應為 13 或 14 張`,
      char: (c, p) => `第 ${p} 個字元「${c}」無法辨識`,
      not_complete: "這手牌不是和牌型（四組一將、七對、十三么、全不靠或組合龍）",
      no_yaku: "這手牌和了但無役（寶牌不算役）",
      meld: (m) => `副露 ${m} 不是吃、碰或槓`,
      melds: "副露最多 4 組",
      preset: "沒有這個規則",
      need_win: "13 張是聽牌型：再加和張才能算分",
      generic: "輸入有誤：",
    },
    lang_name: "繁體",
  };
  const ja = {
    mcr: "中国麻将", riichi: "リーチ麻雀", hand: "手牌", clear: "クリア", example: "例", undo: "元に戻す",
    redo: "やり直す", tap_remove: "下の牌をタップして手牌に加える。手牌の牌をタップすると外すか和了牌にできる",
    notation: "牌譜表記（直接入力も可）", m_tile: "一枚", m_chow: "チー", m_pung: "ポン", m_kong: "カン",
    m_dora: "ドラ", m_seen: "見えた牌", claimed: "鳴き", concealed: "暗", promoted: "加槓", from: "から",
    from_unknown: "—", from_left: "上家", from_opposite: "対面", from_right: "下家", red_five: "赤五を含む",
    flowers: "花牌", preset: "ルール", seat_wind: "自風", prevalent_wind: "圏風", round_wind: "場風",
    discarder: "放銃者", keep_winds: "クリア時に風を残す", dora: "ドラ表示牌", ura: "裏ドラ表示牌", honba: "本場",
    sticks: "供託", nuki: "抜きドラ（三麻）", visible: "見えた牌（捨て牌・他家の副露）", share: "リンクをコピー", history: "計算した手", history_clear: "履歴を消す", running: "累計", picture: "画像を保存",
    set_win: "和了牌にする", remove: "外す",
    footer: "算番：ルール通りに正確に点数計算（中国麻将とリーチ麻雀）。",
    tiles_n: (n) => `${n} 枚`, need_more: (n) => `あと ${n} 枚`, full: "手牌は満杯（14 枚）",
    empty: "牌をタップするか牌譜を入力", winning: "和了牌", chow: "チー", pung: "ポン", kong_open: "明槓",
    kong_closed: "暗槓", kong_added: "加槓", fan: "番", total: "合計", min_ok: (m) => `${m} 番縛りを満たす`,
    min_no: (m) => `${m} 番縛りに届かない`, false_win: "錯和", false_claimant: "錯和（支払い）", settlement: "精算",
    winner: "和了者", other: "その他", shanten: (n) => n === 0 ? "聴牌" : n < 0 ? "和了" : `${n} 向聴`,
    waits: "待ちと点数", no_score: "番なし", no_yaku: "役なし", unseen: (n) => `残り ${n} 枚`, han: "翻", fu: "符",
    yakuman: "役満", ron: "ロン", tsumo_pay: "ツモ", dealer_pays: "親の支払い", nondealer_pays: "子の支払い",
    all_pay: "全員の支払い", points: "点", complete_not_winning: "この手は和了になりません",
    mcr_total_without: (n) => `花牌を除き ${n} 番`,
    limit: { mangan: "満貫", haneman: "跳満", baiman: "倍満", sanbaiman: "三倍満", yakuman: "役満",
      "kazoe yakuman": "数え役満" },
    winds: ["東", "南", "西", "北"], chow_honour: "字牌はチーできない", too_many: (t) => `${t} はもう 4 枚使っている`,
    need_meld_room: "手牌にその面子を入れる余地がない", server_down: "サーバーに接続できない",
    offline: "オフライン：ページは使えるが、点数計算にはサーバーが必要", engine_loading: (mb) => `計算機を読み込み中（${mb} MB、初回のみ）…`, engine_loading_size: (a, b) => `計算機を読み込み中：${a} / ${b} MB（初回のみ）…`, engine_failed: (why) => `計算機を起動できない：${why}`, dora_added: "ドラ表示牌に追加した",
    seen_added: "見えた牌に追加した", fu_title: "符", useful: "有効牌", advice: "何を切るか", col_discard: "打牌",
    col_shanten: "向聴", col_useful: "有効牌（残り枚数）", decomposition: "面子分解", not_counted: "数えない役",
    by: (name) => `${name}に含まれる`, self_drawn_short: (n) => `ツモ ${n}`, dealer_badge: "親", payment: "収支",
    link_copied: "リンクをコピーした", link_ready: "この手のリンク：", wait: "待ち", seat: (w) => w,
    dealer_seat: "親",
    flag: { self_drawn: "自摸", last_tile_of_wall: "海底（妙手回春）", kong: "槓上開花 / 搶槓",
      last_of_kind: "和絶張", heavenly_hand: "天和", earthly_hand: "地和", human_hand: "人和",
      heavenly_ready: "天聴", earthly_ready: "地聴", declared_ready: "報聴", declared_ready_first_round: "双報聴",
      tsumo: "ツモ", riichi: "リーチ", double_riichi: "ダブルリーチ", ippatsu: "一発", rinshan: "嶺上開花",
      chankan: "槍槓", haitei: "海底摸月", houtei: "河底撈魚", tenhou: "天和", chiihou: "地和", renhou: "人和" },
    forms: { standard: "四面子一雀頭", nine_gates: "九蓮宝燈", knitted_straight: "組合龍", seven_pairs: "七対",
      seven_shifted_pairs: "連七対", thirteen_orphans: "十三么", lesser_honors_and_knitted_tiles: "全不靠",
      greater_honors_and_knitted_tiles: "七星不靠", eight_flowers: "八花聚頂" },
    principles: { "不重复": "不重複", "不拆移": "不拆移", "不得相同": "不得相同", "就高不就低": "高点法",
      "套算一次": "套算一次", disabled: "このルールでは無効" },
    fu_items: { base: "副底", chiitoitsu: "七対子 25 符", menzen_ron: "門前加符", tsumo: "ツモ符",
      kanchan: "嵌張待ち", penchan: "辺張待ち", tanki: "単騎待ち", yakuhai_pair: "役牌雀頭",
      double_wind_pair: "連風牌雀頭", open_pung: "明刻", closed_pung: "暗刻", open_kong: "明槓", closed_kong: "暗槓",
      open_pinfu: "喰い平和形（30 符）" },
    fu_tags: { terminal_honour: "么九牌 ×2", by_discard: "ロンで明刻扱い" },
    waits_kind: { tanki: "単騎", kanchan: "嵌張", penchan: "辺張", ryanmen: "両面", shanpon: "双碰",
      kokushi: "国士無双", "kokushi 13-sided": "国士十三面" },
    err: {
      copies: (t, n) => `${t} が ${n} 枚：各牌は 4 枚しかない`,
      count: (n) => `${n} 枚（槓は 3 枚と数える）：手牌は 13 枚か 14 枚`,
      char: (c, p) => `${p} 文字目の「${c}」が読めない`,
      not_complete: "この手は和了形ではない",
      no_yaku: "和了形だが役がない（ドラは役ではない）",
      meld: (m) => `副露 ${m} はチー・ポン・カンではない`,
      melds: "副露は 4 つまで",
      preset: "そのルールはない",
      need_win: "13 枚は聴牌形：和了牌を加えると点数が出る",
      generic: "入力に誤り：",
    },
    lang_name: "日本語",
  };
  const T = { "zh-Hans": zhHans, "zh-Hant": zhHant, en, ja };

  /** The server's error message in the page's language: the common ones by their pattern, any
   *  other one behind a translated lead (English: the message as the library wrote it). */

  // tile names, for screen readers and tooltips
  const DIGITS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
  const FLOWERS = ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];
  const TILES = {
    en: { number: (n, s) => `${n} ${{ m: "Characters", p: "Dots", s: "Bamboo" }[s]}`, red: "Red ",
      honours: ["East Wind", "South Wind", "West Wind", "North Wind", "White Dragon", "Green Dragon", "Red Dragon"],
      flowers: ["Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter"], back: "face down" },
    "zh-Hans": { number: (n, s) => DIGITS[n] + { m: "万", p: "筒", s: "条" }[s], red: "红",
      honours: ["东风", "南风", "西风", "北风", "白板", "发财", "红中"],
      flowers: ["梅", "兰", "菊", "竹", "春", "夏", "秋", "冬"], back: "暗牌" },
    "zh-Hant": { number: (n, s) => DIGITS[n] + { m: "萬", p: "筒", s: "條" }[s], red: "紅",
      honours: ["東風", "南風", "西風", "北風", "白板", "發財", "紅中"], flowers: FLOWERS, back: "暗牌" },
    ja: { number: (n, s) => DIGITS[n] + { m: "萬", p: "筒", s: "索" }[s], red: "赤",
      honours: ["東", "南", "西", "北", "白", "發", "中"], flowers: FLOWERS, back: "伏せ牌" },
  };
  function error(lang, detail) {
    const e = T[lang].err;
    const msg = String(detail || "");
    if (lang === "en") return msg;
    let m;
    if ((m = /^(\d+) copies of (\S+): there are only 4/.exec(msg))) return e.copies(m[2], m[1]);
    if ((m = /^(\d+) tiles \(each kong counts as 3\): a hand has 13 or 14/.exec(msg))) return e.count(m[1]);
    if ((m = /^unexpected character '(.+)' at position (\d+)/.exec(msg))) return e.char(m[1], Number(m[2]) + 1);
    if (/is not a complete hand|do not form a complete hand/.test(msg)) return e.not_complete;
    if (/has no yaku/.test(msg)) return e.no_yaku;
    if ((m = /^meld (\S+) at position \d+ is not a chow, pung or kong/.exec(msg))) return e.meld(m[1]);
    if (/melds: a hand has at most 4/.test(msg)) return e.melds;
    if (/^unknown \w+ preset/.test(msg)) return e.preset;
    if (/^13 tiles: /.test(msg)) return e.need_win;
    return e.generic + msg;
  }

  // simplified -> traditional, for the names the server gives in simplified Chinese only
  // (the riichi yaku); the MCR fan names come in both scripts from the server
  const S2T = {
    "发": "發", "门": "門", "断": "斷", "风": "風", "东": "東", "场": "場", "岭": "嶺", "开": "開", "捞": "撈",
    "鱼": "魚", "抢": "搶", "杠": "槓", "双": "雙", "对": "對", "带": "帶", "气": "氣", "贯": "貫", "顺": "順",
    "头": "頭", "纯": "純", "国": "國", "无": "無", "莲": "蓮", "宝": "寶", "灯": "燈", "单": "單", "骑": "騎",
    "绿": "綠", "满": "滿", "里": "裏", "拔": "拔", "连": "連", "荣": "榮", "张": "張", "边": "邊", "补": "補",
    "计": "計", "两": "兩", "杯": "盃", "幺": "么",
  };
  function toTraditional(text) {
    return String(text).replace(/./gu, (c) => S2T[c] || c);
  }
  function fromLocale(tag) {
    const l = String(tag || "").toLowerCase();
    if (/^zh-(hant|tw|hk|mo)/.test(l)) return "zh-Hant";
    if (l.startsWith("zh")) return "zh-Hans";
    if (l.startsWith("ja")) return "ja";
    return "en";
  }
  return { LANGS, T, TILES, error, toTraditional, fromLocale };
})();
