/* suanfan 算番 — the calculator page. Plain JS, no build step.
 * The page keeps a hand model (melds, standing tiles, winning tile, flowers) in sync with the
 * notation field, and asks the HTTP API for everything it shows: the score of a complete hand,
 * the waits of 13 tiles, the discard advice of 14 tiles that do not win. Nothing is scored here. */
"use strict";
(function () {
  const I18N = window.SUANFAN_I18N;
  const T = I18N.T;
  // the situation flags of each system before /api/rules answers (it then names them per preset,
  // from the rule systems' own situation definitions)
  const BASE_FLAGS = {
    mcr: ["self_drawn", "last_tile_of_wall", "kong", "last_of_kind"],
    riichi: ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
      "tenhou", "chiihou"],
  };
  const WINDS = ["E", "S", "W", "N"];
  const DEFAULT_PRESET = { mcr: "mcr", riichi: "default" };

  // ------------------------------------------------------------------------------ state
  const store = {  // localStorage may be unavailable (privacy settings): then nothing is remembered
    get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* not remembered */ } },
  };
  function storedLang() {
    const v = store.get("suanfan.lang");
    if (v === "zh") return "zh-Hans";  // what an older page stored
    return I18N.LANGS.includes(v) ? v : null;
  }
  const S = {
    lang: storedLang() || I18N.fromLocale(navigator.language),
    system: store.get("suanfan.system") === "riichi" ? "riichi" : "mcr",
    mode: "tile", claim: "claimed",
    melds: [],        // {kind: "chow"|"pung"|"kong", tiles: ["5m", ...], source: null|1..3, concealed, promoted}
    concealed: [],    // standing tiles in the order they were entered
    winning: null,    // the winning tile, or null
    flowers: [],      // flower numbers 1..8
    flags: {}, seat_wind: "E", round_wind: "E", discarder: null, preset: { mcr: "mcr", riichi: "default" },
    presets: { mcr: ["mcr", "mcr-botzone", "mcr-2006", "mcr-ema", "mcr-extended"], riichi: ["default"] },
    presetFlags: { mcr: {}, riichi: {} },  // preset -> its situation flags (from /api/rules)
    flagHelp: {},
    selected: null,   // the hand tile tapped: {where, index}
    undo: [], redo: [],
    last: null,       // the last result shown: {kind, data}
  };
  const $ = (id) => document.getElementById(id);
  const t = (key, ...args) => {
    let v = T[S.lang][key];
    if (v === undefined) v = T.en[key];
    return typeof v === "function" ? v(...args) : (v === undefined ? key : v);
  };
  const sub = (table, key) => (T[S.lang][table] || {})[key] || (T.en[table] || {})[key] || key;
  const flagsOf = (system) => S.presetFlags[system][S.preset[system]] || BASE_FLAGS[system];

  // ------------------------------------------------------------------------- tiles in JS
  const SUITS = "mpsz";
  const kindOf = (tile) => (tile[0] === "0" ? "5" + tile[1] : tile);
  const sortKey = (tile) => SUITS.indexOf(tile[1]) * 100 + Number(kindOf(tile)[0]) * 2 + (tile[0] === "0" ? 1 : 0);
  const sortTiles = (tiles) => tiles.slice().sort((a, b) => sortKey(a) - sortKey(b));
  const tileImg = (tile, extra) => `<img src="tiles/${tile}.svg" alt="${tileName(tile)}"${extra || ""}>`;
  /** A tile's name in the page's language ("White Dragon", "白板", "白"; "Red 5 Dots", "赤五筒"). */
  function tileName(tile) {
    const N = I18N.TILES[S.lang] || I18N.TILES.en;
    if (tile === "back") return N.back;
    const r = Number(tile[0]), suit = tile[1];
    if (suit === "z") return N.honours[r - 1] || tile;
    if (suit === "f") return N.flowers[r - 1] || tile;
    return (r === 0 ? N.red : "") + N.number(r === 0 ? 5 : r, suit);
  }

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
  const allTiles = () => S.melds.flatMap((m) => m.tiles).concat(S.concealed, S.winning ? [S.winning] : []);
  function tileCount() { return 3 * S.melds.length + S.concealed.length + (S.winning ? 1 : 0); }
  function copies(kind) { return allTiles().filter((x) => kindOf(x) === kind).length; }
  function redUsed(tile) { return allTiles().includes(tile); }
  function overFour(tiles) {  // the first kind with more than 4 copies: [kind, n], or null
    const n = {};
    for (const x of tiles) n[kindOf(x)] = (n[kindOf(x)] || 0) + 1;
    for (const [k, c] of Object.entries(n)) if (c > 4) return [k, c];
    return null;
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
    if (melds.length > 4) return null;
    const winning = n === 14 ? standing.pop() : null;
    return { melds, concealed: standing, winning, flowers, count: n };
  }

  function fromServer(p) {
    S.melds = p.melds.map((m) => ({ kind: m.kind, tiles: m.tiles, source: m.source, concealed: m.concealed,
      promoted: m.promoted }));
    S.concealed = p.concealed.slice();
    S.winning = p.winning_tile;
    if (S.system === "mcr") S.flowers = p.flowers.slice();
  }

  // ---------------------------------------------------------------- undo / redo of the hand
  const snapshot = () => JSON.stringify({ m: S.melds, c: S.concealed, w: S.winning, f: S.flowers });
  function restore(snap) {
    const o = JSON.parse(snap);
    S.melds = o.m; S.concealed = o.c; S.winning = o.w; S.flowers = o.f;
  }
  let typing = false;
  function remember() {  // before an edit of the hand
    const snap = snapshot();
    if (S.undo[S.undo.length - 1] !== snap) S.undo.push(snap);
    if (S.undo.length > 200) S.undo.shift();
    S.redo = [];
  }
  function undoRedo(from, to) {
    if (!from.length) return;
    to.push(snapshot());
    restore(from.pop());
    S.selected = null;
    typing = false;
    edited();
  }

  // --------------------------------------------------------------------------- editing
  function say(text, kind) {
    const el = $("message");
    el.textContent = text || "";
    el.className = "message" + (text ? " " + (kind || "error") : "");
  }
  const sayServer = (detail) => say(I18N.error(S.lang, detail));
  function normalize() {
    if (tileCount() === 14 && !S.winning && S.concealed.length) S.winning = S.concealed.pop();
  }
  function appendTo(id, tile, note) {
    const el = $(id);
    el.value = formatTiles(parseLoose(el.value).concat([tile]));
    say(t(note), "info"); changed();
  }
  function addTile(tile) {
    if (S.mode === "dora") {  // one indicator a tap of the mode: then back to tiles (not sticky)
      S.mode = "tile";
      for (const x of document.querySelectorAll("#mode button")) x.classList.toggle("on", x.dataset.mode === "tile");
      syncRadios();
      return appendTo("dora_indicators", tile, "dora_added");
    }
    if (S.mode === "seen") return appendTo("visible", tile, "seen_added");
    const kind = kindOf(tile);
    if (S.mode === "tile") {
      if (tileCount() >= 14) return say(t("full"));
      if (copies(kind) >= 4) return say(t("too_many", kind));
      remember();
      if (tileCount() === 13) S.winning = tile; else S.concealed.push(tile);
      return edited();
    }
    const red = S.system === "riichi" && $("red-five").checked;
    let tiles;
    if (S.mode === "chow") {
      if (tile[1] === "z") return say(t("chow_honour"));
      const r = Math.min(Number(kind[0]), 7);
      tiles = [0, 1, 2].map((i) => String(r + i) + tile[1]);
      const five = tiles.indexOf("5" + tile[1]);
      if (five >= 0 && (red || tile[0] === "0")) tiles[five] = "0" + tile[1];
    } else {
      tiles = Array(S.mode === "pung" ? 3 : 4).fill(kind);
      if (kind[0] === "5" && (red || tile[0] === "0")) tiles[0] = "0" + tile[1];
    }
    for (const x of tiles) {
      const need = tiles.filter((y) => kindOf(y) === kindOf(x)).length;
      if (copies(kindOf(x)) + need > 4) return say(t("too_many", kindOf(x)));
    }
    const concealedSet = S.claim === "concealed";
    if (concealedSet && S.mode !== "kong") {
      // A concealed chow or pung is just standing tiles.
      if (tileCount() + 3 > 14) return say(t("need_meld_room"));
      remember();
      if (S.winning) { S.concealed.push(S.winning); S.winning = null; }
      S.concealed.push(...tiles);
    } else {
      if (S.melds.length >= 4 || tileCount() + 3 > 14) return say(t("need_meld_room"));
      remember();
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
  function removeSelected() {
    const sel = S.selected;
    if (!sel) return;
    remember();
    if (sel.where === "meld") S.melds.splice(sel.index, 1);
    else if (sel.where === "win") S.winning = null;
    else {
      S.concealed.splice(sel.index, 1);
      if (S.winning) { S.concealed.push(S.winning); S.winning = null; }
    }
    S.selected = null;
    edited();
  }
  function makeWinning() {
    // the tapped standing tile becomes the winning tile; the old one goes back among the others
    const sel = S.selected;
    if (!sel || sel.where !== "standing" || !S.winning) return;
    remember();
    const tile = S.concealed[sel.index];
    S.concealed[sel.index] = S.winning;
    S.winning = tile;
    S.selected = null;
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
    const focus = focusKey(view, ["where", "index"]);
    const n = tileCount();
    $("count").textContent = t("tiles_n", n) + (n < 13 ? " · " + t("need_more", 13 - n) : "");
    $("undo").disabled = !S.undo.length;
    $("redo").disabled = !S.redo.length;
    const sel = S.selected;
    const on = (where, i) => (sel && sel.where === where && sel.index === i ? " sel" : "");
    if (!n && !S.flowers.length) {
      view.innerHTML = `<span class="empty">${esc(t("empty"))}</span>`;
    } else {
      const parts = [];
      S.melds.forEach((m, i) => {
        const tag = m.kind === "chow" ? t("chow") : m.kind === "pung" ? t("pung")
          : m.concealed ? t("kong_closed") : m.promoted ? t("kong_added") : t("kong_open");
        const tiles = m.tiles.map((x, j) => {
          const face = m.concealed && (j === 0 || j === 3) ? "back" : x;
          return `<button type="button" class="t${face === "back" ? " back" : ""}${on("meld", i)}" data-where="meld" data-index="${i}" title="${esc(tileName(x))}">${tileImg(face)}</button>`;
        }).join("");
        // who it was claimed from, in words (the notation's claim digit: 1 left, 2 opposite, 3 right)
        const from = m.source == null || m.kind === "chow" ? "" : " · " + t(["from_left", "from_opposite", "from_right"][m.source - 1]);
        parts.push(`<div class="group meld"><div class="tiles">${tiles}</div><span class="tag">${esc(tag + from)}</span></div>`);
      });
      if (S.concealed.length) {
        const order = S.concealed.map((x, i) => [x, i]).sort((a, b) => sortKey(a[0]) - sortKey(b[0]));
        const tiles = order.map(([x, i]) =>
          `<button type="button" class="t${on("standing", i)}" data-where="standing" data-index="${i}" data-tile="${x}" title="${esc(tileName(x))}">${tileImg(x)}</button>`).join("");
        parts.push(`<div class="group standing"><div class="tiles">${tiles}</div><span class="tag">&nbsp;</span></div>`);
      }
      if (S.winning) {
        parts.push(`<div class="group win"><div class="tiles"><button type="button" class="t${on("win", 0)}" data-where="win" data-index="0" data-tile="${S.winning}" title="${esc(tileName(S.winning))}">${tileImg(S.winning)}</button></div><span class="tag">${esc(t("winning"))}</span></div>`);
      }
      if (S.flowers.length && S.system === "mcr") {
        const tiles = S.flowers.map((f) => `<span class="t">${tileImg(f + "f")}</span>`).join("");
        parts.push(`<div class="group"><div class="tiles">${tiles}</div><span class="tag">${esc(t("flowers"))}</span></div>`);
      }
      view.innerHTML = parts.join("");
    }
    const acts = $("tile-actions");
    acts.hidden = !sel;
    if (sel) {
      const tile = sel.where === "meld" ? null : sel.where === "win" ? S.winning : S.concealed[sel.index];
      $("sel-tile").innerHTML = tile ? tileImg(tile) : "";
      $("act-win").hidden = !(sel.where === "standing" && S.winning);
    }
    refocus(view, focus);
    rove(view);
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
    const free = !["dora", "seen"].includes(S.mode);
    for (const b of pal.querySelectorAll("button[data-tile]")) {
      const tile = b.dataset.tile, kind = kindOf(tile);
      if (b.dataset.lang !== S.lang) {  // named in the page's language
        b.setAttribute("aria-label", tileName(tile));
        b.title = tileName(tile);
        b.querySelector("img").alt = "";
        b.dataset.lang = S.lang;
      }
      let off = free && copies(kind) >= 4;
      if (tile[0] === "0" && free && redUsed(tile)) off = true;
      if (S.mode === "chow" && tile[1] === "z") off = true;
      b.disabled = off;
    }
    for (const b of $("flowers").querySelectorAll("button")) {
      b.classList.toggle("on", S.flowers.includes(Number(b.dataset.flower)));
      b.setAttribute("aria-pressed", S.flowers.includes(Number(b.dataset.flower)) ? "true" : "false");
      b.setAttribute("aria-label", tileName(b.dataset.flower + "f"));
    }
    $("meld-opts").classList.toggle("hidden", !["chow", "pung", "kong"].includes(S.mode));
    if (S.claim === "promoted" && S.mode !== "kong") S.claim = "claimed";
    for (const b of document.querySelectorAll("#claim button")) {
      b.classList.toggle("on", b.dataset.claim === S.claim);
      if (b.dataset.claim === "promoted") b.style.display = S.mode === "kong" ? "" : "none";
    }
    $("from").disabled = S.claim === "concealed";
    // For a chow the claim digit says which tile was claimed, not who discarded it: not asked here.
    document.querySelector(".from").style.display = S.mode === "chow" ? "none" : "";
    syncRadios();
  }

  function renderToggles() {
    const flags = flagsOf(S.system);
    $("toggles").innerHTML = flags.map((f) =>
      `<label class="toggle" id="opt-${f}" title="${esc(S.flagHelp[f] || "")}"><input type="checkbox" data-flag="${f}"${S.flags[f] ? " checked" : ""}>${esc(sub("flag", f))}</label>`).join("");
  }
  function renderWinds() {
    const names = t("winds");
    const focus = ["seat_wind", "round_wind", "discarder"].map((id) => [$(id), focusKey($(id), ["wind", "seat"])]);
    for (const id of ["seat_wind", "round_wind"]) {
      $(id).innerHTML = WINDS.map((w, i) =>
        `<button type="button" data-wind="${w}" class="${S[id] === w ? "on" : ""}" aria-label="${w}">${esc(names[i])}</button>`).join("");
    }
    // the discarder (MCR settlement): any seat but the winner's; by default the next seat
    const seat = WINDS.indexOf(S.seat_wind);
    if (S.discarder === seat) S.discarder = null;
    const dis = S.discarder == null ? (seat + 1) % 4 : S.discarder;
    $("discarder").innerHTML = WINDS.map((w, i) => i === seat ? "" :
      `<button type="button" data-seat="${i}" class="${i === dis ? "on" : ""}" aria-label="${w}">${esc(names[i])}</button>`).join("");
    $("discarder-group").hidden = !!(S.flags.self_drawn || S.flags.heavenly_hand || S.flags.earthly_hand);
    $("dealer-mark").textContent = S.seat_wind === "E" ? t("dealer_badge") : "";
    for (const [el, key] of focus) refocus(el, key);
    syncRadios();
  }
  /** The switchers are radio groups: each button a radio, checked when it is on. */
  function syncRadios() {
    for (const id of RADIOS) {
      const group = $(id);
      if (!group) continue;
      group.setAttribute("role", "radiogroup");
      for (const b of group.querySelectorAll("button")) {
        b.setAttribute("role", "radio");
        b.setAttribute("aria-checked", b.classList.contains("on") ? "true" : "false");
      }
      rove(group);
    }
    rove($("palette"));
    rove($("flowers"));
  }

  // -------------------------------------------- the keyboard: one tab stop a group, arrow keys
  /** The switchers and the tile grids (the palette, the flowers, the hand) are each one tab stop
   *  (a roving tabindex): the arrow keys move across them, Home / End to the ends; in a radio group
   *  the arrow keys also choose, as a radio group does. */
  const RADIOS = ["system", "mode", "claim", "seat_wind", "round_wind", "discarder", "points-who"];
  const GRIDS = ["palette", "flowers", "hand-view"];
  const roveItems = (group) => Array.from(group.querySelectorAll("button")).filter((b) => !b.disabled && b.getClientRects().length);
  /** Shown, without asking the layout (rove runs on every tap: no forced layout). */
  const shown = (b) => !b.disabled && b.style.display !== "none"
    && !(S.system === "mcr" && b.classList.contains("riichi-only")) && !(S.system === "riichi" && b.classList.contains("mcr-only"));
  function rove(group) {
    if (!group) return;
    const items = Array.from(group.querySelectorAll("button")).filter(shown);
    const all = group.querySelectorAll("button");
    const active = document.activeElement;
    const stop = items.find((b) => b === active) || items.find((b) => b.dataset.stop === "1")
      || (RADIOS.includes(group.id) ? items.find((b) => b.classList.contains("on")) : null) || items[0];
    for (const b of all) {
      b.tabIndex = b === stop ? 0 : -1;
      if (b === stop) b.dataset.stop = "1"; else delete b.dataset.stop;
    }
  }
  function roveKey(e) {
    const group = e.currentTarget;
    const from = e.target.closest("button");
    if (!from || !group.contains(from)) return;
    const items = roveItems(group);
    let i = items.indexOf(from);
    if (i < 0) return;
    let to = null;
    if (e.key === "ArrowRight") to = items[Math.min(items.length - 1, i + 1)];
    else if (e.key === "ArrowLeft") to = items[Math.max(0, i - 1)];
    else if (e.key === "Home") to = items[0];
    else if (e.key === "End") to = items[items.length - 1];
    else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      // the nearest tile in the row below (above): the grids wrap, so by their place on the screen
      const r0 = from.getBoundingClientRect(), down = e.key === "ArrowDown";
      const cx = r0.left + r0.width / 2, mid = r0.top + r0.height / 2;
      const rows = items.map((b) => [b, b.getBoundingClientRect()])
        .filter(([, r]) => (down ? r.top > mid : r.bottom < mid));
      let best = null;
      if (rows.length) {
        const edge = down ? Math.min(...rows.map(([, r]) => r.top)) : Math.max(...rows.map(([, r]) => r.bottom));
        const next = rows.filter(([, r]) => Math.abs((down ? r.top : r.bottom) - edge) < r0.height / 2);
        next.sort((x, y) => Math.abs(x[1].left + x[1].width / 2 - cx) - Math.abs(y[1].left + y[1].width / 2 - cx));
        best = next[0][0];
      }
      to = best || from;
    } else return;
    e.preventDefault();
    if (!to || to === from) return;
    for (const b of group.querySelectorAll("button")) { b.tabIndex = b === to ? 0 : -1; if (b === to) b.dataset.stop = "1"; else delete b.dataset.stop; }
    to.focus();
    if (RADIOS.includes(group.id) && !to.classList.contains("on")) to.click();  // a radio: chosen as it is reached
  }
  /** What identifies the focused button of a group that is drawn again (its data attributes). */
  function focusKey(group, attrs) {
    const a = document.activeElement;
    if (!group || !a || !group.contains(a) || a.tagName !== "BUTTON") return null;
    return attrs.map((k) => [k, a.dataset[k]]).filter(([, v]) => v !== undefined);
  }
  function refocus(group, key) {
    if (!key || !key.length) return;
    const sel = key.map(([k, v]) => `[data-${k}="${CSS.escape(v)}"]`).join("");
    const b = group.querySelector("button" + sel);
    if (b) { b.dataset.stop = "1"; b.focus(); }
  }
  function renderStatic() {
    document.documentElement.lang = S.lang;
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    for (const el of document.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
    $("round-label").textContent = S.system === "mcr" ? t("prevalent_wind") : t("round_wind");
    $("lang").value = S.lang;
    document.body.className = "sys-" + S.system;
    for (const b of document.querySelectorAll("#system button")) b.classList.toggle("on", b.dataset.system === S.system);
    for (const b of document.querySelectorAll("#mode button")) b.classList.toggle("on", b.dataset.mode === S.mode);
    for (const b of document.querySelectorAll("#claim button")) b.classList.toggle("on", b.dataset.claim === S.claim);
    renderToggles();
    renderWinds();
    const sel = $("preset");
    sel.innerHTML = S.presets[S.system].map((p) => `<option value="${esc(p)}">${esc(p)}</option>`).join("");
    sel.value = S.preset[S.system];
    renderPalette();
    renderHand();
    renderOffline();
  }
  function renderOffline() {
    const el = $("offline");
    el.hidden = navigator.onLine !== false || !!Engine.info;  // the engine in the page needs no network
    el.textContent = t("offline");
  }

  // ----------------------------------------------------------------------------- the API
  /** The engine in the page: suanfan under Pyodide in a Web Worker (static/worker.js), when the
   *  site has one (engine.json, written by `suanfan site`). It answers the API's paths with the
   *  API's answers (the same Python function); without it the page asks the HTTP API. */
  const Engine = {
    info: null, worker: null, ready: null, pending: new Map(), nextId: 1, progress: null, bootMs: null,
    failed: null, precached: null,
    start() {
      if (this.worker) this.worker.terminate();
      for (const p of this.pending.values()) p.reject(new Error("cancelled"));
      this.pending.clear();
      this.worker = new Worker("static/worker.js", { type: "module" });
      this.ready = new Promise((resolve, reject) => {
        this.worker.onmessage = (e) => {
          const m = e.data;
          if (m.type === "ready") { this.bootMs = m.ms; this.steps = m.steps; this.failed = null; resolve(); renderEngine(); }
          else if (m.type === "failed") { this.failed = m.error; reject(new Error(m.error)); renderEngine(); }
          else if (m.type === "answer") {
            const p = this.pending.get(m.id);
            if (p) { this.pending.delete(m.id); p.resolve({ status: m.status, body: m.body }); }
          }
        };
        this.worker.onerror = (e) => { this.failed = String(e.message || "worker error"); reject(new Error(this.failed)); renderEngine(); };
      });
      this.ready.catch(() => { /* shown by renderEngine */ });
      const base = new URL(".", location.href).href;
      this.worker.postMessage({ type: "boot", base, engine: this.info });
    },
    async call(path, body) {
      await this.ready;
      const id = this.nextId++;
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject, since: performance.now() });
        this.worker.postMessage({ type: "call", id, path, body });
      });
    },
    /** A long analysis still running for a hand that has changed since: stop it (a new worker). */
    cancelStale(ms) {
      const now = performance.now();
      for (const p of this.pending.values()) if (now - p.since > ms) { this.start(); return true; }
      return false;
    },
  };
  window.suanfanEngine = {  // the page's worker interface (also what the browser tests drive)
    call: (path, body) => Engine.call(path, body),
    ready: () => Engine.ready,
    info: () => ({ info: Engine.info, bootMs: Engine.bootMs, steps: Engine.steps, failed: Engine.failed,
      precached: Engine.precached || null }),
  };
  async function startEngine() {
    let info = null;
    try {
      const res = await fetch("engine.json");
      if (res.ok) info = await res.json();
    } catch (e) { /* no site: the HTTP API */ }
    if (!info || !info.wheel) { renderEngine(); return false; }
    Engine.info = info;
    renderEngine();
    // the first visit: the service worker takes over at once, and the engine starts when it is in
    // control, so that the engine's files pass through it: fetched once, streamed to the engine
    // and kept at the same time; then the rest of the site is kept (one download in all)
    await controlled(4000);
    Engine.start();
    Engine.ready.catch(() => null).then(() => {
      const sw = "serviceWorker" in navigator && navigator.serviceWorker.controller;
      if (sw) sw.postMessage({ type: "precache" });
    });
    return true;
  }
  /** Resolves when a service worker controls the page (at once on a later visit), or after `ms`. */
  function controlled(ms) {
    if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { navigator.serviceWorker.removeEventListener("controllerchange", done); resolve(); };
      navigator.serviceWorker.addEventListener("controllerchange", done);
      setTimeout(done, ms);
    });
  }
  function renderEngine() {
    const el = $("engine-status");
    if (!el) return;
    const mb = (n) => (n / 1e6).toFixed(1);
    let text = "";
    if (Engine.failed) text = t("engine_failed", Engine.failed);
    else if (Engine.info && Engine.bootMs == null) {
      const p = Engine.progress;
      text = p && p.done < p.total ? t("engine_loading_size", mb(p.done), mb(p.total))
        : t("engine_loading", mb(Engine.info.bytes || 0));
    }
    el.textContent = text;
    el.hidden = !text;
    renderOffline();
  }
  let engineBooting = null;
  async function post(path, body) {
    if (engineBooting) await engineBooting;
    if (Engine.info) {
      const r = await Engine.call(path, body);
      return { ok: r.status < 300, status: r.status, data: r.body };
    }
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch (e) { data = { detail: res.statusText }; }
    return { ok: res.ok, status: res.status, data };
  }
  /** A GET of the API (the points table, the dora), from the engine in the page when there is one. */
  async function getApi(path, params) {
    if (engineBooting) await engineBooting;
    if (Engine.info) {
      const r = await Engine.call(path, params);
      return { ok: r.status < 300, status: r.status, data: r.body };
    }
    const res = await fetch(path.slice(1) + "?" + new URLSearchParams(params).toString());
    let data = null;
    try { data = await res.json(); } catch (e) { data = { detail: res.statusText }; }
    return { ok: res.ok, status: res.status, data };
  }
  function situation() {
    const out = {};
    for (const f of flagsOf(S.system)) out[f] = !!S.flags[f];
    out.seat_wind = S.seat_wind;
    if (S.system === "mcr") {
      // not self-drawn is "not stated": 天和 / 地和 imply a self-drawn win
      if (!out.self_drawn) delete out.self_drawn;
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
    renderWinds();
    saveHash();
    $("share-link").hidden = true;
    seq++;  // an answer still on its way is for the hand before this change: it is dropped
    clearTimeout(timer);
    timer = setTimeout(evaluate, 120);
  }
  function showPlaceholder(text) {
    S.last = null;
    $("result").innerHTML = `<p class="placeholder">${esc(text)}</p>`;
    bar(null);
  }

  function show(draw) {  // draw now, and again on a change of language
    S.redraw = draw;
    draw();
  }
  async function evaluate() {
    const my = ++seq;
    evSync();
    if (Engine.info) Engine.cancelStale(1500);
    const text = $("notation").value.trim();
    const local = localParse(text);
    const five = local && overFour(local.melds.flatMap((m) => m.tiles).concat(local.concealed, local.winning ? [local.winning] : []));
    if (five) {  // flagged at once, however many tiles there are
      show(() => { say(T[S.lang].err.copies(five[0], five[1])); showPlaceholder(""); });
      return;
    }
    const n = tileCount();
    if (!text || (local && local.count < 13)) {
      show(() => showPlaceholder(n ? t("need_more", 13 - n) : t("empty")));
      return;
    }
    try {
      const parsed = await post("/api/parse", { hand: text });
      if (my !== seq) return;
      if (!parsed.ok) { show(() => { sayServer(parsed.data.detail); showPlaceholder(""); }); return; }
      fromServer(parsed.data);
      evSync();
      renderHand(); renderPalette();
      const sit = situation();
      const rules = S.preset[S.system];
      const visible = $("visible").value.trim();
      if (parsed.data.complete) {
        const body = Object.assign({ hand: text, rules }, sit);
        if (S.system === "mcr" && S.discarder != null && !sit.self_drawn && !sit.heavenly_hand && !sit.earthly_hand) {
          body.discarder = S.discarder;  // the winner sits at its seat wind (the server's default)
        }
        const res = await post(`/api/${S.system}/score`, body);
        if (my !== seq) return;
        if (!res.ok) {
          const failed = () => { sayServer(res.data.detail); renderNotWinning(res.data.detail); };
          show(failed);
          if (res.status === 422) {  // a possible hand that does not win: what to discard
            const adv = await post("/api/analyze", { hand: text, system: S.system, rules, situation: sit, visible });
            if (my !== seq) return;
            if (adv.ok) show(() => { failed(); renderAdvice(adv.data); });
          }
          return;
        }
        const system = S.system;
        show(() => { say(""); if (system === "mcr") renderMCR(res.data, sit); else renderRiichi(res.data, sit); });
      } else {
        const ask = (s) => post("/api/analyze", { hand: text, system: S.system, rules, situation: s, visible });
        // riichi on a discard: the same waits self-drawn too (MCR's analysis gives both itself)
        const [res, drawn] = await Promise.all([ask(sit),
          S.system === "riichi" && !sit.tsumo ? ask(Object.assign({}, sit, { tsumo: true })) : null]);
        if (my !== seq) return;
        if (!res.ok) { show(() => { sayServer(res.data.detail); showPlaceholder(""); }); return; }
        if (drawn && drawn.ok) {
          const byTile = {};
          for (const w of drawn.data.waits || []) byTile[w.tile] = w;
          for (const w of res.data.waits || []) {
            const d = byTile[w.tile];
            if (d && d.result) w.tsumo_points = riichiPoints(d.result);
          }
        }
        show(() => { say(""); renderWaits(res.data); });
      }
    } catch (e) {
      if (my === seq) show(() => { say(navigator.onLine === false ? t("offline") : t("server_down")); bar(null); });
    }
  }

  // ------------------------------------------- to the end of the hand: expected values (riichi, MCR)
  /** A closed 14-tile riichi or MCR hand: every discard's tenpai and win chances and expected score by
   *  the end of the hand (POST /api/expected, or the same function in the page's worker). A
   *  search can take seconds: it runs on a tap, shows its elapsed time and can be cancelled. */
  const EV = { hand: null, data: null, chosen: null, run: 0, timer: null, abort: null, status: "" };
  function evHandText() {
    return !S.melds.length && tileCount() === 14 ? $("notation").value.trim() : null;
  }
  function evSync() {
    const hand = evHandText();
    $("ev").hidden = !hand;
    if (hand !== EV.hand || (EV.data && EV.data.system !== S.system)) {  // another hand: the last figures are not its own
      if (EV.timer) evCancel(true);
      EV.hand = hand; EV.data = null; EV.chosen = null; EV.status = "";
      renderEV();
    }
  }
  function evBusy(on) {
    $("ev-run").hidden = on;
    $("ev-cancel").hidden = !on;
    $("ev-busy").hidden = !on;
    if (!on && EV.timer) { clearInterval(EV.timer); EV.timer = null; }
  }
  async function evRun() {
    const hand = evHandText();
    if (!hand) return;
    const my = ++EV.run;
    const sit = situation();
    const body = {
      hand, system: S.system, rules: S.preset[S.system], turn: Math.min(18, Math.max(1, Number($("ev-turn").value) || 1)),
      shanten_down: $("ev-sd").checked, tegawari: $("ev-tg").checked, seat_wind: sit.seat_wind,
    };
    if (S.system === "mcr") {
      body.round_wind = sit.prevalent_wind || sit.round_wind || "E";
    } else {
      Object.assign(body, { round_wind: sit.round_wind, dora_indicators: sit.dora_indicators, honba: sit.honba,
        riichi_sticks: sit.riichi_sticks });
    }
    const t0 = performance.now();
    const tick = () => { $("ev-progress").textContent = t("ev_running", ((performance.now() - t0) / 1000).toFixed(1)); };
    evBusy(true);
    tick();
    EV.timer = setInterval(tick, 100);
    let r;
    try {
      if (engineBooting) await engineBooting;
      if (Engine.info) {
        const a = await Engine.call("/api/expected", body);
        r = { ok: a.status < 300, data: a.body };
      } else {
        EV.abort = new AbortController();
        const res = await fetch("/api/expected", { method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body), signal: EV.abort.signal });
        let data = null;
        try { data = await res.json(); } catch (e) { data = { detail: res.statusText }; }
        r = { ok: res.ok, data };
      }
    } catch (e) {
      if (my !== EV.run) return;
      evBusy(false);
      EV.status = t("ev_cancelled");
      renderEV();
      return;
    }
    if (my !== EV.run) return;
    evBusy(false);
    EV.abort = null;
    if (!r.ok) { EV.data = null; EV.status = I18N.error(S.lang, r.data && r.data.detail); renderEV(); return; }
    EV.data = r.data;
    EV.chosen = r.data.options && r.data.options.length ? 0 : null;
    EV.status = t("ev_done", r.data.states, ((performance.now() - t0) / 1000).toFixed(2));
    renderEV();
  }
  function evCancel(quiet) {
    EV.run++;
    evBusy(false);
    if (EV.abort) { EV.abort.abort(); EV.abort = null; }
    if (Engine.info && Engine.pending.size) { Engine.start(); if (!quiet) evaluate(); }  // a new worker
    EV.status = quiet ? "" : t("ev_cancelled");
    renderEV();
  }
  const pct = (x) => (100 * x).toFixed(1);
  function renderEV() {
    $("ev-progress").textContent = EV.status;
    const d = EV.data;
    if (!d) { $("ev-out").innerHTML = ""; return; }
    const opts = Array.isArray(d.options) ? d.options : [];
    const mcr = d.system === "mcr";  // MCR: the fan combinations instead of two-step and good shape
    const rows = opts.map((o, i) => `<tr data-discard="${esc(o.discard || "")}" data-index="${i}" class="${i === EV.chosen ? "on" : ""}" tabindex="0">
      <td class="disc">${o.discard ? tileImg(o.discard) : "—"}</td><td class="num">${esc(t("shanten", o.shanten))}</td>
      <td class="num ev-tenpai">${pct(o.tenpai_probability[0])}</td><td class="num ev-win">${pct(o.win_probability[0])}</td>
      <td class="num ev-score">${Math.round(o.expected_score[0])}</td>` + (mcr
      ? `<td class="ev-combo">${o.combinations && o.combinations.length ? esc(evCombo(o.combinations[0])) : "—"}</td></tr>`
      : `<td class="num ev-two">${o.two_step == null ? "—" : o.two_step}</td>
      <td class="num ev-good">${o.good_shape == null ? "—" : pct(o.good_shape)}</td></tr>`)).join("");
    const o = EV.chosen != null ? opts[EV.chosen] : null;
    const extra = mcr ? `<th>${esc(t("col_combo"))}</th>` : `<th>${esc(t("col_two_step"))}</th><th>${esc(t("col_good"))}</th>`;
    $("ev-out").innerHTML = `<table class="fans advice ev" id="ev-table"><tr class="head"><th>${esc(t("col_discard"))}</th>
      <th>${esc(t("col_shanten"))}</th><th>${esc(t("col_tenpai"))}</th><th>${esc(t("col_win"))}</th><th>${esc(t("col_ev"))}</th>
      ${extra}</tr>${rows}</table>` + (o ? evPlot(o, d.turn) + (mcr ? evCombos(o) : "") : "");
  }
  /** An MCR fan combination by name, in the page's language. */
  function evCombo(c) {
    return (c.names || c.fans.map((id) => ({ id }))).map((f) => (f.name_zh ? fanName(f) : f.id)).join(" + ");
  }
  /** The chosen MCR option's fan combinations with their chance of winning by them. */
  function evCombos(o) {
    const list = (o.combinations || []).slice(0, 8);
    if (!list.length) return "";
    return `<table class="fans ev-combos" id="ev-combos"><tr class="head"><th>${esc(t("col_combo"))}</th><th>${esc(t("col_win"))}</th></tr>
      ${list.map((c) => `<tr><td>${esc(evCombo(c))}</td><td class="num">${pct(c.probability)}</td></tr>`).join("")}</table>`;
  }
  /** Our own SVG: the win chance (left axis, %) and the expected score (right axis) by turn. */
  function evPlot(o, turn) {
    const W = 360, H = 200, L = 40, R = 48, T = 26, B = 30;
    const n = o.win_probability.length;
    const last = turn + n - 1;
    const x = (i) => L + (n > 1 ? (W - L - R) * i / (n - 1) : 0);
    const wMax = Math.max(0.01, ...o.win_probability), sMax = Math.max(1, ...o.expected_score);
    const yW = (v) => T + (H - T - B) * (1 - v / wMax), yS = (v) => T + (H - T - B) * (1 - v / sMax);
    const line = (vals, y) => vals.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const ticks = [];
    for (let i = 0; i < n; i++) {
      const tn = turn + i;
      if (tn === turn || tn === last || tn % 3 === 0) ticks.push(`<text x="${x(i).toFixed(1)}" y="${H - B + 14}" text-anchor="middle">${tn}</text>`);
    }
    const cap = t("ev_plot", o.discard || "—");
    return `<figure class="ev-figure"><svg id="ev-plot" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(cap)}" data-discard="${esc(o.discard || "")}">
      <rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" class="ev-frame"/>
      <text x="${L}" y="${T - 8}" class="ev-win-label">${esc(t("ev_win_axis"))} ${pct(wMax)}</text>
      <text x="${W - R}" y="${T - 8}" text-anchor="end" class="ev-score-label">${esc(t("ev_score_axis"))} ${Math.round(sMax)}</text>
      <text x="${L - 4}" y="${H - B}" text-anchor="end">0</text>
      <text x="${(W - L - R) / 2 + L}" y="${H - 2}" text-anchor="middle">${esc(t("ev_turn"))}</text>
      ${ticks.join("")}
      <polyline class="ev-win" fill="none" points="${line(o.win_probability, yW)}"/>
      <polyline class="ev-score" fill="none" points="${line(o.expected_score, yS)}"/>
    </svg><figcaption>${esc(cap)}</figcaption></figure>`;
  }
  function evChoose(row) {
    if (!row || row.dataset.index == null) return;
    EV.chosen = Number(row.dataset.index);
    renderEV();
  }

  // ------------------------------------------------------------------------- the result
  function esc(s) {
    return String(s == null ? "" : s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }
  function setTiles(text) {
    // "123m" / "55s" / "[111z]" / "1z1z" -> tiles; anything else (e.g. "hand") -> []
    const clean = String(text).replace(/[\[\]]/g, "");
    const p = /^([0-9]+[mpsz])+$/.test(clean) ? localParse(clean) : null;
    return p ? p.concealed.concat(p.winning ? [p.winning] : []) : [];
  }
  const groupImgs = (tiles) => `<span class="grp">${tiles.map((x) => tileImg(x)).join("")}</span>`;
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
    return `<div class="ftiles">${groups.map(groupImgs).join("")}</div>`;
  }
  function fanName(e) {
    // MCR fans come with simplified, traditional and English names; riichi yaku with English,
    // Japanese and Chinese ones
    if (S.system === "mcr" || e.name_zh_hant !== undefined && e.name_ja === undefined) {
      if (S.lang === "en") return e.name_en || e.id;
      if (S.lang === "zh-Hans") return e.name_zh || e.id;
      return e.name_zh_hant || I18N.toTraditional(e.name_zh || e.id);
    }
    if (S.lang === "en") return e.name_en || e.id;
    if (S.lang === "ja") return e.name_ja || e.id;
    if (S.lang === "zh-Hant") return I18N.toTraditional(e.name_zh || e.id);
    return e.name_zh || e.id;
  }
  function altName(e) {  // the other names, as a tooltip
    return [e.name_zh, e.name_zh_hant, e.name_en, e.name_ja].filter((x) => x && x !== fanName(e)).join(" · ");
  }
  function renderNotWinning(detail) {
    // the reason is the headline (no yaku, a bad dora field, Rinshan without Tsumo ...), where
    // the eye is, above any discard advice
    S.last = null;
    const why = detail ? I18N.error(S.lang, detail) : "";
    $("result").innerHTML = `<div class="headline not-winning" id="not-winning"><span class="why" id="why">${esc(why || t("complete_not_winning"))}</span>${why ? `<span class="badge no">${esc(t("complete_not_winning"))}</span>` : ""}</div>`;
    bar({ main: "—", unit: "", badge: why || t("complete_not_winning"), ok: false });
  }
  function renderAdvice(d) {
    const opts = Array.isArray(d.options) ? d.options : [];
    if (!opts.length) return;
    const rows = opts.map((o) => {
      const useful = (o.useful || []).map((u) =>
        `<span class="use" data-tile="${esc(u.tile)}">${tileImg(u.tile)}<small>${u.unseen}</small></span>`).join("");
      return `<tr data-discard="${esc(o.discard)}"><td class="disc">${tileImg(o.discard)}</td><td class="num">${esc(t("shanten", o.shanten))}</td><td><div class="uses">${useful}</div><span class="alt">${esc(t("unseen", o.useful_unseen))}</span></td></tr>`;
    }).join("");
    $("result").insertAdjacentHTML("beforeend", `<h3>${esc(t("advice"))}</h3>
      <table class="fans advice" id="advice"><tr class="head"><th>${esc(t("col_discard"))}</th><th>${esc(t("col_shanten"))}</th><th>${esc(t("col_useful"))}</th></tr>${rows}</table>`);
    bar({ main: t("shanten", d.shanten), unit: "", badge: t("complete_not_winning"), ok: false });
  }
  function seatName(i) { return t("winds")[i]; }

  // ------------------------------------------------- history: the last hands scored, on the device
  const HISTORY_MAX = 30;
  function loadHistory() {
    try { const h = JSON.parse(store.get("suanfan.history") || "[]"); return Array.isArray(h) ? h : []; }
    catch (e) { return []; }
  }
  /** A hand scored: a new entry, or the last one again when only its situation changed. */
  function record(system, d) {
    const hist = loadHistory();
    const tiles = d.hand || $("notation").value.trim();
    const entry = system === "mcr"
      ? { system, hand: tiles, total: d.total, points: ((d.settlement || {}).points || []).slice(0, 4), at: Date.now() }
      : { system, hand: tiles, total: riichiPoints(d), han: d.han, fu: d.fu, at: Date.now() };
    const last = hist[hist.length - 1];
    if (last && last.system === system && last.hand === tiles) hist[hist.length - 1] = entry;
    else hist.push(entry);
    while (hist.length > HISTORY_MAX) hist.shift();
    store.set("suanfan.history", JSON.stringify(hist));
    renderHistory();
  }
  function renderHistory() {
    const hist = loadHistory();
    $("history-card").hidden = !hist.length;
    $("history").innerHTML = hist.slice().reverse().map((e) =>
      `<li data-system="${esc(e.system)}"><span class="h-hand">${esc(e.hand)}</span> <b class="h-total">${esc(e.total)}</b> ${esc(e.system === "mcr" ? t("fan") : t("points"))}${e.points && e.points.length ? ` <span class="alt">${esc(e.points.map((v) => (v > 0 ? "+" : "") + v).join(" "))}</span>` : ""}</li>`).join("");
    // the running totals of a table: the MCR settlements summed by seat
    const sums = [0, 0, 0, 0];
    let any = false;
    for (const e of hist) if (e.points && e.points.length === 4) { any = true; e.points.forEach((v, i) => { sums[i] += v; }); }
    $("running").innerHTML = any ? `<span class="label">${esc(t("running"))}</span>` + sums.map((v, i) =>
      `<div class="${v >= 0 ? "plus" : "minus"}"><span class="seat">${esc(seatName(i))}</span><b data-seat="${i}">${v > 0 ? "+" : ""}${v}</b></div>`).join("") : "";
  }
  function renderMCR(d, sit) {
    S.last = { kind: "mcr", data: d };
    if (!S.redrawing) record("mcr", d);
    const min = d.min_fan != null ? d.min_fan : 8;
    const fans = Array.isArray(d.fans) ? d.fans : [];
    const rows = fans.map((e) => {
      const count = e.count && e.count > 1 ? ` ×${e.count}` : "";
      const pts = e.points != null ? e.points : (e.value || 0) * (e.count || 1);
      return `<tr data-fan="${esc(e.id)}"><td><div class="name" title="${esc(altName(e))}">${esc(fanName(e))}<span class="alt">${count}</span></div>${tilesOfEntry(e)}</td><td class="pts">${pts}</td></tr>`;
    });
    rows.push(`<tr class="sum"><td>${esc(t("total"))}</td><td class="pts">${d.total}</td></tr>`);
    const withoutFlowers = d.total_without_flowers != null ? d.total_without_flowers : d.total;
    const met = d.meets_minimum;
    const st = d.settlement || {};
    const points = Array.isArray(st.points) ? st.points : [];
    const winner = st.winner != null ? st.winner : 0;
    const label = (i) => i === winner ? (met ? t("winner") : t("false_claimant"))
      : i === st.discarder && met ? t("discarder") : t("other");
    const settle = points.map((v, i) => `<div class="${v >= 0 ? "plus" : "minus"}${i === winner ? " me" : ""}"><span class="seat">${esc(seatName(i))}</span> ${esc(label(i))}<b>${v > 0 ? "+" : ""}${v}</b></div>`).join("");
    // the reading and what the principles left out, as the engine recorded them
    const decomp = Array.isArray(d.decomposition) && d.decomposition.length
      ? `<div class="decomp" id="decomposition"><span class="label">${esc(t("decomposition"))} · ${esc(sub("forms", d.form))}</span><div class="ftiles">${d.decomposition.map((x) => groupImgs(setTiles(x))).join("")}</div></div>` : "";
    const removed = Array.isArray(d.removed) ? d.removed : [];
    const byName = (id) => { const f = fans.find((e) => e.id === id); return f ? fanName(f) : id; };
    const rem = removed.length ? `<h3>${esc(t("not_counted"))}</h3><ul class="removed" id="removed">${removed.map((x) =>
      `<li data-fan="${esc(x.id)}"><span class="name">${esc(fanName(x))}${x.count > 1 ? " ×" + x.count : ""}</span> <span class="alt">${esc(sub("principles", x.principle))}${x.by ? " · " + esc(t("by", byName(x.by))) : ""}</span></li>`).join("")}</ul>` : "";
    $("result").innerHTML = `
      <div class="headline"><span class="big" id="total">${d.total}</span><span class="unit">${esc(t("fan"))}</span>
        <span class="badge ${met ? "ok" : "no"}" id="minimum">${esc(met ? t("min_ok", min) : t("min_no", min))}</span>
        ${met ? "" : `<span class="badge no" id="false-win">${esc(t("false_win"))}</span>`}</div>
      ${d.total !== withoutFlowers ? `<div class="subline">${esc(t("mcr_total_without", withoutFlowers))}</div>` : ""}
      ${decomp}
      <table class="fans">${rows.join("")}</table>${rem}
      <h3>${esc(met ? t("settlement") : t("false_win") + " · " + t("settlement"))}</h3><div class="settle" id="settlement">${settle}</div>`;
    bar({ main: String(d.total), unit: t("fan"), badge: met ? t("min_ok", min) : t("false_win"), ok: met, id: "total" });
  }
  function riichiPoints(d) {
    const p = d.payment || {};
    if (p.total != null) return p.total;
    return p.ron || 0;
  }
  function renderRiichi(d, sit) {
    S.last = { kind: "riichi", data: d };
    if (!S.redrawing) record("riichi", d);
    const yaku = Array.isArray(d.yaku) ? d.yaku : [];
    const rows = yaku.map((e) => {
      const han = e.han != null ? e.han : e.value;
      const v = e.yakuman ? t("yakuman") + (e.yakuman > 1 ? " ×" + e.yakuman : "") : `${han} ${t("han")}`;
      return `<tr data-yaku="${esc(e.id)}"><td><div class="name" title="${esc(altName(e))}">${esc(fanName(e))}</div>${tilesOfEntry(e)}</td><td class="pts">${esc(v)}</td></tr>`;
    });
    const p = d.payment || {};
    let pay;
    if (p.tsumo || sit.tsumo) {
      pay = p.dealer ? `${t("tsumo_pay")}: ${p.dealer} / ${p.non_dealer} (${t("dealer_pays")} / ${t("nondealer_pays")})`
        : `${t("tsumo_pay")}: ${p.non_dealer} ${t("all_pay")}`;
    } else pay = `${t("ron")}: ${p.ron}`;
    // the headline total as a sum: the hand's value, the honba and the riichi sticks
    const parts = [String(p.value != null ? p.value : riichiPoints(d))];
    if (p.honba) parts.push(`${t("honba")} ${p.honba}`);
    if (p.sticks) parts.push(`${t("sticks")} ${p.sticks}`);
    const sum = parts.length > 1 ? `${parts.join(" + ")} = ${riichiPoints(d)}` : "";
    const limit = d.limit ? `<span class="badge limit">${esc(sub("limit", d.limit))}</span>` : "";
    const dealer = d.dealer ? `<span class="badge ok" id="dealer">${esc(t("dealer_badge"))}</span>` : "";
    const hanfu = d.yakuman ? `${t("yakuman")}${d.yakuman > 1 ? " ×" + d.yakuman : ""}` : `${d.han} ${t("han")}${d.fu ? " " + d.fu + " " + t("fu") : ""}`;
    const wait = d.wait ? ` · ${t("wait")}: ${sub("waits_kind", d.wait)}` : "";
    $("result").innerHTML = `
      <div class="headline"><span class="big" id="total">${riichiPoints(d)}</span><span class="unit">${esc(t("points"))}</span>${limit}${dealer}</div>
      <div class="subline"><span id="hanfu">${esc(hanfu)}</span>${esc(wait)}</div>
      <table class="fans">${rows.join("")}</table>
      <div id="dora-tiles"></div>
      <div class="subline" id="payment">${esc(pay)}</div>
      ${sum ? `<div class="subline" id="payment-sum">${esc(sum)}</div>` : ""}${fuLines(d)}`;
    bar({ main: String(riichiPoints(d)), unit: t("points"), badge: d.limit ? sub("limit", d.limit) : hanfu, ok: true });
    renderDora();
    markPoints(d);
  }
  /** The dora and ura dora indicators as tiles, each with the dora it made (the engine says which:
   *  GET /api/riichi/dora) and how many of it the hand holds. */
  const DORA = { key: null, data: null };
  function renderDora() {
    const el = $("dora-tiles");
    if (!el) return;
    const fields = [["dora", "dora_indicators"], ["ura", "ura_dora_indicators"]]
      .map(([label, id]) => [label, $(id).value.trim()]).filter(([, v]) => v);
    if (!fields.length) { el.innerHTML = ""; return; }
    const rules = S.preset.riichi;
    const key = JSON.stringify([fields, rules]);
    const draw = () => {
      if (DORA.key !== key || !DORA.data) return;
      const held = (tile) => allTiles().filter((x) => kindOf(x) === kindOf(tile)).length;
      el.innerHTML = DORA.data.map(([label, list]) => `<div class="dora-tiles" data-kind="${label}"><span class="label">${esc(t(label))}</span>${
        list.map((x) => `<span class="dora-one" data-indicator="${esc(x.indicator)}" data-dora="${esc(x.dora)}">${tileImg(x.indicator)}<span class="arrow" aria-hidden="true">→</span><span class="sr">${esc(t("dora_made"))}</span>${tileImg(x.dora)}<span class="n">${esc(t("in_hand", held(x.dora)))}</span></span>`).join("")}</div>`).join("");
    };
    if (DORA.key === key) { draw(); return; }
    DORA.key = key; DORA.data = null;
    Promise.all(fields.map(([label, v]) => getApi("/api/riichi/dora", { indicators: v, rules })
      .then((res) => [label, res.ok ? res.data.dora : []])))
      .then((data) => { if (DORA.key === key) { DORA.data = data; draw(); } })
      .catch(() => { /* the text fields stand */ });
  }
  function fuText(f) {
    const parts = [sub("fu_items", f.id)];
    if (f.tiles) parts.push(f.tiles);
    let text = parts.join(" ");
    if (Array.isArray(f.tags) && f.tags.length) text += " (" + f.tags.map((x) => sub("fu_tags", x)).join("; ") + ")";
    return text;
  }
  function fuLines(d) {
    const items = Array.isArray(d.fu_breakdown) ? d.fu_breakdown : [];
    if (!d.fu || !items.length) return "";
    const li = items.map((f) => {
      const tiles = f.tiles ? setTiles(f.tiles) : [];
      const pics = tiles.length ? `<span class="fu-tiles">${tiles.map((x) => tileImg(x)).join("")}</span>` : (f.tiles ? " " + esc(f.tiles) : "");
      const tags = Array.isArray(f.tags) && f.tags.length ? `<span class="fu-tag">${esc(f.tags.map((x) => sub("fu_tags", x)).join("; "))}</span>` : "";
      return `<tr data-fu="${esc(f.id)}" title="${esc(fuText(f))}"><td><span class="fu-text">${esc(sub("fu_items", f.id))}</span>${pics}${tags}</td><td class="pts">${f.fu}</td></tr>`;
    }).join("");
    return `<h3>${esc(t("fu_title"))}</h3><table class="fans fu" id="fu">${li}<tr class="sum"><td>${esc(t("total"))}</td><td class="pts">${d.fu_unrounded != null && d.fu_unrounded !== d.fu ? d.fu_unrounded + " → " : ""}${d.fu}</td></tr></table>`;
  }
  function waitScore(w) {
    const r = w.result;
    if (!r) return null;
    if (S.system === "mcr") {
      const sd = w.self_drawn_total != null ? t("self_drawn_short", w.self_drawn_total) : "";
      return { main: `${r.total} ${t("fan")}`, ok: w.scores !== undefined ? w.scores : r.meets_minimum, note: sd };
    }
    const hanfu = r.yakuman ? t("yakuman") : `${r.han} ${t("han")}${r.fu ? " " + r.fu + " " + t("fu") : ""}`;
    const tsumo = w.tsumo_points != null ? ` · ${t("tsumo_pay")} ${w.tsumo_points}` : "";
    return { main: `${riichiPoints(r)}`, ok: true, note: hanfu + tsumo };
  }
  function renderWaits(d) {
    S.last = null;
    const waits = Array.isArray(d.waits) ? d.waits : [];
    const head = `<div class="headline"><span class="big shanten" id="shanten">${esc(t("shanten", d.shanten))}</span></div>`;
    if (!waits.length) {
      const useful = Array.isArray(d.useful) ? d.useful : [];
      const cells = useful.map((u) => `<div class="wait nope" data-useful="${esc(u.tile)}">${tileImg(u.tile)}<div><div class="w-note">${esc(t("unseen", u.unseen))}</div></div></div>`).join("");
      $("result").innerHTML = head + (useful.length ? `<h3>${esc(t("useful"))}</h3><div class="waits">${cells}</div>` : "");
      bar({ main: t("shanten", d.shanten), unit: "", badge: "", ok: false });
      return;
    }
    const cells = waits.map((w) => {
      const sc = waitScore(w);
      let note = [sc && sc.note, w.unseen != null ? t("unseen", w.unseen) : ""].filter(Boolean).join(" · ");
      if (!sc && w.tsumo_points != null) note = `${t("tsumo_pay")} ${w.tsumo_points}` + (note ? " · " + note : "");
      return `<div class="wait ${sc && sc.ok ? "" : "nope"}" data-wait="${esc(w.tile)}">${tileImg(w.tile)}<div><div class="w-score">${esc(sc ? sc.main : (S.system === "mcr" ? t("no_score") : t("no_yaku")))}</div><div class="w-note">${esc(note)}</div></div></div>`;
    }).join("");
    $("result").innerHTML = head + `<h3>${esc(t("waits"))}</h3><div class="waits" id="waits">${cells}</div>`;
    bar({ main: t("shanten", 0), unit: "", badge: waits.map((w) => w.tile).join(" "), ok: true });
  }
  /** The score bar at the bottom of the screen: always in view while tiles are entered. */
  function bar(info) {
    $("bar-win").innerHTML = S.winning ? tileImg(S.winning) : "";
    const n = tileCount();
    $("bar-total").textContent = info ? info.main : (n && n < 13 ? t("need_more", 13 - n) : "—");
    $("bar-unit").textContent = info ? info.unit : "";
    const b = $("bar-min");
    b.textContent = info ? info.badge : "";
    b.className = "badge" + (info && info.badge ? (info.ok ? " ok" : " no") : "");
  }

  // ------------------------------------------------------------- sharing: link and picture
  function saveHash() {
    // The hand, its situation and the language in the address, so that a result can be shared.
    const q = new URLSearchParams();
    q.set("s", S.system);
    const text = $("notation").value.trim();
    if (text) q.set("h", text);
    const flags = flagsOf(S.system).filter((f) => S.flags[f]);
    if (flags.length) q.set("f", flags.join(","));
    if (S.seat_wind !== "E" || S.round_wind !== "E") q.set("w", S.seat_wind + S.round_wind);
    if (S.system === "mcr" && S.discarder != null) q.set("dc", WINDS[S.discarder]);
    if (S.preset[S.system] !== DEFAULT_PRESET[S.system]) q.set("r", S.preset[S.system]);
    const fields = [["v", "visible"]];
    if (S.system === "riichi") fields.push(["d", "dora_indicators"], ["u", "ura_dora_indicators"], ["hb", "honba"], ["rs", "riichi_sticks"], ["nk", "nuki"]);
    for (const [key, id] of fields) {
      const v = $(id).value.trim();
      if (v && v !== "0") q.set(key, v);
    }
    q.set("l", S.lang);
    history.replaceState(null, "", "#" + q.toString());
    store.set("suanfan.hash", q.toString());
  }
  function loadHash() {
    const q = new URLSearchParams(location.hash.slice(1));
    if (q.get("s") === "mcr" || q.get("s") === "riichi") S.system = q.get("s");
    if (I18N.LANGS.includes(q.get("l"))) S.lang = q.get("l");
    const h = q.get("h");
    if (h) {
      $("notation").value = h;
      const p = localParse(h);
      if (p) { S.melds = p.melds; S.concealed = p.concealed; S.winning = p.winning; S.flowers = p.flowers; }
    }
    for (const f of (q.get("f") || "").split(",")) if (/^[a-z_]+$/.test(f)) S.flags[f] = true;
    const w = q.get("w") || "";
    if (w.length === 2 && WINDS.includes(w[0]) && WINDS.includes(w[1])) { S.seat_wind = w[0]; S.round_wind = w[1]; }
    else if (h) { S.seat_wind = "E"; S.round_wind = "E"; }  // a link leaves out the default winds
    if (WINDS.includes(q.get("dc"))) S.discarder = WINDS.indexOf(q.get("dc"));
    if (q.get("r")) S.preset[S.system] = q.get("r");
    for (const [key, id] of [["v", "visible"], ["d", "dora_indicators"], ["u", "ura_dora_indicators"], ["hb", "honba"], ["rs", "riichi_sticks"], ["nk", "nuki"]]) {
      if (q.get(key)) $(id).value = q.get(key);
    }
  }
  async function share() {
    saveHash();
    const link = location.href;
    const box = $("share-link");
    box.value = link;
    box.hidden = false;
    box.select();
    try {
      await navigator.clipboard.writeText(link);
      say(t("link_copied"), "info");
    } catch (e) {
      say(t("link_ready"), "info");  // no clipboard (permissions): the link is selected in the box
    }
  }
  /** An SVG picture of the hand (the engine draws the tiles) with the score it gave:
   *  {svg, width, height}, or null. */
  async function pictureSvg() {
    const text = $("notation").value.trim();
    if (!text) return null;
    let svg;
    if (Engine.info) {
      const r = await Engine.call("/api/svg", { hand: text, height: 64 });
      if (r.status !== 200) return null;
      svg = r.body;
    } else {
      const res = await fetch("api/svg?height=64&hand=" + encodeURIComponent(text));
      if (!res.ok) return null;
      svg = await res.text();
    }
    const inner = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
    const w = parseFloat(inner.getAttribute("width")) || 600, h = parseFloat(inner.getAttribute("height")) || 64;
    let line = "";
    const L = S.last;
    if (L && L.kind === "mcr") {
      line = `${L.data.total} ${t("fan")} · ` + L.data.fans.map((e) => fanName(e) + (e.count > 1 ? "×" + e.count : "")).join(" ");
    } else if (L && L.kind === "riichi") {
      const d = L.data;
      line = `${riichiPoints(d)} ${t("points")} · ` + d.yaku.map(fanName).join(" ");
    }
    const ns = "http://www.w3.org/2000/svg";
    const out = document.implementation.createDocument(ns, "svg", null).documentElement;
    const W = Math.max(w, 12 * line.length) + 24, H = h + (line ? 46 : 24);
    out.setAttribute("width", String(W)); out.setAttribute("height", String(H));
    out.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const bg = document.createElementNS(ns, "rect");
    bg.setAttribute("width", "100%"); bg.setAttribute("height", "100%"); bg.setAttribute("fill", "#fffdf8");
    out.appendChild(bg);
    const g = document.createElementNS(ns, "g");
    g.setAttribute("transform", "translate(12 12)");
    inner.setAttribute("x", "0"); inner.setAttribute("y", "0");
    g.appendChild(document.importNode(inner, true));
    out.appendChild(g);
    if (line) {
      const tx = document.createElementNS(ns, "text");
      tx.setAttribute("x", "12"); tx.setAttribute("y", String(h + 36));
      tx.setAttribute("font-family", "sans-serif"); tx.setAttribute("font-size", "18"); tx.setAttribute("fill", "#1d2330");
      tx.textContent = line;
      out.appendChild(tx);
    }
    return { svg: new XMLSerializer().serializeToString(out), width: W, height: H };
  }
  function download(blob, name) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }
  async function picture() {
    const p = await pictureSvg();
    if (p) download(new Blob([p.svg], { type: "image/svg+xml" }), "suanfan-hand.svg");
  }
  /** The same picture as a PNG (chat apps post PNG, not SVG): the SVG drawn on a canvas, twice its size. */
  async function picturePngBlob() {
    const p = await pictureSvg();
    if (!p) return null;
    // a data: address (the page's Content-Security-Policy lets images come from 'self' and data: only)
    const url = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(p.svg);
    {
      const img = new Image();
      img.decoding = "sync";
      await new Promise((resolve, reject) => { img.onload = resolve; img.onerror = () => reject(new Error("svg")); img.src = url; });
      const scale = 2, canvas = document.createElement("canvas");
      canvas.width = Math.ceil(p.width * scale); canvas.height = Math.ceil(p.height * scale);
      const ctx = canvas.getContext("2d");
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, p.width, p.height);
      return await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    }
  }
  async function picturePng() {
    let blob = null;
    try { blob = await picturePngBlob(); } catch (e) { blob = null; }
    if (!blob) { if ($("notation").value.trim()) say(t("picture_failed")); return; }
    download(blob, "suanfan-hand.png");
  }
  /** The phone's share sheet with the PNG (the Web Share API); where there is none, the PNG is downloaded. */
  async function sharePicture() {
    let blob = null;
    try { blob = await picturePngBlob(); } catch (e) { blob = null; }
    if (!blob) { if ($("notation").value.trim()) say(t("picture_failed")); return; }
    saveHash();
    const file = new File([blob], "suanfan-hand.png", { type: "image/png" });
    const data = { files: [file], title: "suanfan", text: location.href };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try { await navigator.share(data); } catch (e) { /* the user closed the sheet */ }
      return;
    }
    download(blob, "suanfan-hand.png");
  }

  // ---------------------------------------------------- the han + fu -> points table (riichi)
  /** Drawn from the engine's own payment table (GET /api/riichi/points): no points are written here. */
  const POINTS = { rules: null, data: null, who: "non_dealer", hand: null };
  async function renderPoints() {
    const box = $("points");
    if (!box.open) return;
    const rules = S.preset.riichi;
    if (POINTS.rules !== rules || !POINTS.data) {
      POINTS.rules = rules; POINTS.data = null;
      const res = await getApi("/api/riichi/points", { rules });
      if (POINTS.rules !== rules) return;
      if (!res.ok) { $("points-out").textContent = I18N.error(S.lang, res.data && res.data.detail); return; }
      POINTS.data = res.data;
    }
    const d = POINTS.data, who = POINTS.who;
    for (const b of document.querySelectorAll("#points-who button")) b.classList.toggle("on", b.dataset.who === who);
    syncRadios();
    const na = `<td class="na">—</td>`;
    const tsumoOf = (c) => who === "dealer" ? (c.dealer.tsumo == null ? null : `${c.dealer.tsumo} ${t("pt_each")}`)
      : (c.non_dealer.tsumo_other == null ? null : `${c.non_dealer.tsumo_other} / ${c.non_dealer.tsumo_dealer}`);
    const cell = (c, attrs) => {
      const ron = c[who].ron, tsumo = tsumoOf(c);
      if (ron == null && tsumo == null) return na.replace("<td", `<td ${attrs}`);
      return `<td ${attrs} data-ron="${ron == null ? "" : ron}" data-tsumo="${esc(tsumo || "")}">${ron == null ? "—" : ron}<small>${esc(tsumo || "—")}</small></td>`;
    };
    const head = `<tr><th>${esc(t("pt_corner"))}</th>${d.rows.map((r) => `<th>${r.han}</th>`).join("")}</tr>`;
    const body = d.fu.map((fu, j) => `<tr data-fu="${fu}"><th>${fu}</th>${d.rows.map((r) => cell(r.cells[j], `data-han="${r.han}" data-fu="${fu}"`)).join("")}</tr>`).join("");
    const limits = d.limits.map((l) => `<tr data-limit="${esc(l.limit)}"><th>${esc(l.han === "yakuman" ? t("yakuman") : l.han)}</th><td class="lim" colspan="2">${esc(sub("limit", l.limit))}</td>${cell(l, `colspan="2" data-limit="${esc(l.limit)}"`)}</tr>`).join("");
    $("points-out").innerHTML = `<table class="points-table" id="points-table" data-who="${who}" data-rules="${esc(d.rules)}">
      <thead>${head}</thead><tbody>${body}${limits}</tbody></table><p class="hint">${esc(t("pt_note"))}</p>`;
    markPoints(POINTS.hand);
  }
  /** The cell of the hand just scored, marked in the table. */
  function markPoints(d) {
    POINTS.hand = d;
    const table = $("points-table");
    if (!table) return;
    for (const el of table.querySelectorAll(".now")) el.classList.remove("now");
    if (!d || d.yakuman == null) return;
    const el = d.limit ? table.querySelector(`tr[data-limit="${CSS.escape(d.limit)}"]`)
      : table.querySelector(`td[data-han="${d.han}"][data-fu="${d.fu}"]`);
    if (el) el.classList.add("now");
  }

  // ------------------------------------------------------------------------------ events
  function wire() {
    for (const id of RADIOS.concat(GRIDS)) if ($(id)) $(id).addEventListener("keydown", roveKey);
    for (const a of document.querySelectorAll("#skip a")) {
      a.addEventListener("click", (e) => {  // focus the section itself, so that Tab goes on from there
        const target = document.querySelector(a.getAttribute("href"));
        if (!target) return;
        e.preventDefault();
        target.focus({ preventScroll: true });
        const head = document.querySelector("header.top");  // just below the sticky header
        window.scrollTo({ top: Math.max(0, target.getBoundingClientRect().top + window.scrollY - (head ? head.offsetHeight : 0) - 8) });
      });
    }
    $("ev-run").addEventListener("click", evRun);
    $("ev-cancel").addEventListener("click", () => evCancel(false));
    $("ev-out").addEventListener("click", (e) => evChoose(e.target.closest("tr[data-index]")));
    $("ev-out").addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); evChoose(e.target.closest("tr[data-index]")); } });
    $("palette").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-tile]");
      if (b && !b.disabled) { S.selected = null; typing = false; addTile(b.dataset.tile); }
    });
    $("flowers").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-flower]");
      if (!b) return;
      const f = Number(b.dataset.flower);
      remember();
      S.flowers = S.flowers.includes(f) ? S.flowers.filter((x) => x !== f) : S.flowers.concat([f]).sort();
      edited();
    });
    $("hand-view").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-where]");
      if (!b) return;
      const sel = { where: b.dataset.where, index: Number(b.dataset.index) };
      const same = S.selected && S.selected.where === sel.where && S.selected.index === sel.index;
      S.selected = same ? null : sel;
      renderHand();
    });
    $("act-remove").addEventListener("click", removeSelected);
    $("act-win").addEventListener("click", makeWinning);
    $("undo").addEventListener("click", () => undoRedo(S.undo, S.redo));
    $("redo").addEventListener("click", () => undoRedo(S.redo, S.undo));
    document.addEventListener("keydown", (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.target === $("notation")) return;
      if (e.key === "z" && !e.shiftKey) { e.preventDefault(); undoRedo(S.undo, S.redo); }
      if (e.key === "y" || (e.key === "z" && e.shiftKey)) { e.preventDefault(); undoRedo(S.redo, S.undo); }
    });
    $("notation").addEventListener("input", () => {
      if (!typing) { remember(); typing = true; }
      const p = localParse($("notation").value);
      if (p) {
        S.melds = p.melds; S.concealed = p.concealed; S.winning = p.winning;
        if (S.system === "mcr") S.flowers = p.flowers;
      }
      S.selected = null;
      say("");
      changed();
    });
    $("example").addEventListener("click", () => {
      // hands that win: over the 8-fan minimum (MCR), with a yaku (riichi)
      const text = S.system === "mcr" ? "[111z1]1234556789m 5m" : "234m406p678s2255s 5s";
      const p = localParse(text);
      remember();
      S.melds = p.melds; S.concealed = p.concealed; S.winning = p.winning;
      if (S.system === "mcr") S.flowers = [];
      // a fresh example: no flags or indicators left from the hand before
      S.flags = {}; S.discarder = null;
      for (const id of ["dora_indicators", "ura_dora_indicators", "visible"]) $(id).value = "";
      for (const id of ["honba", "riichi_sticks", "nuki"]) $(id).value = "0";
      renderToggles();
      edited();
    });
    $("clear").addEventListener("click", () => {
      // a new hand: its tiles and its situation (flags, indicators, counters, seen tiles); the
      // rules and the language stay, the winds too unless the setting says otherwise
      remember();
      S.melds = []; S.concealed = []; S.winning = null; S.flowers = []; S.selected = null;
      S.flags = {}; S.discarder = null;
      if (!$("keep-winds").checked) { S.seat_wind = "E"; S.round_wind = "E"; }
      for (const id of ["dora_indicators", "ura_dora_indicators", "visible"]) $(id).value = "";
      for (const id of ["honba", "riichi_sticks", "nuki"]) $(id).value = "0";
      $("red-five").checked = false;
      if (S.mode === "dora" || S.mode === "seen") S.mode = "tile";
      renderStatic(); edited();
    });
    $("keep-winds").addEventListener("change", () => store.set("suanfan.keepWinds", $("keep-winds").checked ? "1" : "0"));
    $("system").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-system]");
      if (!b) return;
      S.system = b.dataset.system;
      store.set("suanfan.system", S.system);
      if (S.mode === "dora" && S.system === "mcr") S.mode = "tile";
      renderStatic(); edited();
    });
    $("lang").addEventListener("change", () => {
      S.lang = $("lang").value;
      store.set("suanfan.lang", S.lang);
      renderStatic();
      S.redrawing = true;
      try { if (S.redraw) S.redraw(); } finally { S.redrawing = false; }  // the last answer, in the new language
      if (!EV.timer) { if (EV.data) EV.status = ""; renderEV(); }
      renderHistory();
      renderPoints();
      saveHash();
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
        changed();
      });
    }
    $("discarder").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-seat]");
      if (!b) return;
      S.discarder = Number(b.dataset.seat);
      changed();
    });
    $("preset").addEventListener("change", () => { S.preset[S.system] = $("preset").value; renderToggles(); renderPoints(); changed(); });
    for (const id of ["dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks", "nuki", "visible"]) $(id).addEventListener("input", changed);
    $("share").addEventListener("click", share);
    $("history-clear").addEventListener("click", () => { store.set("suanfan.history", "[]"); renderHistory(); });
    $("picture").addEventListener("click", picture);
    $("picture-png").addEventListener("click", picturePng);
    $("share-picture").addEventListener("click", sharePicture);
    $("points").addEventListener("toggle", renderPoints);
    $("points-who").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-who]");
      if (!b) return;
      POINTS.who = b.dataset.who;
      renderPoints();
    });
    $("scorebar").addEventListener("click", () => {
      // to the result, below the sticky header (which would hide the total)
      const head = document.querySelector("header.top");
      const top = $("result-card").getBoundingClientRect().top + window.scrollY - (head ? head.offsetHeight : 0) - 8;
      window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
    });
    window.addEventListener("online", () => { renderOffline(); changed(); });
    window.addEventListener("hashchange", () => {  // a shared link opened in this tab
      S.flags = {};
      loadHash();
      renderStatic();
      changed();
    });
    window.addEventListener("offline", renderOffline);
  }

  async function loadRules() {
    try {
      if (engineBooting) await engineBooting;
      let d;
      if (Engine.info) {
        const r = await Engine.call("/api/rules", null);
        if (r.status !== 200) return;
        d = r.body;
      } else {
        const res = await fetch("api/rules");
        if (!res.ok) return;
        d = await res.json();
      }
      for (const sys of ["mcr", "riichi"]) {
        const info = d.systems && d.systems[sys];
        if (!info) continue;
        if (Array.isArray(info.presets) && info.presets.length) {
          S.presets[sys] = info.presets;
          if (!info.presets.includes(S.preset[sys])) S.preset[sys] = info.default || info.presets[0];
        }
        if (info.flags) S.presetFlags[sys] = info.flags;
        for (const [name, field] of Object.entries(info.situation || {})) S.flagHelp[name] = field.description || "";
      }
      renderStatic();
    } catch (e) { /* the built-in lists stand */ }
  }

  if ("serviceWorker" in navigator) {
    // the page shell (page, script, styles, tile pictures) is kept for reopening it offline
    navigator.serviceWorker.register("sw.js").catch(() => { /* not installable here */ });
    navigator.serviceWorker.addEventListener("message", (e) => {
      if (e.data && e.data.type === "progress") { Engine.progress = e.data; renderEngine(); }
      if (e.data && e.data.type === "precached") Engine.precached = e.data.version;
    });
  }
  engineBooting = startEngine().finally(() => { engineBooting = null; });
  if (!location.hash && store.get("suanfan.hash")) {
    // the hand being entered, as the page left it (a reload, the app opened from the home screen)
    history.replaceState(null, "", "#" + store.get("suanfan.hash"));
  }
  $("keep-winds").checked = store.get("suanfan.keepWinds") !== "0";
  wire();
  renderHistory();
  loadHash();
  renderStatic();
  if ($("notation").value) changed(); else showPlaceholder(t("empty"));
  loadRules();
})();
