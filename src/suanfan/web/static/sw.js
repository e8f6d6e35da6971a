/* suanfan 算番 — the service worker.
 * In a site written by `suanfan site` (PRECACHE lists its files and their sizes, VERSION names the
 * cache by their content): on install every file is fetched once and kept, the page told how far
 * it got ({type: "progress", done, total} in bytes); afterwards every file is answered from the
 * cache first, so the calculator, its engine (Pyodide and the suanfan wheel) included, opens and
 * scores with no network. A new site has a new VERSION: its worker installs beside the old one,
 * and the old cache goes when it takes over.
 * Served by `suanfan serve` without a site (PRECACHE null): the page shell only, network first,
 * the API never from the cache. */
"use strict";
const VERSION = "dev";
const PRECACHE = null;
const CACHE = "suanfan-" + VERSION;
const SHELL = ["./", "static/app.js", "static/i18n.js", "static/style.css", "manifest.webmanifest",
  "tiles/back.svg", "tiles/7z.svg"];
const scoped = (rel) => new URL(rel, self.registration.scope).href;

async function tell(msg) {
  const all = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const c of all) c.postMessage(msg);
}
async function precache() {
  const cache = await caches.open(CACHE);
  const entries = Object.entries(PRECACHE);
  const total = entries.reduce((n, [, size]) => n + size, 0);
  let done = 0, last = 0;
  await Promise.all(entries.map(async ([rel, size]) => {
    const url = scoped(rel);
    if (await cache.match(url)) { done += size; return; }  // kept from an interrupted install
    const res = await fetch(url, { cache: "no-cache" });
    if (!res.ok) throw new Error(`${rel}: HTTP ${res.status}`);
    const reader = res.body.getReader(), parts = [];
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      parts.push(value);
      done += value.length;
      if (done - last > 256 * 1024) { last = done; tell({ type: "progress", done, total }); }
    }
    await cache.put(url, new Response(new Blob(parts), { status: res.status, statusText: res.statusText,
      headers: res.headers }));
  }));
  await tell({ type: "progress", done: total, total });
}

self.addEventListener("install", (event) => {
  event.waitUntil((PRECACHE ? precache() : caches.open(CACHE).then((c) => c.addAll(SHELL)))
    .then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("suanfan-") && k !== CACHE)
      .map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
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
    event.respondWith(caches.open(CACHE).then((c) => c.match(key)).then((hit) => hit || fetch(req)));
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
