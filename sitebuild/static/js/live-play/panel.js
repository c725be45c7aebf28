// The panel beside the board (under it on a phone): the bar with the turn line, the one big next-step button, Undo
// and More, a question before an action that ends the game, the cards to play and a tapped spot's details; then
// the last action in words, the result, the engine's message, the other choices, the full list of actions, the
// marks' legend, and the log. show(answer) fills it from the engine's answer.

import { drawLayers } from "./board-view.js";
import { diceView, el, ruleLink } from "./common.js";
import { showBanner } from "./banner.js";
import { showCurtain } from "./curtain.js";
import { followAction } from "./frame.js";
import { entryButtons, replayLines, replayParts, replayTurn, showViewing } from "./history.js";
import { showChallenge } from "./practice.js";
import { keepGame } from "./save-link.js";
import { showSetup } from "./setup.js";
import { showMake } from "./make.js";
import { tellTurn } from "./story.js";

export function panelParts() {
  const turn = el("p", { class: "tsr-live-turn", "aria-live": "polite" });
  const step = el("button", { type: "button", class: "tsr-live-step" });
  const stepHint = el("p", { class: "tsr-live-step-hint" });
  const undo = el("button", { type: "button", class: "tsr-live-undo", text: "Undo" });
  const moreButton = el("button", { type: "button", class: "tsr-live-more-button", text: "More", "aria-expanded": "false" });
  const confirmBox = el("div", { class: "tsr-live-confirm", role: "alertdialog", "aria-label": "Confirm", hidden: "" });
  // On touch, a tapped spot's details (what its tooltip says); kept in the DOM, empty, so it is announced.
  // It may scroll (a long tooltip on a phone): reachable by keyboard, then, as a named region.
  const details = el("div", { class: "tsr-live-details", "aria-live": "polite", tabindex: "0", role: "region",
                              "aria-label": "What the tapped spot holds" });
  // The question before an action that ends the game, the cards and a tapped figure's details sit in the bar: in view on
  // a phone too (the bar stays at the bottom) and on a wide screen (the bar heads the panel beside the board).
  // The cards to play now (offeredButtons), and the ways of the card tapped.
  const hand = el("div", { class: "tsr-live-hand", role: "group", "aria-label": "Your cards: tap one to play it", hidden: "" });
  const ways = el("div", { class: "tsr-card-ways", role: "group", hidden: "" });
  const { viewing, replay } = replayParts();  // in the bar: in view at every size
  const bar = el("div", { class: "tsr-table-bar" }, turn, viewing,
                 el("div", { class: "tsr-table-bar-buttons" }, step, undo, moreButton),
                 confirmBox, hand, ways, details, stepHint);
  const last = el("div", { class: "tsr-live-last", "aria-live": "polite" });
  const result = el("p", { class: "tsr-live-result" });
  const status = el("p", { class: "tsr-live-status", role: "status" });
  const others = el("div", { class: "tsr-live-others" });
  const hint = el("p", { class: "tsr-live-hint",
    text: "On the board: tap a ringed figure, then a marked spot (where it goes, whom it attacks); " +
          "on a table, any spot is tried and the rule says if it is too far. Or pick from the list." });
  const menu = el("select", { class: "tsr-live-actions", "aria-label": "Legal actions" });
  const play = el("button", { type: "button", class: "tsr-live-play", text: "Play" });
  const full = el("div", { class: "tsr-live-full" }, hint,
    el("label", { class: "tsr-live-field" }, "Action ", menu), el("div", { class: "tsr-live-buttons" }, play));
  // The marks' key, folded (issue 35): "What do the marks mean?", listing only the marks on the board now (keyOf).
  const mark = (kind, words) => el("li", { "data-mark": kind, hidden: "" },
    el("span", { class: `tsr-mark tsr-mark-${kind}`, "aria-hidden": "true" }), words);
  const legend = el("details", { class: "tsr-live-legend", hidden: "" }, el("summary", { text: "What do the marks mean?" }),
    el("ul", { class: "tsr-live-legend-marks" }, mark("piece", "can act: tap it"), mark("chosen", "chosen"),
       mark("target", "tap here to play"), mark("off", "takes the figure out of the game (off the table, into a pit)"),
       mark("last", "the last move")));
  const log = el("ol", { class: "tsr-live-log", reversed: "" });
  const logBox = el("details", { class: "tsr-live-logbox" }, el("summary", { text: "Log (newest first)" }), log);
  return { turn, step, stepHint, undo, moreButton, confirmBox, details, hand, ways, bar, last, result, status, others,
           menu, play, full, legend, viewing, replay, log, logBox };
}

function lastLines(answer, simple) {
  if (answer.viewing != null) return replayLines(answer, simple);  // a replay: the move shown, and what it did
  if (Array.isArray(answer.last)) return answer.last.filter((line) => !line.quiet);  // nothing happened: nothing said
  // before the engine said it: the other side's turns since the seat's own last one, from the log
  const lines = [];
  for (const entry of answer.log.slice().reverse()) {
    if (entry.who === "You" || entry.who === "Setup") break;
    lines.unshift({ who: entry.who, text: entry.text, dice: entry.dice || null });
  }
  return lines;
}

// The card an offered action plays: its own card (the actions that name one: a card play, keep, discard…), or the
// one its ruleset's board module says it plays unnamed (boards/<ruleset>.py CARD_PLAYS: Phlog's joker); else null.
function cardOf(a, plays) {
  if (a.action.card != null) return String(a.action.card);
  return (plays && plays[a.action.type]) || null;
}

// A card's ways to be played, in short words: the action's words without the card's name on it.
function shortWords(words, name) {
  const short = words.replace(name, "").replace(/\s+/g, " ").replace(/ ,/g, ",").trim();
  return short && short !== words.trim() ? short : words;
}

function offeredButtons(table, answer) {
  const { hand, ways, others } = table.parts;
  // Actions not placed on the board (cards in the hand, keep, discard…): tappable beside the board.
  // (before the engine says which are on the board: cards, and every action when the board marks none)
  const marked = answer.layers && answer.layers.choices && answer.layers.choices.kind && answer.layers.choices.kind.length;
  const stepId = answer.step && !answer.challenge ? answer.step.id : null;  // practice: no big next step
  const cardPlayed = (a) => cardOf(a, answer.card_plays);
  const shown = answer.actions.filter((a) => a.id !== stepId && (a.board === false ||
    (a.board == null && (cardPlayed(a) != null || /Card/.test(a.action.type) || !marked))));
  const button = (a, className, ...children) => {
    const choice = el("button", { type: "button", class: className, title: (isSimple(table) && a.words) || a.text },
                      ...children);
    choice.addEventListener("click", () => table.pressed(choice, () => table.playAction(a)));
    return choice;
  };
  // The cards in the hand, drawn as cards in the bar (in view beside the board, or right under it on a phone):
  // the face, what the card does, and what a tap on it does. A card played one way plays at a tap; played
  // several ways (Sabotage on which unit, paying how much; or ignored), a tap shows its ways, a button each.
  const cards = new Map();
  for (const a of shown) {
    const key = cardPlayed(a);
    if (key != null) cards.set(key, [...(cards.get(key) || []), a]);
  }
  const faces = answer.cards || {};
  ways.replaceChildren();
  ways.hidden = true;
  hand.replaceChildren(...Array.from(cards, ([key, actions]) => {
    const known = faces[key] || {};
    const name = known.face || key;
    const what = (a) => shortWords(a.words || a.text, name);
    const parts = [el("span", { class: "tsr-card-face" + (known.red ? " tsr-card-red" : "") + (name.length > 4 ? " tsr-card-name" : ""),
                                text: name }),
                   el("span", { class: "tsr-card-does", text: known.does || "" })];
    if (actions.length === 1) {
      const card = button(actions[0], "tsr-live-choice tsr-live-card", ...parts,
                          el("span", { class: "tsr-card-play", text: `▶ ${what(actions[0])}` }));
      card.dataset.face = name;
      return card;
    }
    const card = el("button", { type: "button", class: "tsr-live-card", "aria-expanded": "false", "data-face": name }, ...parts,
                    el("span", { class: "tsr-card-play", text: `▶ ${actions.length} ways: choose` }));
    card.addEventListener("click", () => {
      const open = card.getAttribute("aria-expanded") !== "true";
      hand.querySelectorAll("[aria-expanded]").forEach((other) => other.setAttribute("aria-expanded", "false"));
      card.setAttribute("aria-expanded", String(open));
      ways.replaceChildren(el("b", { text: `${name}: ` }),
                           ...actions.map((a) => button(a, "tsr-live-choice tsr-card-way", what(a))));
      ways.setAttribute("aria-label", `${name}: its ways`);
      ways.hidden = !open;
    });
    return card;
  }));
  hand.hidden = cards.size === 0;
  const plain = shown.filter((a) => cardPlayed(a) == null);
  others.replaceChildren(...(plain.length ? [el("p", { class: "tsr-live-others-title", text: "Choices:" })] : []),
    ...plain.map((a) => button(a, "tsr-live-choice", a.words || a.text)));
}

function stepFallback(answer) {
  // before the engine names its next step: the only action, or one that ends a phase or turn
  if (answer.actions.length === 1) return { id: answer.actions[0].id, text: answer.actions[0].text };
  const ending = answer.actions.find((a) => /^(End|Pass)/.test(a.action.type));
  return ending ? { id: ending.id, text: ending.words || ending.text } : null;
}

// The pickers say the game being played (after a swap, a load, a link, a new opponent).
function syncPickers(table, answer) {
  const { pickers, opponent } = table;
  if (pickers && answer.scenario && Array.from(pickers.scenario.options).some((o) => o.value === answer.scenario)) {
    if (pickers.scenario.value !== answer.scenario) {
      pickers.scenario.value = answer.scenario;
      pickers.scenario.dispatchEvent(new Event("change"));
    }
    if (Array.from(pickers.side.options).some((o) => o.value === answer.human)) pickers.side.value = answer.human;
  }
  if (opponent && answer.bot && Array.from(opponent.options).some((o) => o.value === answer.bot)) opponent.value = answer.bot;
}

// The log: pick an entry to see the board then; while live, undo back to it (history.js).
// In the simple mode, the engine's plain words (no figure ids, no coordinates) and "why?" for each rule.
function logEntries(table, answer) {
  const simple = isSimple(table);
  const shown = answer.viewing == null ? answer.log  // a replay: the log up to the move shown
    : answer.log.filter((entry) => entry.index == null || entry.index <= answer.viewing);
  return shown.slice().reverse().map((entry, i) => {
    const item = el("li", { class: "tsr-live-entry" },
      el("b", { text: `${entry.who}: ${simple && entry.words ? entry.words : entry.text}` }));
    if (entry.dice) item.append(" ", diceView(entry.dice));
    item.append(...entryButtons(table, answer, entry, i));
    item.append(el("ul", {}, ...entry.events.map((e) => {
      const line = el("li", { text: (simple && e.words ? e.words : e.text) + " " });
      for (const key of e.rules) line.append(ruleLink(table.rules, key, simple), " ");
      return line;
    })));
    return item;
  });
}

// The key lists the marks the board shows now: the choices layer's kinds, and the last move's arrows if any.
function keyOf(legend, answer) {
  const layers = answer.layers || {};
  const kinds = (layers.choices && layers.choices.kind) || [];
  const lastShown = Boolean(layers.last && layers.last.kind && layers.last.kind.length);
  const items = Array.from(legend.querySelectorAll("[data-mark]"));
  for (const item of items) item.hidden = !(item.dataset.mark === "last" ? lastShown : kinds.includes(item.dataset.mark));
  legend.hidden = items.every((item) => item.hidden);
}

const isSimple = (table) => Boolean(table.parts.simpleBox && table.parts.simpleBox.checked);

export function show(table, whole) {
  const { details, legend, turn, result, menu, status, last, step, stepHint, hand, log, play, full, undo,
          tryText } = table.parts;
  const { snapshot, rules } = table;
  // two people and hidden cards: while the curtain is up, the answer without them (curtain.js)
  const answer = showCurtain(table, whole, () => show(table, whole));
  table.current = answer;
  details.replaceChildren();  // a tapped spot's details are said after the tap's own answer (taps.js)
  syncPickers(table, answer);
  const seat = answer.seat || answer.human;
  // the board: at once, or the other side's turn played out first (story.js); behind the curtain, nothing told
  if (!table.parts.curtain.hidden) drawLayers(table.doc, answer.layers);
  else { tellTurn(table, answer); followAction(table, answer); }  // on a phone, the view frames the marks (frame.js)
  const marks = (answer.layers && answer.layers.choices && answer.layers.choices.kind) || [];
  keyOf(legend, answer);
  const replaying = answer.viewing != null;  // the panel says the game at the move shown, not at the end
  turn.textContent = !replaying ? (isSimple(table) && answer.turn.words) || answer.turn.line : replayTurn(answer);
  result.textContent = answer.outcome && (!replaying || answer.viewing === answer.moves) ? answer.outcome.line : "";
  menu.replaceChildren(...answer.actions.map((a) => el("option", { value: String(a.id), text: a.text })));
  if (answer.actions.length && !tryText.value) tryText.value = JSON.stringify(answer.actions[0].action);
  const message = answer.message;
  status.replaceChildren();
  status.className = "tsr-live-status" + (message && message.kind !== "note" ? " tsr-live-error" : "");
  if (message && message.kind !== "confirm" && message.kind !== "which") {
    const simple = isSimple(table);
    status.append(simple && message.words ? message.words : message.text);
    if (message.rule) status.append(" ", ruleLink(rules, message.rule.key, simple));
  }
  // the last action, in one short sentence each, dice as dice
  const lines = lastLines(answer, isSimple(table));
  last.replaceChildren(...lines.slice(-3).map((line) => {
    // the engine's sentence names who acted; the log's words (before it did) need the name
    const item = el("p", { class: "tsr-live-last-line" },
      ...(Array.isArray(answer.last) || !line.who ? [] : [el("b", { text: `${line.who}: ` })]), line.text);
    if (line.dice && line.dice.length) item.append(" ", diceView(line.dice));
    return item;
  }));
  // the one big button for the next step
  const nextStep = answer.challenge || replaying ? null : answer.step || stepFallback(answer);
  step.hidden = !nextStep;
  if (nextStep) { step.textContent = nextStep.text; step.dataset.id = String(nextStep.id); }
  offeredButtons(table, replaying ? { ...answer, actions: [] } : answer);  // a replay offers nothing to play
  // what else to tap: the board's marks, else the cards, else the choices beside the board
  const marked = marks.length > 0;
  stepHint.textContent = replaying ? "" : nextStep && nextStep.why && !answer.outcome ? nextStep.why  // what the button means
    : answer.outcome || !answer.actions.length ? ""
    : !hand.hidden ? (nextStep ? "or tap a card" : "Tap a card to play it")
    : marked ? (nextStep ? "or tap the board" : "Tap the board: a ringed figure, then a marked spot")
    : nextStep ? "" : "Pick one of the choices";
  log.replaceChildren(...logEntries(table, answer));
  showViewing(table, answer);
  showBanner(table, answer);
  play.disabled = menu.disabled = answer.actions.length === 0;
  full.hidden = replaying || answer.actions.length === 0;  // nothing to pick (the bot's turn, the end): no dead list
  undo.disabled = !answer.can_undo;
  snapshot.dataset.liveMoves = String(whole.log.length);  // (how long the log is hides nothing)
  snapshot.dataset.liveOver = answer.outcome ? "yes" : "no";
  snapshot.dataset.liveSeat = seat || "";
  showChallenge(table, answer);
  showSetup(table, answer);  // the set-up editor, while the table is being set up (setup.js)
  showMake(table, answer);  // Make it a challenge, while one is being made (make.js)
  keepGame(table, answer);
  const again = message && message.confirm;  // the command that does it once agreed (two people: a take-back)
  if (message && message.kind === "confirm") {
    table.askFirst(message.text, again ? () => table.pressed(step, () => table.run(again.name, again.args)) : null,
                   message.yes);
  }
  if (message && message.kind === "which") table.askWhich(message);
}
