// suanfan tournament pages: the rounds, a table's score sheet, the standings (projector view).
// Everything is built with textContent (player names are never read as HTML).
"use strict";

const WINDS = "ESWN";

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// -- the token: a referee's (or the organiser's), kept on this device, sent with every request --
const TOKEN_KEY = "suanfan-tournament-token";

function storedToken() {
  try { return localStorage.getItem(TOKEN_KEY) || ""; } catch (e) { return ""; }
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const token = storedToken();
  if (token) opts.headers.Authorization = "Bearer " + token;
  const r = await fetch(path, opts);
  const data = await r.json().catch(() => ({ error: "HTTPError", detail: r.statusText }));
  if (!r.ok) {
    const err = new Error(data.detail || data.error || r.statusText);
    err.status = r.status;
    throw err;
  }
  return data;
}

let pending = null; // the action refused for want of a token, tried again once one is given

function tokenCard() {
  let card = document.getElementById("token-card");
  if (card) return card;
  const input = el("input", { id: "token", type: "password", autocomplete: "off", spellcheck: "false",
    placeholder: "sfr.… from the organiser" });
  const form = el("form", { id: "token-form", class: "row", hidden: "" },
    el("label", {}, "Token ", input),
    el("button", { type: "submit", id: "token-save", class: "primary", text: "Use this token" }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const value = input.value.trim();
    if (!value) return;
    try { localStorage.setItem(TOKEN_KEY, value); } catch (e) { /* private mode: this page only */ }
    input.value = "";
    form.hidden = true;
    await showHolder();
    const again = pending;
    pending = null;
    if (again) await again();
  });
  const forget = el("button", { type: "button", id: "token-forget", class: "small", text: "forget the token",
    onclick: async () => {
      try { localStorage.removeItem(TOKEN_KEY); } catch (e) { /* nothing kept */ }
      await showHolder();
    } });
  card = el("section", { class: "card", id: "token-card" },
    el("p", { id: "token-why", class: "message" }), form,
    el("p", { class: "row" }, el("span", { id: "holder" }), " ", forget));
  const after = document.getElementById("form-card");
  if (after) after.after(card); else document.querySelector("main").append(card);
  return card;
}

async function showHolder() {
  tokenCard();
  const holder = document.getElementById("holder");
  const forget = document.getElementById("token-forget");
  const token = storedToken();
  forget.hidden = !token;
  tokenCard().hidden = !token && document.getElementById("token-form").hidden;
  if (!token) { holder.textContent = "no token on this device"; return; }
  try {
    const me = await api("GET", "/api/tournament/me");
    const where = me.role === "organiser" ? "organiser" : (me.tables.length ? "tables " + me.tables.join(", ") : "every table");
    holder.textContent = `entering as ${me.holder} (${where})`;
  } catch (e) {
    holder.textContent = `the token on this device is refused: ${e.message}`;
  }
}

// run an action; when refused for want of a (valid) token, ask for one and run it again with it
async function withToken(action) {
  try {
    await action();
  } catch (e) {
    if (![401, 403, 429].includes(e.status)) throw e;
    tokenCard().hidden = false;
    document.getElementById("token-why").textContent = e.message;
    if (e.status !== 429) {
      document.getElementById("token-form").hidden = false;
      document.getElementById("token").focus();
      pending = async () => {
        document.getElementById("token-why").textContent = "";
        try { await withToken(action); } catch (err) { say(err.message); }
      };
    }
    say(e.status === 401 ? "a token is needed: enter yours below" : e.message);
  }
}

function say(text, ok) {
  const m = document.getElementById("message");
  m.textContent = text || "";
  m.classList.toggle("ok", !!ok);
}

function num(x) {
  if (typeof x !== "number") return String(x);
  const s = Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0+$/, "");
  return x > 0 ? "+" + s : s;
}

// -- the index page -------------------------------------------------------------------------
async function indexPage() {
  await showHolder();
  try { await withToken(indexLoad); } catch (e) { say(e.message); }
}

async function indexLoad() {
  {
    const t = await api("GET", "/api/tournament");
    document.getElementById("t-name").textContent = `${t.name} (${t.system}, ${t.rules})`;
    document.title = `${t.name} — suanfan`;
    const box = document.getElementById("rounds");
    if (!t.rounds.length) box.append(el("p", { text: "No round is seated yet (suanfan tournament seat)." }));
    for (const r of t.rounds) {
      const list = el("ul");
      for (const tb of r.tables) {
        list.append(el("li", {},
          el("a", { href: `/tournament/sheet?round=${r.round}&table=${tb.table}`, text: `Table ${tb.table}` }),
          ": " + tb.players.join(", ") + (tb.ended ? " (ended)" : "")));
      }
      box.append(el("h2", { text: `Round ${r.round}` }), list);
    }
    say("");
  }
}

// -- the standings (projector) --------------------------------------------------------------
async function standingsPage() {
  await showHolder();
  const refresh = async () => withToken(async () => {
    {
      const s = await api("GET", "/api/tournament/standings");
      document.getElementById("t-name").textContent = s.name;
      const riichi = s.system === "riichi";
      const table = document.getElementById("standings");
      table.replaceChildren();
      const head = ["#", "Player", "Club", "Played", riichi ? "Points" : "Table pts", "Score", "1st",
        riichi ? "Best (han)" : "Best (fan)"];
      table.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { text: h })))));
      const body = el("tbody");
      for (const p of s.standings) {
        body.append(el("tr", { "data-player": p.name },
          el("td", { class: "n", text: String(p.rank) }), el("td", { text: p.name }),
          el("td", { text: p.club || p.team || "" }), el("td", { class: "n", text: String(p.sessions) }),
          el("td", { class: "n", text: riichi ? num(p.points) : String(p.points) }),
          el("td", { class: "n", text: num(p.score) }), el("td", { class: "n", text: String(p.firsts) }),
          el("td", { class: "n", text: p.best ? String(p.best.value) : "" })));
      }
      table.append(body);
      const open = s.rounds.flatMap((r) => r.tables.filter((t) => !t.ended).map((t) => `${r.round}.${t.table}`));
      document.getElementById("updated").textContent = `updated ${new Date().toLocaleTimeString()}` +
        (open.length ? ` · in play: ${open.join(", ")}` : "");
      say("");
    }
  }).catch((e) => say(e.message));
  await refresh();
  const every = Number(new URLSearchParams(location.search).get("refresh")) || 15;
  setInterval(refresh, every * 1000);
}

// -- the score sheet ------------------------------------------------------------------------
const TILES = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
  "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"];
const MCR_FLAGS = [["last_tile_of_wall", "last tile of the wall"], ["kong", "on a kong"],
  ["last_of_kind", "last of its kind"]];
const RIICHI_FLAGS = [["double_riichi", "double riichi"], ["ippatsu", "ippatsu"], ["rinshan", "rinshan"],
  ["chankan", "chankan"], ["haitei", "haitei"], ["houtei", "houtei"]];

const state = { round: 0, table: 0, sheet: null, system: "mcr", editing: null };

function describe(e, detail, names) {
  const why = e.reason ? ` (${e.reason})` : "";
  switch (e.kind) {
    case "draw":
      return e.tenpai ? `draw (tenpai: ${e.tenpai.map((s) => names[s]).join(", ") || "nobody"})` : "draw";
    case "false_win": return `false win by ${names[e.seat]}${why}`;
    case "chombo": return `chombo by ${names[e.seat]}${why}`;
    case "penalty": return `penalty ${num(e.amount)} for ${names[e.seat]}${why}`;
    case "fan": return `${names[e.winner]} ${e.fan} fan ${e.discarder === null ? "self-drawn" : "from " + names[e.discarder]}`;
    case "points": return `${names[e.winner]} ${e.yakuman ? e.yakuman + "× yakuman" : e.han + " han " + e.fu + " fu"} ` +
      (e.discarder === null ? "tsumo" : "ron on " + names[e.discarder]);
    default:
      if (detail.result) {
        const r = detail.result;
        return `${names[e.winner]} ${r.hand} ${e.discarder === null ? "self-drawn" : "from " + names[e.discarder]}: ` +
          `${r.total} fan (${r.fans.join(", ")})`;
      }
      return (detail.results || []).map((r) => `${names[r.winner]} ${r.hand}: ` +
        (r.yakuman ? `${r.yakuman}× yakuman` : `${r.han} han ${r.fu} fu`) + ` (${r.yaku.join(", ")})`).join("; ");
  }
}

function options(select, names, extra) {
  const keep = select.value;
  select.replaceChildren();
  if (extra) select.append(el("option", { value: extra[0], text: extra[1] }));
  names.forEach((n, i) => select.append(el("option", { value: String(i), text: n })));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

function checks(box, names, cls) {
  box.replaceChildren(...names.map((n, i) => el("label", {},
    el("input", { type: "checkbox", class: cls, value: String(i) }), n)));
}

function showKind() {
  const kind = document.getElementById("kind").value;
  const riichi = state.system === "riichi";
  for (const node of document.querySelectorAll("#entry-form [class*='-only']")) {
    const cls = [...node.classList].filter((c) => c.endsWith("-only"));
    const kinds = cls.filter((c) => !["mcr-only", "riichi-only"].includes(c));
    let on = kinds.length === 0 || kinds.includes(kind + "-only");
    if (cls.includes("mcr-only") && riichi) on = false;
    if (cls.includes("riichi-only") && !riichi) on = false;
    node.hidden = !on;
  }
}

function render() {
  const s = state.sheet;
  const names = s.players;
  document.getElementById("where").textContent = `round ${s.round} · table ${s.table}`;
  document.title = `Round ${s.round} table ${s.table} — suanfan`;
  const winds = s.next ? s.next.seat_winds : null;
  document.getElementById("totals").replaceChildren(...names.map((n, i) => el("div", { class: "p" },
    el("span", { class: "w", text: winds ? winds[i] : WINDS[i] }), " ", n,
    el("b", { "data-total": String(i), text: String(s.totals[i]) }))));
  const next = document.getElementById("next");
  if (s.next) {
    const sticks = s.system === "riichi" ? ` · honba ${s.next.honba} · sticks ${s.next.sticks}` : "";
    next.textContent = `next: hand ${s.next.number} (${s.next.label})${sticks}`;
  } else {
    next.textContent = `session over: ${s.hands} hands`;
  }
  document.getElementById("submit").textContent = state.editing ? `Save entry ${state.editing}` :
    (s.next ? `Record hand ${s.next.number}` : "Record");
  document.getElementById("end").hidden = !s.next;
  options(document.getElementById("winner"), names);
  options(document.getElementById("discarder"), names, ["", "self-drawn"]);
  options(document.getElementById("seat"), names);
  if (!document.getElementById("riichi").children.length) {
    checks(document.getElementById("riichi"), names, "riichi");
    checks(document.getElementById("tenpai"), names, "tenpai");
  }
  const table = document.getElementById("entries");
  table.replaceChildren(el("thead", {}, el("tr", {}, el("th", { text: "#" }), el("th", { text: "hand" }),
    ...names.map((n) => el("th", { text: n })), el("th", { text: "" }), el("th", { text: "" }))));
  const body = el("tbody");
  // the running scores: riichi chombo and penalties count on the final points, not the table's
  const onTable = (r) => !(s.system === "riichi" && ["chombo", "penalty"].includes(r.kind));
  const run = s.totals.map((t, i) => t - s.entries.filter(onTable).reduce((a, r) => a + r.deltas[i], 0));
  for (const r of s.entries) {
    const adj = !["win", "fan", "draw", "points"].includes(r.kind);
    const tr = el("tr", { class: adj ? "adj" : "", "data-entry": String(r.id) },
      el("td", { text: String(r.number) }), el("td", { text: r.label }),
      ...r.deltas.map((d, i) => {
        if (onTable(r)) run[i] += d;
        return el("td", {}, d ? num(d) : "·", onTable(r) ? el("div", { class: "tot", text: String(run[i]) }) : null);
      }),
      el("td", { class: "what", text: describe(r.entry, r.detail, names) }),
      el("td", {}, el("button", { type: "button", class: "small", text: "edit", onclick: () => startEdit(r) }),
        el("button", { type: "button", class: "small danger", text: "✕", onclick: () => remove(r) })));
    body.append(tr);
  }
  table.append(body);
  const what = s.system === "riichi" ? "final points" : "table points";
  document.getElementById("result").textContent = `${what}: ` +
    names.map((n, i) => `${n} ${s.system === "riichi" ? num(s.points[i]) : s.points[i]}`).join(" · ") +
    (s.ended ? " (ended)" : "");
  showKind();
}

function seatsChecked(cls) {
  return [...document.querySelectorAll(`input.${cls}:checked`)].map((c) => Number(c.value));
}

function entryFromForm() {
  const kind = document.getElementById("kind").value;
  const riichi = state.system === "riichi";
  const v = (id) => document.getElementById(id).value;
  const seatOf = (id) => Number(v(id));
  const discarder = v("discarder") === "" ? null : Number(v("discarder"));
  if (kind === "draw") return riichi ? { kind: "draw", tenpai: seatsChecked("tenpai"), riichi: seatsChecked("riichi") }
    : { kind: "draw" };
  if (kind === "foul") return { kind: riichi ? "chombo" : "false_win", seat: seatOf("seat"), reason: v("reason") };
  if (kind === "penalty") return { kind: "penalty", seat: seatOf("seat"), amount: Number(v("amount")), reason: v("reason") };
  const base = { winner: seatOf("winner"), discarder };
  if (riichi) base.riichi = seatsChecked("riichi");
  if (kind === "total") {
    if (!riichi) return { kind: "fan", ...base, fan: Number(v("fan")) };
    return { kind: "points", ...base, han: Number(v("han")), fu: Number(v("fu")), yakuman: Number(v("yakuman")) };
  }
  const e = { kind: "win", ...base, hand: v("hand").trim() };
  for (const [name] of riichi ? RIICHI_FLAGS : MCR_FLAGS) {
    const box = document.getElementById("f-" + name);
    if (box.checked) e[name] = true;
  }
  if (riichi) { e.dora = v("dora").trim(); e.ura_dora = v("ura_dora").trim(); }
  else e.flowers = Number(v("flowers")) || 0;
  return e;
}

function startEdit(r) {
  const e = r.entry;
  state.editing = r.id;
  document.getElementById("editing").hidden = false;
  document.getElementById("edit-id").textContent = String(r.id);
  const kind = { win: "win", fan: "total", points: "total", draw: "draw", false_win: "foul", chombo: "foul",
    penalty: "penalty" }[e.kind];
  document.getElementById("kind").value = kind;
  const set = (id, val) => { document.getElementById(id).value = val; };
  if ("winner" in e) set("winner", String(e.winner));
  if (e.wins) { set("winner", String(e.wins[0].winner)); set("hand", e.wins[0].hand); }
  if ("discarder" in e) set("discarder", e.discarder === null ? "" : String(e.discarder));
  if (e.hand) set("hand", e.hand);
  if ("seat" in e) set("seat", String(e.seat));
  if ("amount" in e) set("amount", String(e.amount));
  if ("reason" in e) set("reason", e.reason);
  if ("fan" in e) set("fan", String(e.fan));
  for (const c of document.querySelectorAll("input.riichi")) c.checked = (e.riichi || []).includes(Number(c.value));
  for (const c of document.querySelectorAll("input.tenpai")) c.checked = (e.tenpai || []).includes(Number(c.value));
  render();
  document.getElementById("form-card").scrollIntoView();
}

function resetForm() {
  state.editing = null;
  document.getElementById("editing").hidden = true;
  document.getElementById("hand").value = "";
  for (const c of document.querySelectorAll("#entry-form input[type=checkbox]")) c.checked = false;
}

async function load() {
  state.sheet = await api("GET", `/api/tournament/rounds/${state.round}/tables/${state.table}`);
  state.system = state.sheet.system;
  const flags = document.getElementById("flags");
  if (!flags.children.length) {
    for (const [name, label] of state.system === "riichi" ? RIICHI_FLAGS : MCR_FLAGS) {
      flags.append(el("label", { class: "toggle" }, el("input", { type: "checkbox", id: "f-" + name }), label));
    }
  }
  render();
}

// the audit trail records the token's holder: the pages send no author
async function submit(ev) {
  ev.preventDefault();
  const base = `/api/tournament/rounds/${state.round}/tables/${state.table}/entries`;
  let entry;
  try { entry = entryFromForm(); } catch (e) { say(e.message); return; }
  const editing = state.editing;
  const kind = entry.kind;
  const adj = ["false_win", "chombo", "penalty"].includes(kind);
  const number = state.sheet.next ? state.sheet.next.number : undefined;
  try {
    await withToken(async () => {
      if (editing) {
        await api("PUT", `${base}/${editing}`, { entry });
        say(`entry ${editing} changed`, true);
      } else {
        const rec = await api("POST", base, adj ? { entry } : { entry, number });
        say(`hand ${rec.number} (${rec.label}) recorded: ` + rec.deltas.map(num).join(" / "), true);
      }
      resetForm();
      await load();
    });
  } catch (e) { say(e.message); }
}

async function remove(r) {
  if (!confirm(`Delete entry ${r.id} (hand ${r.number})?`)) return;
  try {
    await withToken(async () => {
      state.sheet = await api("DELETE", `/api/tournament/rounds/${state.round}/tables/${state.table}/entries/${r.id}`);
      say(`entry ${r.id} deleted`, true);
      render();
    });
  } catch (e) { say(e.message); }
}

async function endSession() {
  if (!confirm("End this session? No more hands can be entered.")) return;
  try {
    await withToken(async () => {
      state.sheet = await api("POST", `/api/tournament/rounds/${state.round}/tables/${state.table}/end`, {});
      say("session ended", true);
      render();
    });
  } catch (e) { say(e.message); }
}

function picker() {
  const hand = document.getElementById("hand");
  const pal = document.getElementById("palette");
  for (const t of TILES) {
    pal.append(el("button", { type: "button", "data-tile": t, "aria-label": t, onclick: () => { hand.value += t; } },
      el("img", { src: `/tiles/${t}.svg`, alt: t })));
  }
  for (const b of document.querySelectorAll("[data-key]")) {
    b.addEventListener("click", () => {
      const k = b.dataset.key;
      if (k === "back") hand.value = hand.value.replace(/(\d[mpsz]|.)$/, "");
      else if (k === "clear") hand.value = "";
      else hand.value += k;
    });
  }
}

async function sheetPage() {
  const q = new URLSearchParams(location.search);
  state.round = Number(q.get("round")) || 1;
  state.table = Number(q.get("table")) || 1;
  picker();
  document.getElementById("kind").addEventListener("change", showKind);
  document.getElementById("entry-form").addEventListener("submit", submit);
  document.getElementById("end").addEventListener("click", endSession);
  document.getElementById("cancel-edit").addEventListener("click", () => { resetForm(); render(); });
  await showHolder();
  try { await withToken(load); } catch (e) { say(e.message); }
}

const PAGES = { index: indexPage, standings: standingsPage, sheet: sheetPage };
PAGES[document.body.dataset.page]();
