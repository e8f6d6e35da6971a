/* suanfan 算番 — the calculator page. Plain JS, no build step.
 * The page keeps a hand model (melds, standing tiles, winning tile, flowers) in sync with the
 * notation field, and asks the HTTP API for the score (complete hand) or the waits (13 tiles). */
"use strict";
(function () {
  // ---------------------------------------------------------------------------------- i18n
  const T = {
    zh: {
      mcr: "国标", riichi: "立直", hand: "手牌", clear: "清空", example: "示例", tap_remove: "点选下方牌面加入手牌，第 14 张为和张；点手牌中的牌可移除",
      notation: "牌谱写法（可直接输入）", m_tile: "单张", m_chow: "吃", m_pung: "碰", m_kong: "杠", m_dora: "宝牌",
      claimed: "明（鸣牌）", concealed: "暗", promoted: "加杠", from: "来自", from_unknown: "—", from_left: "上家",
      from_opposite: "对家", from_right: "下家", flowers: "花牌", preset: "规则", seat_wind: "门风",
      prevalent_wind: "圈风", round_wind: "场风", dora: "宝牌指示牌", ura: "里宝牌指示牌", honba: "本场", sticks: "供托", nuki: "拔北（三麻）",
      footer: "算番 suanfan：按规则精确算番（国标麻将与日本立直麻将）。",
      tiles_n: (n) => `${n} 张`, need_more: (n) => `再加 ${n} 张`, full: "手牌已满（14 张）",
      empty: "点选牌面或输入牌谱", winning: "和张", chow: "吃", pung: "碰", kong_open: "明杠", kong_closed: "暗杠",
      kong_added: "加杠", fan: "番", total: "合计", flowers_fan: "花牌", min_ok: (m) => `够 ${m} 番起和`,
      min_no: (m) => `不足 ${m} 番起和`, settlement: "结算", winner: "和牌者", discarder: "点炮者", other: "其他",
      each: "每家", shanten: (n) => n === 0 ? "听牌" : `${n} 向听`, waits: "听牌与得分", no_score: "无番",
      no_yaku: "无役", unseen: (n) => `余 ${n}`, han: "翻", fu: "符", yakuman: "役满", ron: "荣和",
      tsumo_pay: "自摸", dealer: "庄家付", nondealer: "闲家付", all: "各家付", points: "点",
      complete_not_winning: "这手牌不能和", not_ready: "未听牌", waiting_title: "等待中的牌",
      mcr_total_without: (n) => `不含花 ${n} 番`, limit: { mangan: "满贯", haneman: "跳满", baiman: "倍满",
        sanbaiman: "三倍满", yakuman: "役满", "kazoe yakuman": "累计役满" },
      self_drawn: "自摸", last_tile_of_wall: "海底 / 妙手回春", kong: "杠上开花 / 抢杠", last_of_kind: "和绝张",
      tsumo: "自摸", riichi_f: "立直", double_riichi: "两立直", ippatsu: "一发", rinshan: "岭上开花",
      chankan: "抢杠", haitei: "海底摸月", houtei: "河底捞鱼", tenhou: "天和", chiihou: "地和", renhou: "人和",
      winds: ["东", "南", "西", "北"], chow_honour: "字牌不能吃", too_many: (t) => `${t} 已有 4 张`,
      need_meld_room: "手牌放不下这组牌", error_prefix: "", server_down: "无法连接服务器", lang_button: "EN",
      dora_added: "已加入宝牌指示牌", fu_title: "符数", useful: "有效牌（进张）",
    },
    en: {
      mcr: "MCR", riichi: "Riichi", hand: "Hand", clear: "Clear", example: "Example", tap_remove: "Tap tiles below to add them (the 14th is the winning tile); tap a tile in the hand to remove it",
      notation: "Notation (type it directly)", m_tile: "Tile", m_chow: "Chow", m_pung: "Pung", m_kong: "Kong",
      m_dora: "Dora", claimed: "Claimed", concealed: "Concealed", promoted: "Added kong", from: "From", from_unknown: "—",
      from_left: "left", from_opposite: "opposite", from_right: "right", flowers: "Flowers", preset: "Rules",
      seat_wind: "Seat wind", prevalent_wind: "Prevalent wind", round_wind: "Round wind", dora: "Dora indicators",
      ura: "Ura-dora indicators", honba: "Honba", sticks: "Riichi sticks", nuki: "Nuki dora (3 players)",
      footer: "suanfan 算番: mahjong hands scored exactly by the rules (Chinese Official and riichi).",
      tiles_n: (n) => `${n} tiles`, need_more: (n) => `add ${n} more`, full: "the hand is full (14 tiles)",
      empty: "Tap tiles or type a hand", winning: "win", chow: "chow", pung: "pung", kong_open: "kong",
      kong_closed: "concealed", kong_added: "added kong", fan: "fan", total: "Total", flowers_fan: "Flowers",
      min_ok: (m) => `meets the ${m}-fan minimum`, min_no: (m) => `below the ${m}-fan minimum`,
      settlement: "Settlement", winner: "Winner", discarder: "Discarder", other: "Other", each: "each",
      shanten: (n) => n === 0 ? "Ready (tenpai)" : `${n}-shanten`, waits: "Waits and what each scores",
      no_score: "no fan", no_yaku: "no yaku", unseen: (n) => `${n} left`, han: "han", fu: "fu",
      yakuman: "yakuman", ron: "Ron", tsumo_pay: "Tsumo", dealer: "dealer pays", nondealer: "others pay",
      all: "each pays", points: "points", complete_not_winning: "This hand does not win",
      not_ready: "not ready", waiting_title: "Waiting on",
      mcr_total_without: (n) => `${n} without flowers`, limit: { mangan: "Mangan", haneman: "Haneman",
        baiman: "Baiman", sanbaiman: "Sanbaiman", yakuman: "Yakuman", "kazoe yakuman": "Kazoe yakuman" },
      self_drawn: "Self-drawn", last_tile_of_wall: "Last tile", kong: "Kong (robbing / after)",
      last_of_kind: "Last of its kind", tsumo: "Tsumo", riichi_f: "Riichi", double_riichi: "Double riichi",
      ippatsu: "Ippatsu", rinshan: "Rinshan", chankan: "Chankan", haitei: "Haitei", houtei: "Houtei",
      tenhou: "Tenhou", chiihou: "Chiihou", renhou: "Renhou", winds: ["E", "S", "W", "N"],
      chow_honour: "honours cannot form a chow", too_many: (t) => `${t}: all 4 copies are used`,
      need_meld_room: "no room for that set in the hand", error_prefix: "", server_down: "cannot reach the server",
      lang_button: "中文", dora_added: "added to the dora indicators", fu_title: "Fu", useful: "Useful draws",
    },
  };

  const FU_ZH = {
    base: "底符", chiitoitsu: "七对子固定 25 符", menzen_ron: "门前荣和加符", tsumo: "自摸符", kanchan: "嵌张",
    penchan: "边张", tanki: "单骑", yakuhai_pair: "役牌雀头", double_wind_pair: "连风牌雀头", open_pung: "明刻",
    closed_pung: "暗刻", open_kong: "明杠", closed_kong: "暗杠", open_pinfu: "副露平和型补符",
  };
  const MCR_FLAGS = ["self_drawn", "last_of_kind", "last_tile_of_wall", "kong"];
  const RIICHI_FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
    "tenhou", "chiihou", "renhou"];
  const WINDS = ["E", "S", "W", "N"];

  // ------------------------------------------------------------------------------ state
  const store = {  // localStorage may be unavailable (privacy settings): then nothing is remembered
    get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* not remembered */ } },
  };
  const S = {
    lang: store.get("suanfan.lang") || ((navigator.language || "").startsWith("zh") ? "zh" : "en"),
    system: store.get("suanfan.system") || "mcr",
    mode: "tile", claim: "claimed",
    melds: [],        // {kind: "chow"|"pung"|"kong", tiles: ["5m", ...], source: null|1..3, concealed, promoted}
    concealed: [],    // standing tiles in the order they were entered
    winning: null,    // the winning tile, or null
    flowers: [],      // flower numbers 1..8
    flags: {}, seat_wind: "E", round_wind: "E", preset: { mcr: "mcr", riichi: "default" },
    presets: { mcr: ["mcr", "mcr-botzone", "mcr-2006", "mcr-ema", "mcr-extended"], riichi: ["default"] },
  };
  const $ = (id) => document.getElementById(id);
  const t = (key, ...args) => {
    const v = T[S.lang][key];
    return typeof v === "function" ? v(...args) : (v === undefined ? key : v);
  };

  // ------------------------------------------------------------------------- tiles in JS
  const SUITS = "mpsz";
  const kindOf = (tile) => (tile[0] === "0" ? "5" + tile[1] : tile);
  const sortKey = (tile) => SUITS.indexOf(tile[1]) * 100 + Number(kindOf(tile)[0]) * 2 + (tile[0] === "0" ? 1 : 0);
  const sortTiles = (tiles) => tiles.slice().sort((a, b) => sortKey(a) - sortKey(b));
  const tileImg = (tile, extra) => `<img src="/tiles/${tile}.svg" alt="${tile}"${extra || ""}>`;

  function formatTiles(tiles) {
    let out = "", digits = "", suit = "";
    for (const tile of sortTiles(tiles)) {
      if (tile[1] !== suit && digits) { out += digits + suit; digits = ""; }
      suit = tile[1]; digits += tile[0];
    }
    return digits ? out + digits + suit : out;
  }
  function meldDigit(m) {
    if (m.source == null) return "";
    return String(m.promoted ? m.source + 4 : m.source);
  }
  const MELD_ORDER = { chow: 0, pung: 1, kong: 2 };
  function meldKey(m) {  // the canonical order of melds (as the library sorts them)
    return [sortKey(kindOf(m.tiles[0])), MELD_ORDER[m.kind], sortKey(m.tiles[0]), m.source || 0, m.concealed ? 1 : 0];
  }
  function sortMelds() {
    S.melds.sort((a, b) => {
      const x = meldKey(a), y = meldKey(b);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
      return 0;
    });
  }
  function formatHand() {
    sortMelds();
    let s = S.melds.map((m) => "[" + formatTiles(m.tiles) + meldDigit(m) + "]").join("");
    s += formatTiles(S.concealed);
    if (S.winning) s += " " + S.winning;
    if (S.flowers.length && S.system === "mcr") s += " " + S.flowers.slice().sort().join("") + "f";
    return s;
  }
  function tileCount() { return 3 * S.melds.length + S.concealed.length + (S.winning ? 1 : 0); }
  function copies(kind) {
    let n = 0;
    const all = S.melds.flatMap((m) => m.tiles).concat(S.concealed, S.winning ? [S.winning] : []);
    for (const x of all) if (kindOf(x) === kind) n++;
    return n;
  }
  function redUsed(tile) {
    const all = S.melds.flatMap((m) => m.tiles).concat(S.concealed, S.winning ? [S.winning] : []);
    return all.includes(tile);
  }

  /** A small local reader of MPSZ / honour letters / brackets, used to keep the picker in sync
   *  while typing (the server's parser stays the authority; it also reads Botzone and Unicode). */
  function localParse(text) {
    const LET = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };
    const melds = [], standing = [], flowers = [];
    let pending = [], cur = null;
    for (const ch of text) {
      if (/\s|,/.test(ch)) { if (ch === "," && !cur) return null; continue; }
      if (/[0-9]/.test(ch)) { pending.push(ch); continue; }
      if ("mpszf".includes(ch)) {
        if (!pending.length) return null;
        for (const d of pending) {
          if (ch === "f") { if (d < "1" || d > "8" || cur) return null; flowers.push(Number(d)); continue; }
          if (ch === "z" && (d < "1" || d > "7")) return null;
          (cur || standing).push(d + ch);
        }
        pending = []; continue;
      }
      if (LET[ch]) { if (pending.length) return null; (cur || standing).push(LET[ch]); continue; }
      if (ch === "[") { if (cur || pending.length) return null; cur = []; continue; }
      if (ch === "]") {
        if (!cur || pending.length > 1) return null;
        const digit = pending.length ? Number(pending[0]) : null; pending = [];
        const kinds = cur.map(kindOf), same = kinds.every((k) => k === kinds[0]);
        let m;
        if (cur.length === 4 && same) {
          if (digit == null) m = { kind: "kong", tiles: cur, source: null, concealed: true, promoted: false };
          else if (digit >= 1 && digit <= 3) m = { kind: "kong", tiles: cur, source: digit, concealed: false, promoted: false };
          else if (digit >= 5 && digit <= 7) m = { kind: "kong", tiles: cur, source: digit - 4, concealed: false, promoted: true };
          else return null;
        } else if (cur.length === 3 && (digit == null || (digit >= 1 && digit <= 3))) {
          m = { kind: same ? "pung" : "chow", tiles: sortTiles(cur), source: digit, concealed: false, promoted: false };
        } else return null;
        melds.push(m); cur = null; continue;
      }
      return null;
    }
    if (cur || pending.length) return null;
    const n = 3 * melds.length + standing.length;
    if (n > 14 || melds.length > 4) return null;
    const winning = n === 14 ? standing.pop() : null;
    return { melds, concealed: standing, winning, flowers };
  }

  function fromServer(p) {
    S.melds = p.melds.map((m) => ({ kind: m.kind, tiles: m.tiles, source: m.source, concealed: m.concealed,
      promoted: m.promoted }));
    S.concealed = p.concealed.slice();
    S.winning = p.winning_tile;
    if (S.system === "mcr") S.flowers = p.flowers.slice();
  }

  // --------------------------------------------------------------------------- editing
  function say(text, kind) {
    const el = $("message");
    el.textContent = text || "";
    el.className = "message" + (text ? " " + (kind || "error") : "");
  }
  function normalize() {
    if (tileCount() === 14 && !S.winning && S.concealed.length) S.winning = S.concealed.pop();
  }
  function addTile(tile) {
    if (S.mode === "dora") {
      const el = $("dora_indicators");
      el.value = formatTiles(parseLoose(el.value).concat([tile]));
      say(t("dora_added"), "info"); changed(); return;
    }
    const kind = kindOf(tile);
    if (S.mode === "tile") {
      if (tileCount() >= 14) return say(t("full"));
      if (copies(kind) >= 4) return say(t("too_many", kind));
      if (tileCount() === 13) S.winning = tile; else S.concealed.push(tile);
      return edited();
    }
    let tiles;
    if (S.mode === "chow") {
      if (tile[1] === "z") return say(t("chow_honour"));
      const r = Math.min(Number(kind[0]), 7);
      tiles = [0, 1, 2].map((i) => String(r + i) + tile[1]);
      if (tile[0] === "0") tiles[tiles.indexOf("5" + tile[1])] = tile;
    } else {
      tiles = Array(S.mode === "pung" ? 3 : 4).fill(kind);
      if (tile[0] === "0") tiles[0] = tile;
    }
    for (const x of tiles) {
      const need = tiles.filter((y) => kindOf(y) === kindOf(x)).length;
      if (copies(kindOf(x)) + need > 4) return say(t("too_many", kindOf(x)));
    }
    const concealedSet = S.claim === "concealed";
    if (concealedSet && S.mode !== "kong") {
      // A concealed chow or pung is just standing tiles.
      if (tileCount() + 3 > 14) return say(t("need_meld_room"));
      if (S.winning) { S.concealed.push(S.winning); S.winning = null; }
      S.concealed.push(...tiles);
    } else {
      if (S.melds.length >= 4 || tileCount() + 3 > 14) return say(t("need_meld_room"));
      const from = S.mode !== "chow" && $("from").value ? Number($("from").value) : null;
      const promoted = S.mode === "kong" && S.claim === "promoted";
      const source = concealedSet ? null : (S.mode === "kong" && from == null ? 1 : from);
      S.melds.push({ kind: S.mode, tiles, source, concealed: concealedSet, promoted });
    }
    normalize();
    edited();
  }
  function parseLoose(text) {
    const p = localParse(text.replace(/[\[\]]/g, ""));
    if (!p) return [];
    return p.concealed.concat(p.winning ? [p.winning] : []);
  }
  function removeAt(where, index) {
    if (where === "meld") S.melds.splice(index, 1);
    else if (where === "win") S.winning = null;
    else {
      S.concealed.splice(index, 1);
      if (S.winning) { S.concealed.push(S.winning); S.winning = null; }
    }
    edited();
  }
  function edited() {
    $("notation").value = formatHand();
    say("");
    changed();
  }

  // ---------------------------------------------------------------------------- drawing
  function renderHand() {
    const view = $("hand-view");
    const n = tileCount();
    $("count").textContent = t("tiles_n", n) + (n < 13 ? " · " + t("need_more", 13 - n) : "");
    if (!n && !S.flowers.length) { view.innerHTML = `<span class="empty">${t("empty")}</span>`; return; }
    const parts = [];
    S.melds.forEach((m, i) => {
      const tag = m.kind === "chow" ? t("chow") : m.kind === "pung" ? t("pung")
        : m.concealed ? t("kong_closed") : m.promoted ? t("kong_added") : t("kong_open");
      const tiles = m.tiles.map((x, j) => {
        const face = m.concealed && (j === 0 || j === 3) ? "back" : x;
        return `<button type="button" class="t" data-where="meld" data-index="${i}" title="${x}">${tileImg(face)}</button>`;
      }).join("");
      // who it was claimed from, in words (the notation's claim digit: 1 left, 2 opposite, 3 right)
      const from = m.source == null ? "" : " · " + t(["from_left", "from_opposite", "from_right"][m.source - 1]);
      parts.push(`<div class="group meld"><div class="tiles">${tiles}</div><span class="tag">${tag}${esc(from)}</span></div>`);
    });
    if (S.concealed.length) {
      const order = S.concealed.map((x, i) => [x, i]).sort((a, b) => sortKey(a[0]) - sortKey(b[0]));
      const tiles = order.map(([x, i]) =>
        `<button type="button" class="t" data-where="standing" data-index="${i}" title="${x}">${tileImg(x)}</button>`).join("");
      parts.push(`<div class="group"><div class="tiles">${tiles}</div><span class="tag">&nbsp;</span></div>`);
    }
    if (S.winning) {
      parts.push(`<div class="group win"><div class="tiles"><button type="button" class="t" data-where="win" data-index="0" title="${S.winning}">${tileImg(S.winning)}</button></div><span class="tag">${t("winning")}</span></div>`);
    }
    if (S.flowers.length && S.system === "mcr") {
      const tiles = S.flowers.map((f) => `<span class="t">${tileImg(f + "f")}</span>`).join("");
      parts.push(`<div class="group"><div class="tiles">${tiles}</div><span class="tag">${t("flowers")}</span></div>`);
    }
    view.innerHTML = parts.join("");
  }

  function renderPalette() {
    const pal = $("palette");
    if (!pal.dataset.built) {
      const html = [];
      for (const s of "mps") {
        for (let r = 1; r <= 9; r++) html.push(`<button type="button" class="t" data-tile="${r}${s}" aria-label="${r}${s}">${tileImg(r + s)}</button>`);
        html.push(`<button type="button" class="t red5 riichi-only" data-tile="0${s}" aria-label="0${s}">${tileImg("0" + s)}</button>`);
      }
      for (let r = 1; r <= 7; r++) html.push(`<button type="button" class="t" data-tile="${r}z" aria-label="${r}z">${tileImg(r + "z")}</button>`);
      pal.innerHTML = html.join("");
      pal.dataset.built = "1";
      const fl = [];
      for (let f = 1; f <= 8; f++) fl.push(`<button type="button" class="t" data-flower="${f}" aria-label="${f}f">${tileImg(f + "f")}</button>`);
      $("flowers").innerHTML = fl.join("");
    }
    for (const b of pal.querySelectorAll("button[data-tile]")) {
      const tile = b.dataset.tile, kind = kindOf(tile);
      let off = S.mode !== "dora" && copies(kind) >= 4;
      if (tile[0] === "0" && S.mode !== "dora" && redUsed(tile)) off = true;
      if (S.mode === "chow" && tile[1] === "z") off = true;
      b.disabled = off;
    }
    for (const b of $("flowers").querySelectorAll("button")) b.classList.toggle("on", S.flowers.includes(Number(b.dataset.flower)));
    $("meld-opts").classList.toggle("hidden", !["chow", "pung", "kong"].includes(S.mode));
    if (S.claim === "promoted" && S.mode !== "kong") S.claim = "claimed";
    for (const b of document.querySelectorAll("#claim button")) {
      b.classList.toggle("on", b.dataset.claim === S.claim);
      if (b.dataset.claim === "promoted") b.style.display = S.mode === "kong" ? "" : "none";
    }
    $("from").disabled = S.claim === "concealed";
    // For a chow the claim digit says which tile was claimed, not who discarded it: not asked here.
    document.querySelector(".from").style.display = S.mode === "chow" ? "none" : "";
  }

  function renderStatic() {
    document.documentElement.lang = S.lang === "zh" ? "zh-Hans" : "en";
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    $("round-label").textContent = S.system === "mcr" ? t("prevalent_wind") : t("round_wind");
    $("lang").textContent = t("lang_button");
    document.body.className = "sys-" + S.system;
    for (const b of document.querySelectorAll("#system button")) b.classList.toggle("on", b.dataset.system === S.system);
    for (const b of document.querySelectorAll("#mode button")) b.classList.toggle("on", b.dataset.mode === S.mode);
    for (const b of document.querySelectorAll("#claim button")) b.classList.toggle("on", b.dataset.claim === S.claim);
    // toggles
    const flags = S.system === "mcr" ? MCR_FLAGS : RIICHI_FLAGS;
    $("toggles").innerHTML = flags.map((f) => {
      const label = f === "riichi" ? t("riichi_f") : t(f);
      return `<label class="toggle" id="opt-${f}"><input type="checkbox" data-flag="${f}"${S.flags[f] ? " checked" : ""}>${label}</label>`;
    }).join("");
    for (const id of ["seat_wind", "round_wind"]) {
      $(id).innerHTML = WINDS.map((w, i) =>
        `<button type="button" data-wind="${w}" class="${S[id] === w ? "on" : ""}" aria-label="${w}">${t("winds")[i]}</button>`).join("");
    }
    const sel = $("preset");
    sel.innerHTML = S.presets[S.system].map((p) => `<option value="${p}">${p}</option>`).join("");
    sel.value = S.preset[S.system];
    renderPalette();
    renderHand();
  }

  // ----------------------------------------------------------------------------- the API
  async function post(path, body) {
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = { detail: res.statusText }; }
    return { ok: res.ok, status: res.status, data };
  }
  function situation() {
    const out = {};
    const flags = S.system === "mcr" ? MCR_FLAGS : RIICHI_FLAGS;
    for (const f of flags) out[f] = !!S.flags[f];
    out.seat_wind = S.seat_wind;
    if (S.system === "mcr") {
      out.prevalent_wind = S.round_wind;
    } else {
      out.round_wind = S.round_wind;
      out.dora_indicators = $("dora_indicators").value.trim();
      out.ura_dora_indicators = $("ura_dora_indicators").value.trim();
      out.honba = Math.max(0, Number($("honba").value) || 0);
      out.riichi_sticks = Math.max(0, Number($("riichi_sticks").value) || 0);
      const nuki = Math.max(0, Number($("nuki").value) || 0);
      if (nuki) out.nuki = nuki;  // North set aside: three-player presets only
    }
    return out;
  }

  let seq = 0, timer = null;
  function changed() {
    renderPalette();
    renderHand();
    saveHash();
    clearTimeout(timer);
    timer = setTimeout(evaluate, 120);
  }
  function showPlaceholder(text) { $("result").innerHTML = `<p class="placeholder">${esc(text)}</p>`; }

  async function evaluate() {
    const my = ++seq;
    const text = $("notation").value.trim();
    const n = tileCount();
    if (!text || (n < 13 && localParse(text))) {
      showPlaceholder(n ? t("need_more", 13 - n) : t("empty"));
      return;
    }
    try {
      const parsed = await post("/api/parse", { hand: text });
      if (my !== seq) return;
      if (!parsed.ok) { say(parsed.data.detail); showPlaceholder(""); return; }
      fromServer(parsed.data);
      renderHand(); renderPalette();
      const sit = situation();
      const rules = S.preset[S.system];
      if (parsed.data.complete) {
        const res = await post(`/api/${S.system}/score`, Object.assign({ hand: text, rules }, sit));
        if (my !== seq) return;
        if (!res.ok) { say(res.data.detail); renderNotWinning(res.data); return; }
        say("");
        if (S.system === "mcr") renderMCR(res.data, sit); else renderRiichi(res.data, sit);
      } else {
        const res = await post("/api/analyze", { hand: text, system: S.system, rules, situation: sit });
        if (my !== seq) return;
        if (!res.ok) { say(res.data.detail); showPlaceholder(""); return; }
        say("");
        renderWaits(res.data);
      }
    } catch (e) {
      if (my === seq) say(t("server_down"));
    }
  }

  // ------------------------------------------------------------------------- the result
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }
  function setTiles(text) {
    // "123m" / "55s" / "1z1z" -> tiles; anything else (e.g. "hand") -> []
    const p = /^([0-9]+[mpsz])+$/.test(text) ? localParse(text) : null;
    return p ? p.concealed.concat(p.winning ? [p.winning] : []) : [];
  }
  function tilesOfEntry(e) {
    // MCR fans say which sets they use: a list of uses, each a list of sets ("123m", "55s", "hand").
    const raw = e.uses != null ? e.uses : e.tiles;
    if (!Array.isArray(raw)) return "";
    const groups = [];
    for (const use of raw) {
      for (const set of (Array.isArray(use) ? use : [use])) {
        const tiles = setTiles(String(set));
        if (tiles.length) groups.push(tiles);
      }
    }
    if (!groups.length) return "";
    return `<div class="ftiles">${groups.map((g) => `<span class="grp">${g.map((x) => tileImg(x)).join("")}</span>`).join("")}</div>`;
  }
  function entryName(e) {
    const zh = e.name_zh || e.name || e.name_ja || e.id || "";
    const en = e.name_en || e.name || e.id || "";
    const ja = e.name_ja || "";
    if (S.lang === "zh") return [zh || ja || en, en];
    return [en, zh || ja];
  }
  function renderNotWinning(data) {
    $("result").innerHTML = `<p class="placeholder" id="not-winning">${esc(t("complete_not_winning"))}</p>`;
  }
  function settlement(d, sit) {
    if (d.settlement && Array.isArray(d.settlement.points)) return d.settlement.points;
    const fan = d.total;  // the base-8 rule of MCR.md, should an older server not send it
    if (sit.self_drawn) return [3 * (8 + fan), -(8 + fan), -(8 + fan), -(8 + fan)];
    return [8 + fan + 16, -(8 + fan), -8, -8];
  }
  function renderMCR(d, sit) {
    const min = d.min_fan || d.minimum || 8;
    const fans = Array.isArray(d.fans) ? d.fans : [];
    const rows = fans.map((e) => {
      const [name, alt] = entryName(e);
      const count = e.count && e.count > 1 ? ` ×${e.count}` : "";
      const pts = e.points != null ? e.points : (e.value || 0) * (e.count || 1);
      return `<tr><td><div class="name">${esc(name)}<span class="alt"> ${esc(alt)}${count}</span></div>${tilesOfEntry(e)}</td><td class="pts">${pts}</td></tr>`;
    });
    const withoutFlowers = d.total_without_flowers != null ? d.total_without_flowers : d.total;
    const flowerPts = d.total - withoutFlowers;
    // the server lists the flowers as a fan of their own (花牌 Flower Tiles); an older one did not
    const listed = fans.some((e) => e.id === "flower_tiles");
    if (flowerPts > 0 && !listed) rows.push(`<tr><td><div class="name">${esc(t("flowers_fan"))}</div></td><td class="pts">${flowerPts}</td></tr>`);
    rows.push(`<tr class="sum"><td>${esc(t("total"))}</td><td class="pts">${d.total}</td></tr>`);
    const met = d.meets_minimum;
    const st = settlement(d, sit);
    const discarder = d.settlement && d.settlement.discarder != null ? d.settlement.discarder : (sit.self_drawn ? null : 1);
    const winner = d.settlement && d.settlement.winner != null ? d.settlement.winner : 0;
    const labels = [0, 1, 2, 3].map((i) => i === winner ? t("winner") : i === discarder ? t("discarder") : t("other"));
    const settle = st.map((v, i) => `<div class="${v >= 0 ? "plus" : "minus"}">${esc(labels[i])}<b>${v > 0 ? "+" : ""}${v}</b></div>`).join("");
    $("result").innerHTML = `
      <div class="headline"><span class="big" id="total">${d.total}</span><span class="unit">${esc(t("fan"))}</span>
        <span class="badge ${met ? "ok" : "no"}" id="minimum">${esc(met ? t("min_ok", min) : t("min_no", min))}</span></div>
      ${flowerPts > 0 ? `<div class="subline">${esc(t("mcr_total_without", withoutFlowers))}</div>` : ""}
      <table class="fans">${rows.join("")}</table>
      <h3>${esc(t("settlement"))}</h3><div class="settle" id="settlement">${settle}</div>`;
  }
  function riichiPoints(d) {
    const p = d.payment || {};
    if (p.total != null) return p.total;
    return p.ron || 0;
  }
  function renderRiichi(d, sit) {
    const yaku = Array.isArray(d.yaku) ? d.yaku : [];
    const rows = yaku.map((e) => {
      const [name, alt] = entryName(e);
      const han = e.han != null ? e.han : e.value;
      const v = e.yakuman ? t("yakuman") + (e.yakuman > 1 ? " ×" + e.yakuman : "") : `${han} ${t("han")}`;
      return `<tr><td><div class="name">${esc(name)}<span class="alt"> ${esc(alt)}</span></div>${tilesOfEntry(e)}</td><td class="pts">${esc(v)}</td></tr>`;
    });
    const p = d.payment || {};
    let pay = "";
    if (sit.tsumo) {
      pay = p.dealer ? `${esc(t("tsumo_pay"))}: ${p.dealer} / ${p.non_dealer} (${esc(t("dealer"))} / ${esc(t("nondealer"))})`
        : `${esc(t("tsumo_pay"))}: ${p.non_dealer} ${esc(t("all"))}`;
    } else if (p.ron != null) pay = `${esc(t("ron"))}: ${p.ron}`;
    const limit = d.limit ? `<span class="badge limit">${esc((T[S.lang].limit || {})[d.limit] || d.limit)}</span>` : "";
    const hanfu = d.yakuman ? `${esc(t("yakuman"))}${d.yakuman > 1 ? " ×" + d.yakuman : ""}` : `${d.han} ${esc(t("han"))}${d.fu ? " " + d.fu + " " + esc(t("fu")) : ""}`;
    $("result").innerHTML = `
      <div class="headline"><span class="big" id="total">${riichiPoints(d)}</span><span class="unit">${esc(t("points"))}</span>${limit}</div>
      <div class="subline" id="hanfu">${hanfu}</div>
      <table class="fans">${rows.join("")}</table>
      <div class="subline" id="payment">${pay}</div>${fuLines(d)}`;
  }
  function fuLines(d) {
    const items = Array.isArray(d.fu_breakdown) ? d.fu_breakdown : [];
    if (!d.fu || !items.length) return "";
    const li = items.map((f) => {
      const zh = S.lang === "zh" && FU_ZH[f.id] ? `${FU_ZH[f.id]} ${f.tiles || f.detail || ""}`.trim() : null;
      return `<tr><td><span class="alt">${esc(zh || f.text || f.id)}</span></td><td class="pts">${f.fu}</td></tr>`;
    }).join("");
    return `<h3>${esc(t("fu_title"))}</h3><table class="fans fu">${li}<tr class="sum"><td>${esc(t("total"))}</td><td class="pts">${d.fu_unrounded != null && d.fu_unrounded !== d.fu ? d.fu_unrounded + " → " : ""}${d.fu}</td></tr></table>`;
  }
  function waitScore(w) {
    const r = w.result;
    if (!r) return null;
    if (S.system === "mcr") return { main: `${r.total} ${t("fan")}`, ok: w.scores !== undefined ? w.scores : r.meets_minimum };
    return { main: `${riichiPoints(r)}`, ok: true, note: r.yakuman ? t("yakuman") : `${r.han}${t("han")}${r.fu ? " " + r.fu + t("fu") : ""}` };
  }
  function renderWaits(d) {
    const waits = Array.isArray(d.waits) ? d.waits : [];
    const head = `<div class="headline"><span class="big shanten" id="shanten">${esc(t("shanten", d.shanten))}</span></div>`;
    if (!waits.length) {
      const useful = Array.isArray(d.useful) ? d.useful : [];
      const cells = useful.map((u) => `<div class="wait nope" data-useful="${esc(u.tile)}">${tileImg(u.tile)}<div><div class="w-note">${esc(t("unseen", u.unseen))}</div></div></div>`).join("");
      $("result").innerHTML = head + (useful.length ? `<h3>${esc(t("useful"))}</h3><div class="waits">${cells}</div>` : "");
      return;
    }
    const cells = waits.map((w) => {
      const sc = waitScore(w);
      const note = [sc && sc.note, w.unseen != null ? t("unseen", w.unseen) : ""].filter(Boolean).join(" · ");
      return `<div class="wait ${sc && sc.ok ? "" : "nope"}" data-wait="${esc(w.tile)}">${tileImg(w.tile)}<div><div class="w-score">${esc(sc ? sc.main : (S.system === "mcr" ? t("no_score") : t("no_yaku")))}</div><div class="w-note">${esc(note)}</div></div></div>`;
    }).join("");
    $("result").innerHTML = head + `<h3>${esc(t("waits"))}</h3><div class="waits" id="waits">${cells}</div>`;
  }

  // ------------------------------------------------------------------- URL hash (sharing)
  function saveHash() {
    // The hand and its situation in the address, so that a result can be shared as a link.
    const q = new URLSearchParams();
    q.set("s", S.system);
    const text = $("notation").value.trim();
    if (text) q.set("h", text);
    const flags = (S.system === "mcr" ? MCR_FLAGS : RIICHI_FLAGS).filter((f) => S.flags[f]);
    if (flags.length) q.set("f", flags.join(","));
    if (S.seat_wind !== "E" || S.round_wind !== "E") q.set("w", S.seat_wind + S.round_wind);
    if (S.preset[S.system] !== (S.system === "mcr" ? "mcr" : "default")) q.set("r", S.preset[S.system]);
    if (S.system === "riichi") {
      for (const [key, id] of [["d", "dora_indicators"], ["u", "ura_dora_indicators"], ["hb", "honba"], ["rs", "riichi_sticks"], ["nk", "nuki"]]) {
        const v = $(id).value.trim();
        if (v && v !== "0") q.set(key, v);
      }
    }
    history.replaceState(null, "", "#" + q.toString());
  }
  function loadHash() {
    const q = new URLSearchParams(location.hash.slice(1));
    if (q.get("s") === "mcr" || q.get("s") === "riichi") S.system = q.get("s");
    const h = q.get("h");
    if (h) {
      $("notation").value = h;
      const p = localParse(h);
      if (p) Object.assign(S, p);
    }
    for (const f of (q.get("f") || "").split(",")) if (MCR_FLAGS.includes(f) || RIICHI_FLAGS.includes(f)) S.flags[f] = true;
    const w = q.get("w") || "";
    if (w.length === 2 && WINDS.includes(w[0]) && WINDS.includes(w[1])) { S.seat_wind = w[0]; S.round_wind = w[1]; }
    if (q.get("r")) S.preset[S.system] = q.get("r");
    for (const [key, id] of [["d", "dora_indicators"], ["u", "ura_dora_indicators"], ["hb", "honba"], ["rs", "riichi_sticks"], ["nk", "nuki"]]) {
      if (q.get(key)) $(id).value = q.get(key);
    }
  }

  // ------------------------------------------------------------------------------ events
  function wire() {
    $("palette").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-tile]");
      if (b && !b.disabled) addTile(b.dataset.tile);
    });
    $("flowers").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-flower]");
      if (!b) return;
      const f = Number(b.dataset.flower);
      S.flowers = S.flowers.includes(f) ? S.flowers.filter((x) => x !== f) : S.flowers.concat([f]).sort();
      edited();
    });
    $("hand-view").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-where]");
      if (b) removeAt(b.dataset.where, Number(b.dataset.index));
    });
    $("notation").addEventListener("input", () => {
      const text = $("notation").value;
      const p = localParse(text);
      if (p) {
        S.melds = p.melds; S.concealed = p.concealed; S.winning = p.winning;
        if (S.system === "mcr") S.flowers = p.flowers;
      }
      say("");
      changed();
    });
    $("example").addEventListener("click", () => {
      // hands that win: over the 8-fan minimum (MCR), with a yaku (riichi)
      const text = S.system === "mcr" ? "[111z1]1234556789m 5m" : "234m406p678s2255s 5s";
      const p = localParse(text);
      S.melds = p.melds; S.concealed = p.concealed; S.winning = p.winning;
      if (S.system === "mcr") S.flowers = [];
      edited();
    });
    $("clear").addEventListener("click", () => {
      // a new hand: its tiles and its situation (flags, indicators, counters); winds, rules and
      // language stay, they belong to the table
      S.melds = []; S.concealed = []; S.winning = null; S.flowers = [];
      S.flags = {};
      for (const box of document.querySelectorAll("#toggles input[data-flag]")) box.checked = false;
      for (const id of ["dora_indicators", "ura_dora_indicators"]) $(id).value = "";
      for (const id of ["honba", "riichi_sticks", "nuki"]) $(id).value = "0";
      if (S.mode === "dora") S.mode = "tile";
      renderStatic(); edited();
    });
    $("system").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-system]");
      if (!b) return;
      S.system = b.dataset.system;
      store.set("suanfan.system", S.system);
      if (S.mode === "dora" && S.system === "mcr") S.mode = "tile";
      renderStatic(); edited();
    });
    $("lang").addEventListener("click", () => {
      S.lang = S.lang === "zh" ? "en" : "zh";
      store.set("suanfan.lang", S.lang);
      renderStatic(); changed();
    });
    $("mode").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-mode]");
      if (!b) return;
      S.mode = b.dataset.mode;
      for (const x of document.querySelectorAll("#mode button")) x.classList.toggle("on", x === b);
      renderPalette();
    });
    $("claim").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-claim]");
      if (!b) return;
      S.claim = b.dataset.claim;
      for (const x of document.querySelectorAll("#claim button")) x.classList.toggle("on", x === b);
      renderPalette();
    });
    $("toggles").addEventListener("change", (e) => {
      const box = e.target.closest("input[data-flag]");
      if (!box) return;
      S.flags[box.dataset.flag] = box.checked;
      changed();
    });
    for (const id of ["seat_wind", "round_wind"]) {
      $(id).addEventListener("click", (e) => {
        const b = e.target.closest("button[data-wind]");
        if (!b) return;
        S[id] = b.dataset.wind;
        for (const x of $(id).querySelectorAll("button")) x.classList.toggle("on", x === b);
        changed();
      });
    }
    $("preset").addEventListener("change", () => { S.preset[S.system] = $("preset").value; changed(); });
    for (const id of ["dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks", "nuki"]) $(id).addEventListener("input", changed);
  }

  async function loadRules() {
    try {
      const res = await fetch("/api/rules");
      if (!res.ok) return;
      const d = await res.json();
      for (const sys of ["mcr", "riichi"]) {
        const info = d.systems && d.systems[sys];
        if (info && Array.isArray(info.presets) && info.presets.length) {
          S.presets[sys] = info.presets;
          if (!info.presets.includes(S.preset[sys])) S.preset[sys] = info.default || info.presets[0];
        }
      }
      renderStatic();
    } catch (e) { /* the built-in list stands */ }
  }

  wire();
  loadHash();
  renderStatic();
  if ($("notation").value) changed(); else showPlaceholder(t("empty"));
  loadRules();
})();
