/* suanfan 算番 — the in-page engine: suanfan itself (its pure-Python wheel) under Pyodide, in a
 * Web Worker so that the page never freezes. The page posts {type: "boot", base, engine} once,
 * then {type: "call", id, path, body}: the answer is what the HTTP API answers that path with that
 * body ({status, body}), computed by the same Python function (suanfan.web.engine.answer). A long
 * analysis is cancelled by terminating the worker (the page then starts a new one). */
"use strict";
let answer = null;

async function boot(base, info) {
  const t0 = performance.now();
  const steps = {};
  const step = (name) => { steps[name] = Math.round(performance.now() - t0); };
  const wheel = fetch(base + info.wheel);  // meanwhile
  const { loadPyodide } = await import(base + info.pyodide + "pyodide.mjs");  // a module worker
  step("script");
  const py = await loadPyodide({ indexURL: base + info.pyodide, fullStdLib: false });
  step("python");
  const res = await wheel;
  if (!res.ok) throw new Error(`the suanfan wheel: HTTP ${res.status}`);
  py.unpackArchive(await res.arrayBuffer(), "wheel");
  answer = py.pyimport("suanfan.web.engine").answer;
  step("suanfan");
  answer("/api/parse", JSON.stringify({ hand: "123m" }));  // imports what a first score needs
  step("ready");
  return steps;
}

self.onmessage = async (event) => {
  const m = event.data;
  if (m.type === "boot") {
    try {
      const steps = await boot(m.base, m.engine);
      self.postMessage({ type: "ready", ms: steps.ready, steps });
    } catch (err) {
      self.postMessage({ type: "failed", error: String(err && err.message || err) });
    }
    return;
  }
  if (m.type === "call") {
    let out;
    try {
      out = JSON.parse(answer(m.path, JSON.stringify(m.body == null ? null : m.body)));
    } catch (err) {  // a bug, not bad input: the API's 500 shape
      out = { status: 500, body: { error: "InternalError", detail: `internal error (${err && err.name}); please report the input` } };
    }
    self.postMessage({ type: "answer", id: m.id, status: out.status, body: out.body });
  }
};
