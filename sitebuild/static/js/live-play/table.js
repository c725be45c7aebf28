// The game table: the snapshot becomes one screen over the page (the page waits behind, inert), the board beside
// the panel (wide screens) or above a bar that stays at the bottom (phones); its title, Simple mode and "Back to
// the page"; the More drawer (your own dice, try anything, save, load, link); and the engine's answers, one request
// at a time, with the focus and the main controls kept in view after each. Loaded when a game starts (page.js).

import { el, inView, parseDice, stats, store, stored, titleOf } from "./common.js";
import { boardDocument, boardView, fitBoard, nameFigures, toyTable } from "./board-view.js";
import { panelParts, show } from "./panel.js";
import { practiceParts, startPractice, wirePractice } from "./practice.js";
import { startOpened, wireChallengeLink } from "./opened.js";
import { resumeGame, saveLinkParts, simpleKey, wireSaveLink } from "./save-link.js";
import { wireKeys } from "./keys.js";
import { skipStory, storyParts } from "./story.js";
import { wireReplay } from "./history.js";
import { wireTaps } from "./taps.js";
import { wireSetup } from "./setup.js";
import { wireMake } from "./make.js";
import { placeParts } from "./place.js";

// The table's own parts, the panel's (panel.js), the practice bar's (practice.js) and the More drawer's.
function tableParts(table, rollsDice) {
  const { ruleset, pickers, opponent } = table;
  const simpleBox = el("input", { type: "checkbox", class: "tsr-live-simple" });
  const savedSimple = stored(simpleKey(ruleset));
  simpleBox.checked = savedSimple !== false;  // simple first, for every ruleset; off only when kept off
  const leave = el("button", { type: "button", class: "tsr-table-leave", text: "Back to the page" });
  const head = el("div", { class: "tsr-table-head" },
    el("h2", { class: "tsr-table-title", text: titleOf(ruleset) }),
    el("label", { class: "tsr-live-simple-label" }, simpleBox, " Simple"), leave);
  const panel = panelParts();
  const newGame = el("button", { type: "button", class: "tsr-live-new", text: "New game" });
  const gameBar = el("div", { class: "tsr-live-buttons tsr-live-gamebar" },
    ...(pickers ? [pickers.scenario.parentElement, pickers.side.parentElement] : []),
    ...(opponent ? [opponent.parentElement] : []), newGame);
  const dice = el("input", { class: "tsr-live-dice", type: "text", inputmode: "numeric",
                             placeholder: "roll for me", "aria-label": "Your own dice (optional)" });
  const diceField = el("label", { class: "tsr-live-field" }, "Your own dice (optional, e.g. 6 3) ", dice);
  if (!rollsDice) diceField.hidden = true;
  const tryText = el("textarea", { class: "tsr-live-try", rows: "2", spellcheck: "false",
                                   "aria-label": "Any action, as JSON" });
  const tryButton = el("button", { type: "button", class: "tsr-live-try-button", text: "Try it" });
  const kept = saveLinkParts();
  const more = el("details", { class: "tsr-live-more" }, el("summary", { text: "More: dice, try anything, save, load, link" }),
    diceField,
    el("div", { class: "tsr-live-anything" },
      el("p", { text: "Try anything (the engine says which rule forbids it):" }), tryText, tryButton),
    el("div", { class: "tsr-live-buttons" }, kept.save, kept.load, kept.file, kept.copyLink, kept.copyChallenge), kept.linkOut);
  const told = storyParts();  // the other side's turn, step by step (story.js)
  // the whole turn, to read again, may be long (Phlog's steps a square at a time): it scrolls in its own box
  // (live-play.css), the first sentence on top and what follows it in view; a named region reached by keyboard
  Object.entries({ tabindex: "0", role: "region", "aria-label": "The other side's turn" })
    .forEach(([name, value]) => told.storyLines.setAttribute(name, value));
  const extras = el("div", { class: "tsr-table-extras", hidden: "" });  // what the board draws under it (place.js)
  const side = el("div", { class: "tsr-table-side" }, panel.bar, told.story, extras, panel.last, panel.result, panel.status, panel.others,
    panel.full, panel.legend, gameBar, more, panel.logBox);
  const banner = el("div", { class: "tsr-table-banner", hidden: "" });
  const curtain = el("div", { class: "tsr-table-curtain", hidden: "" });
  return { ...panel, ...told, ...practiceParts(), ...kept, extras, simpleBox, leave, head, newGame, dice, tryText, tryButton, more, side,
           banner, curtain };
}

// The board's snapshot game (its seat's hand face up) leaves the page once BokehJS has drawn it: its embedded
// document is cut to the ids that find the live board (two people trust the curtain, issue 35).
function forgetSnapshot(snapshot, doc) {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  if (!item || !doc) return;
  const { target_id, root_id } = JSON.parse(item.textContent);
  item.textContent = JSON.stringify({ target_id, root_id });
}

// Opened once the engine answered its first request (answer); chosen() is the game the pickers say now.
export async function openTable({ snapshot, pickers, opponent, resume, send, rules, answer, chosen }) {
  const ruleset = snapshot.dataset.ruleset;
  const column = snapshot.querySelector(".tsr-snapshot-column") || snapshot;
  let board = null;
  for (const child of Array.from(column.children)) {
    if (child.matches(".tsr-bokeh") || child.querySelector(".tsr-bokeh")) { board = board || child; continue; }
    if (child.tagName !== "SCRIPT") child.remove();  // the snapshot's dead copy: its words, its seat's cards
  }
  const table = {
    snapshot, ruleset, pickers, opponent, send, rules, board, doc: boardDocument(snapshot),
    boardBox: el("div", { class: "tsr-table-board" }),
    current: answer, busy: false, shownSeat: null, confirmed: null,
    lesson: Boolean(resume.lesson),  // lesson (projector) mode: goal and grade large, stars not kept
  };
  forgetSnapshot(snapshot, table.doc);
  const parts = table.parts = tableParts(table, answer.rolls_dice !== false);
  const { head, leave, simpleBox, bar, step, turn, undo, menu, play, newGame, dice, tryText, tryButton, more, moreButton,
          confirmBox, curtain, banner, status, practiceBar, logBox, hintButton, retry, showMe, nextButton, save, load,
          copyLink, copyChallenge } = parts;
  const placeholder = el("div", { class: "tsr-table-away" });
  const backToGame = el("button", { type: "button", class: "tsr-play-here", text: "▶ Back to the game" });
  placeholder.append(backToGame);
  const boardBox = table.boardBox;
  if (board) boardBox.append(board);
  boardBox.append(banner);
  const grid = el("div", { class: "tsr-table-grid" }, boardBox, parts.side);
  const challenges = snapshot.dataset.practice ? JSON.parse(snapshot.dataset.practice) : null;
  if (challenges) {
    snapshot.classList.add("tsr-practice");
    snapshot.classList.toggle("tsr-lesson", table.lesson);
    head.querySelector(".tsr-table-title").textContent = `${titleOf(ruleset)}: practice`;
    leave.textContent = "☰ All challenges";  // the list, with the stars, is on the page behind
  }
  snapshot.append(head, practiceBar, grid, curtain);
  snapshot.classList.add("tsr-table");
  snapshot.setAttribute("role", "region");
  snapshot.setAttribute("aria-label", `Game table: ${titleOf(ruleset)}`);
  // On a phone the bar is fixed at the bottom, and its height changes (two lines of turn, cards, a question): the
  // table keeps that much room under its last line, and the keyboard's focus is scrolled clear of it.
  if (window.ResizeObserver) {
    new ResizeObserver(() => snapshot.style.setProperty("--tsr-bar-room", `${Math.ceil(bar.getBoundingClientRect().height)}px`))
      .observe(bar);
  }

  // On screen: the table over the page; the page behind is inert (Tab never leaves the table).
  const fit = table.fit = () => { placeParts(table); fitBoard(table); };
  const enter = table.enter = () => {
    if (!placeholder.isConnected) snapshot.replaceWith(placeholder);
    document.body.append(snapshot);
    for (const child of document.body.children) if (child !== snapshot && child.tagName !== "SCRIPT") child.inert = true;
    document.documentElement.classList.add("tsr-playing");
    requestAnimationFrame(fit);
  };
  function away() {
    for (const child of document.body.children) child.inert = false;
    document.documentElement.classList.remove("tsr-playing");
    placeholder.replaceWith(snapshot);
    snapshot.classList.add("tsr-table-inline");
    snapshot.after(placeholder);
    placeholder.scrollIntoView({ block: "center" });
    backToGame.focus();
  }
  leave.addEventListener("click", away);
  backToGame.addEventListener("click", () => { snapshot.classList.remove("tsr-table-inline"); enter(); step.focus(); });
  addEventListener("keydown", (event) => {
    if (event.key === "Escape" && document.documentElement.classList.contains("tsr-playing") && confirmBox.hidden) away();
  });
  addEventListener("resize", () => requestAnimationFrame(fit));

  function applySimple() {
    snapshot.classList.toggle("tsr-simple", simpleBox.checked);
    logBox.open = !simpleBox.checked;
    nameFigures(table.doc, simpleBox.checked);
  }
  simpleBox.addEventListener("change", () => {
    store(simpleKey(ruleset), simpleBox.checked);
    applySimple();
    show(table, { ...table.current, message: null });  // the log and the words again, as this mode says them
  });
  applySimple();
  moreButton.addEventListener("click", () => {
    more.open = true;
    moreButton.setAttribute("aria-expanded", "true");
    more.scrollIntoView({ block: "nearest" });
    more.querySelector("summary").focus();
  });
  more.addEventListener("toggle", () => moreButton.setAttribute("aria-expanded", String(more.open)));

  const controls = [hintButton, retry, showMe, nextButton, menu, dice, play, step, undo, save, load, tryText, tryButton, newGame, copyLink, copyChallenge,
                    ...(pickers ? [pickers.scenario, pickers.side] : []), ...(opponent ? [opponent] : [])];
  const run = table.run = async (name, args, message) => {
    const started = performance.now();
    table.busy = true;
    controls.forEach((c) => { c.disabled = true; });
    try {
      const reply = await send(message || { kind: "command", name, args });
      table.busy = false;
      table.lastRun = name;  // a play, a tap: the other side's turn is played out (story.js)
      controls.forEach((c) => { c.disabled = false; });
      show(table, reply);
      if (table.onShown) table.onShown();  // the board's keys (keys.js) find their mark on the new board
      await new Promise(requestAnimationFrame);
      stats.moves.push({ name, ms: performance.now() - started, engine_ms: reply.engine_ms });
      return reply;
    } catch (error) {
      table.busy = false;
      controls.forEach((c) => { c.disabled = false; });
      status.textContent = `The engine failed: ${error.message}`;
      status.className = "tsr-live-status tsr-live-error";
      stats.moves.push({ name, ms: performance.now() - started, failed: true });
      return null;
    }
  };
  table.configNow = () => ({ ...chosen() });

  // A question before a tap that would end the game, or the engine's (two people: "Take back …?", yesWords its
  // Yes): asked in the panel, in view, focus on "No". Asked after a pick by the board's keys (keys.js), the answer
  // gives the focus back to the board.
  const home = () => (table.keysLayer && document.activeElement === table.keysLayer ? table.keysLayer : step);
  table.askFirst = (text, onYes, yesWords) => {
    const back = home();
    const yes = el("button", { type: "button", class: "tsr-confirm-yes", text: yesWords || "Yes, play it" });
    const no = el("button", { type: "button", class: "tsr-confirm-no", text: "No" });
    confirmBox.replaceChildren(el("p", { text }), yes, no);
    confirmBox.hidden = false;
    confirmBox.scrollIntoView({ block: "nearest" });
    no.focus();
    const done = () => { confirmBox.hidden = true; back.focus(); };
    no.addEventListener("click", () => { done(); status.textContent = yesWords ? "Nothing done." : "Not played."; });
    yes.addEventListener("click", () => { done(); (onYes || table.confirmed || (() => {}))(); });
  };
  // Exactly one mark picked (a "which?" button, the board's keys): the engine says how (its option or mark: play an
  // offered action, choose a figure, or tap a proposed spot again).
  table.pick = (option) => {
    const offered = option.play != null && table.current.actions.find((a) => a.id === option.play);
    return offered ? playAction(offered) : option.choose ? run("choose", option.choose) : run("tap", [...option.tap, true]);
  };
  // A tap between marks that do different things: which one, a big button each in words, and No.
  table.askWhich = (message) => {
    const back = home();
    const choices = message.options.map((option) => {
      const button = el("button", { type: "button", class: "tsr-which-option", text: option.text });
      button.addEventListener("click", () => {
        confirmBox.hidden = true;
        pressed(back, () => table.pick(option));
      });
      return button;
    });
    const no = el("button", { type: "button", class: "tsr-confirm-no", text: "No" });
    confirmBox.replaceChildren(el("p", { text: message.text }), el("div", { class: "tsr-which-options" }, ...choices), no);
    confirmBox.hidden = false;
    confirmBox.scrollIntoView({ block: "nearest" });
    choices[0].focus();
    no.addEventListener("click", () => { confirmBox.hidden = true; status.textContent = "Nothing played."; back.focus(); });
  };
  const playAction = table.playAction = (offered) => {
    const faces = parseDice(dice.value);
    const go = () => run("play", faces ? [offered.id, faces] : [offered.id]).then(() => { dice.value = ""; });
    if (offered.ends) {
      table.askFirst(`This ends the game: ${offered.words || offered.text}. Play it?`, go);
      return Promise.resolve();
    }
    return go();
  };

  // After every action: the control pressed keeps the focus if it is still there; else the big button,
  // else the board; and the board and the main control stay in view.
  const pressed = table.pressed = async (control, action) => {
    await action();
    const target = control.isConnected && !control.closest("[hidden]") && control.offsetParent !== null ? control
      : !step.hidden ? step : !banner.hidden ? banner.querySelector("button") : null;
    const asking = !confirmBox.hidden || (curtain && !curtain.hidden);  // the question or the curtain keeps the focus
    if (target && document.activeElement !== target && !asking) target.focus({ preventScroll: true });
    table.keepInView();
  };
  table.keepInView = () => {
    if (table.current.challenge && table.current.challenge.over) {  // a challenge done: its stars and Next (or Try again) in view
      if (!inView(practiceBar)) practiceBar.scrollIntoView({ block: "nearest" });
      return;
    }
    if (board && !inView(board.querySelector(".tsr-bokeh") || board)) {
      const view = boardView(table.doc);
      (view ? view.el : board).scrollIntoView({ block: "nearest" });
    }
    // the other side's first sentence (under the board on a phone), then the big button, or the cards to play
    const told = !parts.story.hidden && parts.story.querySelector(".tsr-story-line");
    if (told && !inView(told)) told.scrollIntoView({ block: "nearest" });
    const main = !step.hidden ? step : !parts.hand.hidden ? parts.hand : turn;
    if (!inView(main)) main.scrollIntoView({ block: "nearest" });
  };

  wirePractice(table);
  step.addEventListener("click", () => {
    const offered = table.current.actions.find((a) => String(a.id) === step.dataset.id);
    if (offered) pressed(step, () => playAction(offered));
  });
  play.addEventListener("click", () => {
    if (menu.value === "") return;
    const offered = table.current.actions.find((a) => String(a.id) === menu.value);
    if (offered) pressed(play, () => playAction(offered));
  });
  undo.addEventListener("click", () => pressed(undo, () => run("undo", [])));
  newGame.addEventListener("click", () => pressed(newGame, () => run("new", [], { kind: "start", config: table.configNow() })));
  // Another opponent takes over the game as it stands (the engine's "opponent" command; "bot" before it).
  if (opponent) {
    opponent.addEventListener("change", () => pressed(opponent, async () => {
      const reply = await run("opponent", [opponent.value]);
      if (reply && reply.message && /unknown command/.test(reply.message.text)) await run("bot", [opponent.value]);
    }));
  }
  wireTaps(table);
  wireKeys(table);
  wireReplay(table);
  // The play-out never blocks the reader: Skip, or any tap or key on the table, ends it first.
  parts.storySkip.addEventListener("click", () => { skipStory(table); step.focus({ preventScroll: true }); });
  snapshot.addEventListener("pointerdown", () => skipStory(table), true);
  snapshot.addEventListener("keydown", () => skipStory(table), true);
  tryButton.addEventListener("click", () => {
    const faces = parseDice(dice.value);
    pressed(tryButton, () => run("try", faces ? [tryText.value, faces] : [tryText.value]));
  });
  wireSaveLink(table);
  wireSetup(table);  // Set up the table (setup.js)
  wireMake(table);  // Make it a challenge, from the set-up (make.js)
  wireChallengeLink(table);

  if (pickers) { pickers.scenario.disabled = pickers.side.disabled = false; }
  if (opponent) opponent.disabled = false;
  enter();
  toyTable(table.doc);  // no axes, toolbar or hover box in play; wheel and pinch zoom
  show(table, answer);
  await resumeGame(table, resume);
  if (challenges && challenges.length) {
    await startPractice(table, resume, challenges);
    await startOpened(table, resume);
  }
  fit();
  (step.hidden ? turn : step).focus({ preventScroll: true });
  if (step.hidden) turn.setAttribute("tabindex", "-1"), turn.focus({ preventScroll: true });
}
