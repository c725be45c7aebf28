// Save and link: where a game is kept in the browser (and the simple-mode choice), a game handed over by a page
// tool, a link's game (#game=...), #play and a Practice link (#challenge=...); the table's Save, Load… and Copy
// link; and, as the table opens, the game that comes back (handed over, kept, or a link's).

import { el, offerFile, store } from "./common.js";
import { keepOther, keeping, oddSimple, otherGame, otherKey, putAside, quote, showAside, storeKey } from "./kept.js";

export { simpleKey, storeKey } from "./kept.js";

// A game handed over by a page tool (the army builder's "Start a game"), for this ruleset's live play.
export const PENDING_GAME = "tsr-pending-game";

export function pendingGame(ruleset) {
  try {
    const pending = JSON.parse(sessionStorage.getItem(PENDING_GAME) || "null");
    return pending && pending.ruleset === ruleset ? pending : null;
  } catch (error) {
    return null;
  }
}

// The game in progress is kept in the browser (kept.js: per page and ruleset), the engine's save after every
// action (with what starts it again), so a refresh, a stray click or a closed tab comes back to it.
export const MAX_FILE_BYTES = 2 * 1024 * 1024;  // a save is a few kB: a bigger file is refused from its size, unread

export function tooBig(file) {
  return `Cannot load ${file.name}: it is ${(file.size / 1048576).toFixed(1)} MB, and a saved file may be at most ` +
    `${MAX_FILE_BYTES / 1048576} MB (a save is a few kB).`;
}

// A link's game (Copy link): "#game=<text>"; "#play" starts at once (the Play buttons at the top of pages).
// A Practice page's challenge: "#challenge=<name>", with "&lesson=1" for the projector (stars not kept).
// A teacher's challenge or lesson: "#challenges=c1.<packed TOML text>" (opened.js), with "&challenge=<name>" to
// start at that one and "&lesson=1" as above; the engine unpacks and checks it.
// A fragment that cannot be read (a broken "%" escape) is {bad: words}: refused, nothing opened.
export function fragment() {
  let hash;
  try {
    hash = decodeURIComponent(location.hash.slice(1));
  } catch (error) {
    return { bad: `This page's link could not be read (its "%" escapes are broken: ${quote(location.hash)}): ` +
                  "nothing was opened from it." };
  }
  if (hash.startsWith("game=")) return { link: hash.slice(5) };
  if (hash.startsWith("challenges=")) {  // base64url: no "+" for URLSearchParams to read as a space
    const params = new URLSearchParams(hash);
    return { opened: { form: "link", data: params.get("challenges"), from: "a link" }, challenge: params.get("challenge"),
             lesson: params.get("lesson") === "1" };
  }
  if (hash.startsWith("challenge=")) {
    const params = new URLSearchParams(hash);
    return { challenge: params.get("challenge"), lesson: params.get("lesson") === "1" };
  }
  return hash === "play" ? { play: true } : hash === "play-friend" ? { play: true, friend: true } : null;
}

// -- in the table's More drawer: Save, Load… and Copy link ------------------------------------------
export function saveLinkParts() {
  const save = el("button", { type: "button", class: "tsr-live-save", text: "Save" });
  const file = el("input", { type: "file", accept: ".json,application/json", class: "tsr-live-file",
                             tabindex: "-1", "aria-hidden": "true" });
  const load = el("button", { type: "button", class: "tsr-live-load", text: "Load…" });
  const copyLink = el("button", { type: "button", class: "tsr-live-link", text: "Copy link" });
  const copyChallenge = el("button", { type: "button", class: "tsr-practice-copy-link", text: "Copy challenge link",
                                       hidden: "" });
  const switchGame = el("button", { type: "button", class: "tsr-live-switch", text: "Switch to the other game", hidden: "" });
  const linkOut = el("input", { type: "text", class: "tsr-live-link-text", readonly: "", "aria-label": "Link to this game", hidden: "" });
  return { save, file, load, copyLink, copyChallenge, linkOut, switchGame };
}

export function wireSaveLink(table) {
  const { save, file, load, copyLink, linkOut, status, switchGame } = table.parts;
  copyLink.after(" ", switchGame);
  switchGame.addEventListener("click", () => { if (!table.busy) table.pressed(switchGame, () => switchGames(table)); });
  save.addEventListener("click", async () => {
    const answer = await table.run("save", []);
    if (!answer) return;
    offerFile(`${table.ruleset}-game.json`, answer.save);
    status.textContent = "Saved: the whole game, the bot's cards included, is in the file.";
  });
  load.addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    file.value = "";
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {  // refused at once, from its size: nothing is read, nothing changes
      status.textContent = `${tooBig(chosen)} The game goes on as it was.`;
      status.className = "tsr-live-status tsr-live-error";
      return;
    }
    await table.pressed(load, async () => table.run("load", [await chosen.text()]));
  });
  copyLink.addEventListener("click", () => table.pressed(copyLink, async () => {
    const answer = await table.run("link", []);
    if (!answer || !answer.link) return;
    const url = `${location.href.split("#")[0]}#game=${answer.link}`;
    history.replaceState(null, "", url);
    await offerLink(table, url, "Link copied: it opens this game as it stands.");
  }));
}

// A link shown (in the More drawer, or ``where`` another {linkOut, status}) and copied, ``copied`` said; where the
// browser will not copy, it is selected there.
export async function offerLink(table, url, copied, where = table.parts) {
  const { linkOut, status, more } = where;
  linkOut.value = url;
  linkOut.hidden = false;
  try { await navigator.clipboard.writeText(url); status.textContent = copied; }
  catch (error) {
    status.textContent = "The link is below: copy it from there.";
    if (more) more.open = true;
    linkOut.select();
  }
}

// The game kept after every action (not while looking back, not a challenge), with what starts it again.
export function keepGame(table, answer) {
  if (keeping.open && !keeping.held && answer.save && answer.viewing == null && !answer.challenge) {
    store(storeKey(table.ruleset), { config: { ...table.configNow(), scenario: answer.scenario, seed: answer.seed,
      human: answer.human, bot: answer.bot }, save: answer.save });
  }
}

// As the table opens: a game handed over by a page tool, else the one kept, then a link's game. A kept game the
// engine cannot load is set aside (kept.js), said in words, and a new game is open; a link opened over a game in
// progress keeps that game as the other game, and asks which to play.
export async function resumeGame(table, resume) {
  const { ruleset, parts: { status } } = table;
  const said = resume.refused ? [resume.refused] : [];
  let inProgress = false, played = false, failed = Boolean(resume.aside);
  const pending = pendingGame(ruleset);
  if (pending) {  // asked for on another page (the army builder's "Start a game"): it becomes the game kept
    sessionStorage.removeItem(PENDING_GAME);
    const note = table.snapshot.querySelector(".tsr-pending-note");
    if (note) note.remove();
    await table.run("load", [pending.save]);
  } else if (resume.kept) {
    const loaded = await table.run("load", [resume.kept.save]);
    inProgress = Boolean(loaded && loaded.message && loaded.message.kind === "note");
    played = inProgress && Array.isArray(loaded.log) && loaded.log.length > 0;  // not a game nobody has played yet
    if (!inProgress) {
      putAside(ruleset, resume.keptText, loaded && loaded.message ? loaded.message.text : "the engine stopped");
      failed = true;
    }
  }
  if (failed) said.push("Your game kept in this browser could not be loaded: it is kept aside (above), and a new game is open.");
  else if (inProgress && !resume.link) said.push("Your game is back as you left it.");
  const simple = oddSimple(ruleset);
  if (simple) said.push(simple);
  if (resume.link) await openLink(table, resume.link, played, said);
  else if (said.length) status.textContent = said.join(" ");
  if (failed) status.className = "tsr-live-status tsr-live-error";
  showAside(table, failed);
  table.parts.switchGame.hidden = !otherGame(ruleset);
  keeping.open = true;
  keepGame(table, table.current);
}

// A link's game: over a game in progress (played), that game is kept first (as a link) as the other game, then
// asked about.
async function openLink(table, link, played, said) {
  const { ruleset, parts: { status } } = table;
  const mine = played ? await table.run("link", []) : null;
  const opened = await table.run("open", [link]);
  history.replaceState(null, "", location.href.split("#")[0]);
  if (!opened || (opened.message && opened.message.kind !== "note")) {  // refused: the game there was goes on
    status.prepend(`${said.join(" ")} The link's game was not opened: `.trimStart());
    return;
  }
  status.textContent = [...said, "The game from the link is open."].join(" ");
  if (mine && mine.link) {
    keepOther(ruleset, mine.link);
    askWhichGame(table);
  }
}

function askWhichGame(table) {
  const { confirmBox, status, switchGame } = table.parts;
  const linked = el("button", { type: "button", class: "tsr-confirm-yes", text: "Play the linked game" });
  const back = el("button", { type: "button", class: "tsr-confirm-no", text: "Back to my game" });
  confirmBox.replaceChildren(el("p", { text: "The game from the link is open. Your game in progress is kept: " +
    "play the linked game, or go back to yours? (More: \"Switch to the other game\" goes between the two.)" }), linked, back);
  confirmBox.hidden = false;
  confirmBox.scrollIntoView({ block: "nearest" });
  linked.addEventListener("click", () => {
    confirmBox.hidden = true;
    status.textContent = "The linked game is yours to play. Your other game is kept: More, \"Switch to the other game\".";
  });
  back.addEventListener("click", () => { confirmBox.hidden = true; table.pressed(switchGame, () => switchGames(table)); });
}

// The other game comes back (opened from its link); the one left becomes the other game. One that cannot be
// opened is set aside in words.
export async function switchGames(table) {
  const { ruleset, parts: { status, switchGame } } = table;
  const other = otherGame(ruleset);
  const mine = other ? await table.run("link", []) : null;
  if (!mine || !mine.link) { switchGame.hidden = !otherGame(ruleset); showAside(table); return; }
  const opened = await table.run("open", [other.link]);
  if (opened && opened.message && opened.message.kind === "note") {
    keepOther(ruleset, mine.link, true);
    status.textContent = "Your other game is open. The one you left is kept: More, \"Switch to the other game\".";
  } else {
    putAside(ruleset, other.text, "the other game could not be opened: " +
             (opened && opened.message ? opened.message.text : "the engine stopped"), otherKey(ruleset));
    status.textContent = "Your other game could not be opened: it is kept aside (above). This game goes on.";
    switchGame.hidden = true;
  }
  showAside(table);
}
