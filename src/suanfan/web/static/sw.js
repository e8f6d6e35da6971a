/* suanfan 算番 — the service worker.
 * In a site written by `suanfan site` (PRECACHE lists its files and their sizes, VERSION names the
 * cache by their content) every file is fetched once and kept, and afterwards answered from the
 * cache first, so the calculator, its engine (Pyodide and the suanfan wheel) included, opens and
 * scores with no network.
 * One download on the first visit: the worker takes over at once (it keeps nothing yet), the page
 * starts its engine once it is in control, and the engine's requests come here: a file not kept
 * yet is fetched once, its body streamed to the engine and into the cache at the same time; the
 * page then asks for the rest of the site ({type: "precache"}), and a file being fetched for the
 * engine is not fetched again. The page is told how far it got ({type: "progress", done, total}
 * in bytes) and when every file is kept ({type: "precached"}).
 * A new site has a new VERSION: its worker installs beside the old one and keeps every file
 * before it takes over (the page runs from the old cache meanwhile); the old cache goes then.
 * Served by `suanfan serve` without a site (PRECACHE null): the page shell only, network first,
 * the API never from the cache. */
"use strict";
const VERSION = "dev";
const PRECACHE = null;
const CACHE = "suanfan-" + VERSION;
const SHELL = ["./", "static/app.js", "static/i18n.js", "static/style.css", "manifest.webmanifest",
  "tiles/back.svg", "tiles/7z.svg"];
const scoped = (rel) => new URL(rel, self.registration.scope).href;
const SIZES = new Map(PRECACHE ? Object.entries(PRECACHE).map(([rel, size]) => [scoped(rel), size]) : []);
const TOTAL = Array.from(SIZES.values()).reduce((n, size) => n + size, 0);

async function tell(msg) {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of all) c.postMessage(msg);
}

// -- one fetch a file, shared by the engine's requests and the precache --------------------------
const inflight = new Map();  // url -> {done: Promise (kept in the cache), body: the engine's copy or null}
const progress = { done: 0, last: 0, counted: new Set() };
function count(n) {
  progress.done += n;
  if (progress.done - progress.last > 256 * 1024) { progress.last = progress.done; tell({ type: "progress", done: progress.done, total: TOTAL }); }
}
/** Fetch `url` once and keep it; `forClient`: also hand back a copy of the body as it streams. */
function fetchOnce(url, cache, forClient) {
  const running = inflight.get(url);
  if (running) return running;
  const entry = { done: null, ready: null, body: null, head: null };
  let ready = null;
  entry.ready = new Promise((resolve) => { ready = resolve; });  // the head (and the engine's copy) known
  entry.done = (async () => {
    try {
      const res = await fetch(url, { cache: "no-cache" });
      if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
      let body = res.body;
      if (forClient) { const [a, b] = body.tee(); body = a; entry.body = b; }
      entry.head = { status: res.status, statusText: res.statusText, headers: res.headers };
      ready();
      progress.counted.add(url);
      const counted = body.pipeThrough(new TransformStream({ transform(chunk, out) { count(chunk.length); out.enqueue(chunk); } }));
      await cache.put(url, new Response(counted, entry.head));
    } finally { ready(); }
  })();
  entry.done.catch(() => { /* the precache says it */ }).finally(() => inflight.delete(url));
  inflight.set(url, entry);
  return entry;
}
let precaching = null;
function precache() {
  if (!precaching) {
    precaching = (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(Array.from(SIZES.entries()).map(async ([url, size]) => {
        const running = inflight.get(url);
        if (running) return running.done;
        if (await cache.match(url)) {  // kept already (an interrupted install, or the engine's)
          if (!progress.counted.has(url)) { progress.counted.add(url); count(size); }
          return undefined;
        }
        return fetchOnce(url, cache, false).done;
      }));
      await tell({ type: "progress", done: TOTAL, total: TOTAL });
      await tell({ type: "precached", version: VERSION });
    })();
    precaching.catch(() => { precaching = null; });  // asked again by the next page
  }
  return precaching;
}

self.addEventListener("install", (event) => {
  if (!PRECACHE) {
    event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
    return;
  }
  // the first visit: take over at once, the files are kept as the engine asks for them; a new
  // version of a site already kept: keep every file first (the page runs from the old cache)
  event.waitUntil(caches.keys()
    .then((keys) => (keys.some((k) => k.startsWith("suanfan-") && k !== CACHE) ? precache() : null))
    .then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("suanfan-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener("message", (event) => {
  if (PRECACHE && event.data && event.data.type === "precache") event.waitUntil(precache());
});
self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  const path = url.pathname.slice(new URL(self.registration.scope).pathname.length);
  if (path.startsWith("api/") || path.startsWith("docs") || path.startsWith("tournament")) return;
  // the page, whatever its #hash or ?query
  const key = path === "" || path === "index.html" ? scoped("./") : url.href.split("?")[0];
  if (PRECACHE) {
    event.respondWith(caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(key);
      if (hit) return hit;
      if (!SIZES.has(key)) return fetch(req);
      const running = inflight.get(key);
      if (!running) {
        const mine = fetchOnce(key, cache, true);
        await mine.ready;
        if (mine.body) { const body = mine.body; mine.body = null; return new Response(body, mine.head); }
        return (await cache.match(key)) || fetch(req);
      }
      // fetched already for someone else: served from the cache when it is kept
      try { await running.done; } catch (e) { return fetch(req); }
      return (await cache.match(key)) || fetch(req);
    }));
    return;
  }
  event.respondWith(fetch(req).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
