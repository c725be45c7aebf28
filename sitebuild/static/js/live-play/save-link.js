// Save and link: where a game is kept in the browser (and the simple-mode choice), a game handed over by a page
// tool, a link's game (#game=...), #play and a Practice link (#challenge=...); the table's Save, Load… and Copy
// link; and, as the table opens, the game that comes back (handed over, kept, or a link's).

import { el, store } from "./common.js";

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

// Where the game in progress is kept in the browser: per page and ruleset, the engine's save after
// every action (with what starts it again), so a refresh, a stray click or a closed tab comes back to it.
export const storeKey = (ruleset) => `tsr-game:${location.pathname}:${ruleset}`;
// Simple mode, per ruleset: on at a first visit, then as the reader last chose it.
export const simpleKey = (ruleset) => `tsr-simple:${ruleset}`;
export const MAX_FILE_BYTES = 2 * 1024 * 1024;  // a save is a few kB: a bigger file is refused from its size, unread

export function tooBig(file) {
  return `Cannot load ${file.name}: it is ${(file.size / 1048576).toFixed(1)} MB, and a saved file may be at most ` +
    `${MAX_FILE_BYTES / 1048576} MB (a save is a few kB).`;
}

// A link's game (Copy link): "#game=<text>"; "#play" starts at once (the Play buttons at the top of pages).
// A Practice page's challenge: "#challenge=<name>", with "&lesson=1" for the projector (stars not kept).
export function fragment() {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash.startsWith("game=")) return { link: hash.slice(5) };
  if (hash.startsWith("challenge=")) {
    const params = new URLSearchParams(hash);
    return { challenge: params.get("challenge"), lesson: params.get("lesson") === "1" };
  }
  return hash === "play" ? { play: true } : null;
}

// -- in the table's More drawer: Save, Load… and Copy link ------------------------------------------
export function saveLinkParts() {
  const save = el("button", { type: "button", class: "tsr-live-save", text: "Save" });
  const file = el("input", { type: "file", accept: ".json,application/json", class: "tsr-live-file",
                             tabindex: "-1", "aria-hidden": "true" });
  const load = el("button", { type: "button", class: "tsr-live-load", text: "Load…" });
  const copyLink = el("button", { type: "button", class: "tsr-live-link", text: "Copy link" });
  const linkOut = el("input", { type: "text", class: "tsr-live-link-text", readonly: "", "aria-label": "Link to this game", hidden: "" });
  return { save, file, load, copyLink, linkOut };
}

export function wireSaveLink(table) {
  const { save, file, load, copyLink, linkOut, status } = table.parts;
  save.addEventListener("click", async () => {
    const answer = await table.run("save", []);
    if (!answer) return;
    const link = el("a", { download: `${table.ruleset}-game.json`,
                           href: URL.createObjectURL(new Blob([answer.save], { type: "application/json" })) });
    document.body.append(link);
    link.click();
    link.remove();
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
    linkOut.value = url;
    linkOut.hidden = false;
    try { await navigator.clipboard.writeText(url); status.textContent = "Link copied: it opens this game as it stands."; }
    catch (error) { status.textContent = "The link is below: copy it from there."; linkOut.select(); }
  }));
}

// The game kept after every action (not while looking back, not a challenge), with what starts it again.
export function keepGame(table, answer) {
  if (answer.save && answer.viewing == null && !answer.challenge) {
    store(storeKey(table.ruleset), { config: { ...table.configNow(), scenario: answer.scenario, seed: answer.seed,
      human: answer.human, bot: answer.bot }, save: answer.save });
  }
}

// As the table opens: a game handed over by a page tool, else the one kept, then a link's game.
export async function resumeGame(table, resume) {
  const { snapshot, ruleset, parts: { status } } = table;
  const pending = pendingGame(ruleset);
  if (pending) {
    sessionStorage.removeItem(PENDING_GAME);
    const note = snapshot.querySelector(".tsr-pending-note");
    if (note) note.remove();
    await table.run("load", [pending.save]);
  } else if (resume.kept && resume.kept.save && resume.kept.config && resume.kept.config.ruleset === ruleset) {
    await table.run("load", [resume.kept.save]);
    if (!resume.link) status.textContent = "Your game is back as you left it.";
  }
  if (resume.link) {
    const opened = await table.run("open", [resume.link]);
    if (opened && opened.message && opened.message.kind !== "note") {
      status.prepend("The link's game was not opened: ");
    } else if (opened) {
      status.textContent = "The game from the link is open.";
    }
    history.replaceState(null, "", location.href.split("#")[0]);
  }
}
