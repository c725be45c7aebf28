// What the browser keeps, read with care: the game in progress (per page and ruleset), the other game (the one a
// link's game took the place of: the reader switches between the two), games that could not be loaded (kept aside
// and offered as a file, never overwritten), the Simple choice and the stars. A kept value that does not read as
// it should is said in words, set aside or left out, and the page goes on working.

import { el, offerFile } from "./common.js";

export const storeKey = (ruleset) => `tsr-game:${location.pathname}:${ruleset}`;
// Simple mode, per ruleset: on at a first visit, then as the reader last chose it.
export const simpleKey = (ruleset) => `tsr-simple:${ruleset}`;
const asideKey = (ruleset) => `tsr-game-aside:${location.pathname}:${ruleset}`;
export const otherKey = (ruleset) => `tsr-game-other:${location.pathname}:${ruleset}`;
const starsKey = (ruleset) => `tsr-stars:${ruleset}`;
// Stars of challenges a teacher's file or link opened (opened.js), apart: {"<name>:<digest>": best stars}.
export const openedStarsKey = (ruleset) => `tsr-stars-opened:${ruleset}`;

// localStorage may refuse (private mode, full, blocked): reading gives nothing, writing says whether it worked.
function raw(key) {
  try { return localStorage.getItem(key); } catch (error) { return null; }
}
function write(key, text) {
  try { localStorage.setItem(key, text); return true; } catch (error) { return false; }
}
function drop(key) {
  try { localStorage.removeItem(key); } catch (error) { /* nothing kept, nothing to drop */ }
}
function parsed(text) {
  try { return { value: JSON.parse(text) }; } catch (error) { return null; }
}
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
// A kept value quoted in words: its start, and its length when long (a tampered value may be huge).
export const quote = (text) => (text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text);

// While the page is opening a game, and while a game that could not be set aside (storage full) is still in its
// place, the game on the table is not written over the one kept (save-link.js keepGame reads this).
export const keeping = { open: false, held: false };

// -- the game in progress ------------------------------------------------------------------------------
// {game: {config, save}, text} when it reads as a kept game; {bad: words, text} when it does not; null when none.
export function keptGame(ruleset) {
  const text = raw(storeKey(ruleset));
  if (text === null) return null;
  const read = parsed(text);
  if (!read) return { bad: "it is not JSON text", text };
  if (!isObject(read.value)) return { bad: "it is not a kept game ({config, save})", text };
  if (typeof read.value.save !== "string") return { bad: "it holds no saved game (its save is not text)", text };
  return { game: { config: cleanConfig(read.value.config, ruleset), save: read.value.save }, text };
}

// Only the settings a game starts from, each of its kind; anything else is left out (the engine checks the save).
function cleanConfig(config, ruleset) {
  if (!isObject(config) || config.ruleset !== ruleset) return {};
  const clean = { ruleset };
  for (const key of ["scenario", "human", "bot"]) {
    if (typeof config[key] === "string" && config[key].length <= 100) clean[key] = config[key];
  }
  for (const key of ["seed", "bot_seed"]) {
    if (Number.isSafeInteger(config[key]) && config[key] >= 0) clean[key] = config[key];
  }
  return clean;
}

// -- games kept aside: newest first, [{at, why, text}], until the reader forgets them ------------------
export function asideGames(ruleset) {
  const text = raw(asideKey(ruleset));
  if (text === null) return [];
  const read = parsed(text);
  if (!read || !Array.isArray(read.value)) return [{ at: "", why: "the list of games kept aside could not be read", text }];
  return read.value.map((entry) => (isObject(entry) && typeof entry.text === "string"
    ? { at: String(entry.at || ""), why: String(entry.why || ""), text: entry.text }
    : { at: "", why: "an entry of the games kept aside could not be read", text: JSON.stringify(entry) }));
}

// ``text`` (a kept value that cannot be used) joins the games kept aside; the place it came from is freed only once
// it is safely aside. False when the browser refused to keep it (then nothing may write over it: keeping.held).
export function putAside(ruleset, text, why, from = storeKey(ruleset)) {
  const list = [{ at: new Date().toISOString(), why, text }, ...asideGames(ruleset)];
  if (!write(asideKey(ruleset), JSON.stringify(list))) {
    if (from === storeKey(ruleset)) keeping.held = true;
    return false;
  }
  if (raw(from) === text) drop(from);
  return true;
}

// Above the table's status while any game is kept aside: why (the newest), Download it (a file), Forget it.
export function showAside(table, justNow = false) {
  const { ruleset, parts: { status } } = table;
  if (!table.asideBox) {
    table.asideBox = el("div", { class: "tsr-kept-aside tsr-live-error", role: "status" });
    status.before(table.asideBox);
  }
  const list = asideGames(ruleset);
  table.asideBox.hidden = !list.length;
  if (!list.length) { table.asideBox.replaceChildren(); return; }
  const newest = list[0];
  const download = el("button", { type: "button", class: "tsr-aside-download", text: "Download it" });
  const forget = el("button", { type: "button", class: "tsr-aside-forget", text: "Forget it" });
  download.addEventListener("click", () => offerFile(`${ruleset}-kept-aside.json`, newest.text));
  forget.addEventListener("click", () => {
    write(asideKey(ruleset), JSON.stringify(list.slice(1)));
    showAside(table);
  });
  const more = list.length > 1 ? ` (${list.length} games are kept aside: the newest is offered first)` : "";
  const first = justNow ? "Your game kept in this browser could not be loaded" : "A game that could not be loaded is kept aside";
  const lost = keeping.held ? " The browser's storage is full: download it now." : "";
  table.asideBox.replaceChildren(
    el("p", { text: `${first}: ${newest.why}. It is kept aside, not lost${more}: download it as a file, or forget it.${lost}` }),
    download, " ", forget);
}

// -- the other game: the one a link's game took the place of, as a link ({link, at}) ----------------
export function otherGame(ruleset) {
  const text = raw(otherKey(ruleset));
  if (text === null) return null;
  const read = parsed(text);
  if (read && isObject(read.value) && typeof read.value.link === "string") return { link: read.value.link, text };
  putAside(ruleset, text, "the other game kept in this browser could not be read", otherKey(ruleset));
  return null;
}
// ``link`` becomes the other game; one there before (not the one switched from) goes aside, never lost.
export function keepOther(ruleset, link, replacing = false) {
  const before = raw(otherKey(ruleset));
  if (before !== null && !replacing) putAside(ruleset, before, "an earlier other game, replaced by a newer one", otherKey(ruleset));
  write(otherKey(ruleset), JSON.stringify({ link, at: new Date().toISOString() }));
}

// -- the Simple choice: true or false; anything else is said, forgotten, and Simple is on ---------------
export function oddSimple(ruleset) {
  const text = raw(simpleKey(ruleset));
  if (text === null || text === "true" || text === "false") return null;
  drop(simpleKey(ruleset));
  return `The Simple choice kept in this browser (${quote(text)}) is neither on nor off: it is forgotten, and Simple is on.`;
}

// -- the stars earned: {challenge name: best stars}, whole numbers 0 to 3 per known challenge ---------
// Anything else is left out and said once: the kept value is cleaned (stars of challenges this page does not list
// are kept as they are, unread), so the next visit reads it whole. ``key``: where (the opened ones' apart).
export function keptStars(ruleset, names, key = starsKey(ruleset)) {
  const text = raw(key);
  if (text === null) return { stars: {}, said: null };
  const read = parsed(text);
  if (!read || !isObject(read.value)) {
    drop(key);
    return { stars: {}, said: `The stars kept in this browser could not be read (${quote(text)}): they are left out.` };
  }
  const stars = {}, kept = {}, wrong = [];
  for (const [name, count] of Object.entries(read.value)) {
    const known = names.includes(name), whole = Number.isInteger(count) && count >= 0 && count <= 3;
    if (known && !whole) { wrong.push(`${quote(name)}: ${quote(JSON.stringify(count))}`); continue; }
    kept[name] = count;
    if (known) stars[name] = count;
  }
  if (!wrong.length) return { stars, said: null };
  write(key, JSON.stringify(kept));
  return { stars, said: `Stars kept in this browser that are not 0 to 3 are left out (${wrong.join("; ")}).` };
}
export function keepStars(ruleset, names, name, count, key = starsKey(ruleset)) {
  keptStars(ruleset, names, key);  // cleaned first: nothing unreadable is written back
  const read = parsed(raw(key) || "{}");
  write(key, JSON.stringify({ ...(read && isObject(read.value) ? read.value : {}), [name]: count }));
}
