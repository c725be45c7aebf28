// What every part of live play uses: the site's addresses, the browser's storage, making elements, the
// engine's worker (one request at a time, answered in order), rule links and dice in words.

export const STATIC = new URL("../../", import.meta.url);  // the site's _static/ (this file is _static/js/live-play/)
export const ROOT = new URL("../", STATIC);                 // the site's root, where rule links start
export const stats = (window.tsrLivePlay = window.tsrLivePlay || { boots: [], moves: [], marks: [] });
// A stage of the first game on the epoch clock the engine's worker marks too (benchmarks/first_game.py reads them).
export function mark(stage) {
  stats.marks.push({ stage, at: performance.timeOrigin + performance.now() });
}

export function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function stored(key) {
  try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (error) { return null; }
}
export function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* private mode, full: play on */ }
}
// ``text`` offered as a file to download (a save, a kept game set aside).
export function offerFile(name, text, type = "application/json") {
  const link = el("a", { download: name, href: URL.createObjectURL(new Blob([text], { type })) });
  document.body.append(link);
  link.click();
  link.remove();
}

// -- the worker: one request at a time, answered in order ----------------------------------
export function connect(onProgress) {
  const worker = new Worker(new URL("js/play-worker.mjs", STATIC), { type: "module" });
  const waiting = new Map();
  let next = 0;
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.progress) { onProgress(message.progress); return; }
    if (message.mark) { stats.marks.push({ stage: message.mark, at: message.at, bytes: message.bytes }); return; }
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(message.answer);
  };
  worker.onerror = (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message || "the engine stopped"));
    waiting.clear();
  };
  return (message) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...message });
  });
}

// -- rule links: the build's table of key -> [URL from the site root, section heading] -------
// ``simple``: the simple mode's link, "why?" (a rule's key is never shown there, not even one the table lacks).
export function ruleLink(rules, key, simple = false) {
  const known = rules[key];
  if (!known) return simple ? "" : el("code", { text: key });
  return el("a", { class: "rule-ref", href: new URL(known[0], ROOT).href, title: simple ? known[1] : key,
                   text: simple ? "why?" : known[1] });
}

export function parseDice(text) {
  const faces = text.trim() ? text.trim().split(/[\s,]+/).map(Number) : [];
  return faces.length ? faces : null;
}

// -- dice as dice, with words for a screen reader ------------------------------------------------
const DIE_FACES = "⚀⚁⚂⚃⚄⚅";
export function diceView(faces) {
  const shown = el("span", { class: "tsr-dice", "aria-hidden": "true" },
    ...faces.map((f) => el("span", { class: "tsr-die", text: f >= 1 && f <= 6 ? DIE_FACES[f - 1] : String(f) })));
  return el("span", {}, shown, el("span", { class: "tsr-sr", text: ` (dice: ${faces.join(", ")})` }));
}

// In view: inside the window, and not under the bar a phone's table keeps fixed at the bottom (unless in it).
export function inView(node) {
  const box = node.getBoundingClientRect();
  const bar = node.closest(".tsr-table") && node.closest(".tsr-table").querySelector(".tsr-table-bar");
  const fixed = bar && !bar.contains(node) && getComputedStyle(bar).position === "fixed";
  const bottom = fixed ? bar.getBoundingClientRect().top : innerHeight;
  return box.height > 0 && box.top >= -1 && box.bottom <= bottom + 1 && box.left >= -1 && box.right <= innerWidth + 1;
}

export function titleOf(ruleset) {  // the ruleset's title, as the Play button at the top of the page says it
  const top = document.querySelector(".tsr-play-now");  // its own words: not the first game's size said after them
  const words = top ? Array.from(top.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent).join("") : "";
  return words ? words.replace(/^▶\s*Play\s*/, "").trim() : ruleset.replace(/_/g, " ");
}

// What the page's Python costs to fetch the first time: the sum of the files the engine's worker loads
// (engine/manifest.json, from the build), and whether the site's service worker keeps them all already; asked
// once a page, however many Play buttons and tools say it.
let firstUseAsked = null;
export function firstUse() {
  firstUseAsked = firstUseAsked || (async () => {
    const manifest = await (await fetch(new URL("engine/manifest.json", STATIC))).json();
    const paths = Object.keys(manifest.files);
    const kept = "caches" in window && (await Promise.all(paths.map((p) => caches.match(new URL(p, STATIC).href)))).every(Boolean);
    return { bytes: Object.values(manifest.files).reduce((a, b) => a + b, 0), kept };
  })();
  return firstUseAsked;
}
export const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
