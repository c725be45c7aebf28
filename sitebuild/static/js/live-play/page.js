// The page before play: a playable snapshot's "Play here" (served over HTTP; opened from disk, one line saying why
// not), its pickers (scenario, side, opponent), the Play button at the top of a ruleset's pages, a game that comes
// back at once (kept, a link's, #play, a Practice challenge); and, on a click, the engine's worker started and the
// game table (table.js, loaded then) opened on its first answer.

import { STATIC, connect, el, firstUse, mark, megabytes, stats } from "./common.js";
import { keptGame, putAside } from "./kept.js";
import { openControl } from "./opened.js";
import { practiceList } from "./practice.js";
import { fragment, pendingGame } from "./save-link.js";

const starters = new Map();  // snapshot -> start it (once)

export function setUp(snapshot) {
  const button = snapshot.querySelector(".tsr-play-here");
  if (!button) return;
  if (location.protocol === "file:") {
    button.parentElement.replaceWith(el("p", {
      class: "tsr-play-note",
      text: "Live play needs the site served over HTTP (make serve, or any web host); " +
            "opened from disk, the page keeps its replay.",
    }));
    return;
  }
  // Served over HTTP the game plays right here: no dead copy of its controls, the note says so.
  const column = snapshot.querySelector(".tsr-snapshot-column");
  for (const child of Array.from(column ? column.children : [])) {
    if (child.matches(".tsr-bokeh, .live-only, script") || child.querySelector(".tsr-bokeh")) continue;
    child.hidden = true;
    child.classList.add("tsr-dead-controls");
  }
  const note = snapshot.querySelector(".live-only");
  if (note) {
    note.replaceChildren(
      el("b", { text: "▶ Play here: " }),
      "the rules engine runs in this page (the first game loads Python once: the button says how much). " +
      "In JupyterLab (make lab) the same game plays with a Python kernel. ",
      button.parentElement,
    );
  }
  const practice = snapshot.dataset.practice ? JSON.parse(snapshot.dataset.practice) : null;
  if (practice) {  // the Practice page: the challenges listed, and the first unsolved one started at once
    snapshot.practiceList = practiceList(snapshot, practice);
    snapshot.before(snapshot.practiceList);
    snapshot.practiceList.before(openControl((opened) => openFile(opened), (words) => refuseFile(words)));
    if (snapshot.practiceList.said) snapshot.practiceList.before(refusal(snapshot.practiceList.said));
    button.textContent = "▶ Play the challenges";
  }
  const pickers = practice ? null : gamePickers(snapshot);
  if (pickers) button.before(pickers.scenario.parentElement, pickers.side.parentElement);
  const opponent = botPicker(snapshot);
  if (opponent) button.before(opponent.parentElement);
  const pending = pendingGame(snapshot.dataset.ruleset);
  if (pending) {  // the reader came from a page that set a game up: say so, on their side, in view
    if (pickers && pending.human) pickers.side.value = pending.human;
    button.before(el("p", { class: "tsr-pending-note",
      text: "Your game is ready: press Play here to play it (you have the army you built last)." }));
    button.textContent = "▶ Play here: your game";
    snapshot.scrollIntoView({ block: "start" });
  }
  button.hidden = false;
  sayTheSize(button);
  let started = false, resumed = null;
  const go = (resume) => {
    if (started) { if (resume && resume.friend) withFriend(opponent); return; }
    started = true;
    resumed = resume || {};
    start(snapshot, button, pickers, opponent, resumed);
  };
  // A challenges file chosen on the Practice page (opened.js): on the table once it is open; else the table opens
  // with it (while it opens, it is what it opens with). Refused from its size here, in words under the control.
  const openFile = (opened) => {
    const said = document.querySelector(".tsr-practice-open .tsr-live-error");
    if (said) said.remove();
    if (snapshot.openLesson) snapshot.openLesson(opened);
    else if (started) resumed.opened = opened;
    else go({ opened });
  };
  const refuseFile = (words) => {
    const said = document.querySelector(".tsr-practice-open .tsr-live-error");
    if (said) said.remove();
    document.querySelector(".tsr-practice-open").append(refusal(words));
  };
  starters.set(snapshot, go);
  pageGame = pageGame || (() => chosenGame(snapshot, pickers, opponent));
  if (!practice) button.addEventListener("click", () => go());
  // A game in progress (kept after every action) or a link's game comes back at once. A kept game that cannot be
  // read is set aside at once (kept.js) and the table says so; a link that cannot be read is refused in words.
  const kept = practice ? null : keptGame(snapshot.dataset.ruleset);
  const aside = Boolean(kept && kept.bad);
  if (aside) putAside(snapshot.dataset.ruleset, kept.text, `it could not be read: ${kept.bad}`);
  const keptGo = { kept: kept && kept.game, keptText: kept && kept.text, aside };
  const asked = fragment();
  if (asked && asked.bad) {
    button.before(refusal(asked.bad));
    history.replaceState(null, "", location.href.split("#")[0]);
    keptGo.refused = asked.bad;
  }
  if (practice) {
    // A challenge starts at a tap (Python perhaps started already in the background): "Play the challenges", a
    // challenge of the list, or a link that names one (a classroom's, a chapter's "Practise this").
    // A teacher's link (#challenges=...) opens its challenges on the table as it opens (opened.js).
    const begin = () => {
      const named = fragment() || {};
      go({ challenge: named.challenge, lesson: Boolean(named.lesson), opened: named.opened });
    };
    button.addEventListener("click", begin);
    addEventListener("hashchange", () => {
      const named = fragment();
      if (!started && named && named.bad) button.before(refusal(named.bad));
      else if (!started && named && (named.challenge || named.opened)) begin();
    });
    if (asked && (asked.challenge || asked.opened)) begin();
  }
  else if (asked && asked.link) go({ ...keptGo, link: asked.link });
  else if ((keptGo.kept || aside) && !pending) go({ ...keptGo, friend: Boolean(asked && asked.friend) });
  else if (asked && asked.play) go({ friend: asked.friend });
}

// Words on the page refusing what was kept or linked (the page goes on working).
const refusal = (text) => el("p", { class: "tsr-play-note tsr-live-error", role: "status", text });

// The Play button at the top of a ruleset's pages (sitebuild/templates/play-button.html): on the
// full-game page it starts the game here; the index's links here with #play.
export function playNow(event, friend = false) {
  const snapshot = document.querySelector(".tsr-snapshot[data-ruleset]");
  const go = snapshot && starters.get(snapshot);
  if (!go) return;  // opened from disk: the link just goes to the game's section
  event.preventDefault();
  go({ friend });
  const table = snapshot.closest(".tsr-table") || snapshot;
  table.scrollIntoView({ block: "start" });
}

// "Play with a friend on this screen" beside the Play button at the top (templates/play-button.html, issue 35): the
// game with the other side played by a second person here (the opponent "person"); on the full-game page it
// starts at once (the index links here with #play-friend). Opened from disk nothing plays: no such button.
export function friendButton(friend) {
  if (location.protocol === "file:") friend.hidden = true;
  else if (friend.getAttribute("href") === "#play-friend") friend.addEventListener("click", (e) => playNow(e, true));
}

// A game under way goes on with the friend playing the other side (the table answers the picker's change).
function withFriend(opponent) {
  if (!opponent || opponent.value === PERSON || !hasPerson(opponent)) return;
  opponent.value = PERSON;
  opponent.dispatchEvent(new Event("change"));
}
const PERSON = "person";  // the engine's opponent for another person on this screen (session/opponents.py)
const hasPerson = (opponent) => Array.from(opponent.options).some((o) => o.value === PERSON);
// A new game between two people is a fresh deal, not the one printed in the page's snapshot (its hand face up).
const freshSeed = () => Math.floor(Math.random() * 1_000_000);

// -- choosing the game: a scenario and a side, from the snapshot's data-options {scenario: [sides]} --
function gamePickers(snapshot) {
  const options = snapshot.dataset.options ? JSON.parse(snapshot.dataset.options) : null;
  if (!options) return null;
  const scenario = el("select", { class: "tsr-live-scenario" },
    ...Object.keys(options).map((name) => el("option", { value: name, text: name.replace(/_/g, " ") })));
  const side = el("select", { class: "tsr-live-side" });
  const fillSides = () => {
    const wanted = side.value || snapshot.dataset.human;
    side.replaceChildren(...options[scenario.value].map((name) => el("option", { value: name, text: name })));
    if (options[scenario.value].includes(wanted)) side.value = wanted;
  };
  scenario.value = snapshot.dataset.scenario;
  fillSides();
  scenario.addEventListener("change", fillSides);
  el("label", { class: "tsr-live-field" }, "Scenario ", scenario);
  el("label", { class: "tsr-live-field" }, "Your side ", side);
  return { scenario, side };
}

// -- choosing the opponent: one of the snapshot's data-bots {name: words}; the strong one thinks longer --
function botPicker(snapshot) {
  const bots = snapshot.dataset.bots ? JSON.parse(snapshot.dataset.bots) : null;
  if (!bots) return null;
  const bot = el("select", { class: "tsr-live-bot" },
    ...Object.entries(bots).map(([name, words]) => el("option", { value: name, text: words })));
  if (snapshot.dataset.bot in bots) bot.value = snapshot.dataset.bot;
  el("label", { class: "tsr-live-field" }, "Opponent ", bot);
  return bot;
}

function chosenGame(snapshot, pickers, opponent) {
  const bot = opponent ? opponent.value : snapshot.dataset.bot;
  return {
    ruleset: snapshot.dataset.ruleset,
    scenario: pickers ? pickers.scenario.value : snapshot.dataset.scenario,
    human: pickers ? pickers.side.value : snapshot.dataset.human,
    seed: bot === PERSON ? freshSeed() : Number(snapshot.dataset.seed), bot,
    bot_seed: Number(snapshot.dataset.botSeed || 1),
  };
}

// -- the engine's worker: one a page, started at Play or in the background while the reader reads ---------
let engine = null;  // {send, tell}: the worker, and who hears its progress (the Play button's words, once pressed)
const WHEN_READ = new Set();  // buttons whose size text goes once Python has started in the background
let pageGame = null;  // the game the page's first Play here would start, as the pickers say now

// The one engine worker of the page, for its games and its classroom tools alike (tools.js).
export function engineWorker(onProgress = () => {}) {
  if (!engine) {
    let say = () => {};
    engine = { send: connect((text) => say(text)), tell: (f) => { say = f; } };
  }
  engine.tell(onProgress);
  return engine;
}

// A connection the reader pays for or that is slow is never used unasked (Save-Data, a phone's network, 2G).
function spareConnection() {
  const connection = navigator.connection;
  if (!connection) return true;
  return !(connection.saveData || connection.type === "cellular" || /(^|-)2g$/.test(connection.effectiveType || ""));
}

// Words about the first use's size, taken away once Python has started in the background.
export function untilStarted(words) {
  if (stats.preloaded === "ready") words.remove();
  else WHEN_READ.add(words);
}

// While the reader reads a page with Play or a live tool here, the page's Python is fetched and started once the page
// has loaded and the browser is idle, at most once a page (a game or a tool that began meanwhile has started it
// already); Play, or the tool's first press, then uses it.
export function preloadWhenIdle() {
  if (location.protocol === "file:" || !spareConnection()) return;
  const begin = () => {
    if (engine) return;
    const worker = engineWorker();
    stats.preloaded = "started";
    import("./table.js");  // the game table's code too (cached for Play)
    worker.send({ kind: "preload", staticURL: STATIC.href, config: pageGame ? pageGame() : null }).then(() => {
      stats.preloaded = "ready";
      for (const size of WHEN_READ) size.remove();
    }, () => { stats.preloaded = "failed"; });  // Play says why, when pressed
  };
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(begin, { timeout: 10_000 }) : setTimeout(begin, 2_000));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

// "first game: 13.9 MB, once" on the button, the sum of the files the first game fetches (engine/manifest.json, from the
// build); not said once they are all kept by the site's service worker, nor once Python has started in the background.
async function sayTheSize(button) {
  try {
    const { bytes, kept } = await firstUse();
    stats.firstGameBytes = kept || stats.preloaded === "ready" ? 0 : bytes;  // what the button says (tests read it)
    if (!stats.firstGameBytes) return;
    // on the snapshot's own button and on the Play button at the top of the page, which readers press first
    const tops = Array.from(document.querySelectorAll(".tsr-play-now")).filter((top) => !top.querySelector(".tsr-play-size"));
    for (const target of [button, ...tops]) {
      const size = el("span", { class: "tsr-play-size", text: ` (first game: ${megabytes(bytes)}, once)` });
      target.append(size);
      WHEN_READ.add(size);
    }
  } catch (error) { /* no manifest (an older build): the button says nothing of size */ }
}

// -- starting: the worker boots the engine (and the game table's code loads meanwhile) --------------
async function start(snapshot, button, pickers, opponent, resume) {
  const bootStarted = performance.now();
  mark("Play");
  const progress = el("span", { class: "tsr-play-progress", role: "status", text: "Starting…" });
  button.disabled = true;
  if (pickers) { pickers.scenario.disabled = pickers.side.disabled = true; }
  if (opponent) opponent.disabled = true;
  button.after(progress);
  const ruleset = snapshot.dataset.ruleset;
  if (resume.friend && opponent && hasPerson(opponent) && !resume.kept) opponent.value = PERSON;
  let config = chosenGame(snapshot, pickers, opponent);
  if (resume.kept && resume.kept.config && resume.kept.config.ruleset === ruleset) {
    config = { ...config, ...resume.kept.config };
    // the pickers show the kept game's scenario and side where they offer them (a kept value may be anything)
    const offers = (select, value) => Array.from(select.options).some((o) => o.value === value);
    if (pickers && offers(pickers.scenario, config.scenario)) {
      pickers.scenario.value = config.scenario;
      pickers.scenario.dispatchEvent(new Event("change"));
      if (offers(pickers.side, config.human)) pickers.side.value = config.human;
    }
    if (opponent && config.bot in JSON.parse(snapshot.dataset.bots || "{}")) opponent.value = config.bot;
  }
  const { send } = engineWorker((text) => { progress.textContent = text; });
  let rules = {};
  const rulesLoaded = fetch(new URL("engine/rules.json", STATIC)).then((r) => r.json()).then((t) => { rules = t; })
    .catch(() => {});
  let answer, table;
  try {
    [answer, , table] = await Promise.all([send({ kind: "boot", staticURL: STATIC.href, config }), rulesLoaded,
                                           import("./table.js")]);
  } catch (error) {
    progress.textContent = `Live play could not start: ${error.message}`;
    progress.classList.add("tsr-live-error");
    return;
  }
  stats.boots.push(performance.now() - bootStarted);
  button.parentElement.remove();
  mark("answer in the page");
  await table.openTable({ snapshot, pickers, opponent, resume, send, rules, answer,
                          chosen: () => chosenGame(snapshot, pickers, opponent) });
  mark("board playable");
  if (resume.friend) withFriend(opponent);  // a kept game goes on with the friend
}
