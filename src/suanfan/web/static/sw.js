/* suanfan 算番 — the service worker: keeps the page shell (the page, its script and styles, the
 * tile pictures) so that the calculator reopens without a network. Scoring is the server's: the
 * API is never answered from the cache; offline, the page says so. Network first, so that an
 * updated page is seen as soon as the server is reachable. */
"use strict";
const CACHE = "suanfan-shell-v1";
const SHELL = ["/", "/static/app.js", "/static/i18n.js", "/static/style.css", "/manifest.webmanifest",
  "/tiles/back.svg", "/tiles/7z.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")
      || url.pathname.startsWith("/docs")) return;
  const key = url.pathname === "/" ? "/" : req;  // the page, whatever its #hash or ?query
  event.respondWith(fetch(req).then((res) => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then((c) => c.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((hit) => hit || Response.error())));
});
