// Practice (the Practice page): the list of challenges with the stars earned (kept in the browser per ruleset),
// and on the table the goal in one big line above the board, the grade after each action in one short sentence
// (Show me why: the grade in full, its proof and fractions), the stars when solved, and big buttons: Hint, Try
// again, Show me, Next. Stars by how it was solved (the Session counts the hint, the tries and Show me): a
// challenge Show me played is kept as shown (0), never over stars earned before.

import { el, ruleLink } from "./common.js";
import { keepStars, keptStars, openedStarsKey } from "./kept.js";
import { fragment } from "./save-link.js";

// -- the stars earned, kept in the browser per ruleset ({challenge name: best stars}; read with care: kept.js) ---
const namesOf = (snapshot) => JSON.parse(snapshot.dataset.practice || "[]").map((c) => c.name);
const starsOf = (snapshot) => keptStars(snapshot.dataset.ruleset, namesOf(snapshot)).stars;
function starText(stars) { return "★".repeat(stars) + "☆".repeat(3 - stars); }
function starsView(stars, big) {  // the stars as stars, and in words for a screen reader
  return el("span", { class: "tsr-stars" + (big ? " tsr-stars-big" : "") },
    el("span", { "aria-hidden": "true", text: starText(stars) }),
    el("span", { class: "tsr-sr", text: stars ? ` ${stars} of 3 stars` : " not solved yet" }));
}
// In the list: the stars kept, or "shown" for a challenge Show me played (kept as 0), or none yet.
export function listStars(kept) {
  if (kept !== 0) return starsView(kept || 0);
  return el("span", { class: "tsr-practice-shown-mark", text: "shown" },
    el("span", { class: "tsr-sr", text: ", not solved yet" }));
}
// The Practice page's list of challenges (the snapshot's data-practice: [{name, title, goal}]), each
// opening at a tap (#challenge=<name>), with the stars earned so far; list.said: stars kept that were left out.
export function practiceList(snapshot, challenges) {
  const list = el("ol", { class: "tsr-practice-list", "aria-label": "The challenges" });
  list.said = keptStars(snapshot.dataset.ruleset, challenges.map((c) => c.name)).said;
  const fillList = () => {
    const earned = starsOf(snapshot);
    list.replaceChildren(...challenges.map((c) => el("li", { "data-challenge": c.name },
      el("a", { href: `#challenge=${c.name}`, class: "tsr-practice-link" }, el("b", { text: c.title })),
      " ", listStars(earned[c.name]), el("br"), el("span", { class: "tsr-practice-goal", text: c.goal }))));
  };
  fillList();
  list.refresh = fillList;
  return list;
}
export function firstUnsolved(snapshot, challenges) {
  const earned = starsOf(snapshot);
  const open = challenges.find((c) => !earned[c.name]);
  return (open || challenges[0]).name;
}

// -- on the table: the practice bar above the board ------------------------------------------------
export function practiceParts() {
  const goal = el("p", { class: "tsr-practice-goal-line" });
  const count = el("span", { class: "tsr-practice-count" });
  const grade = el("p", { class: "tsr-practice-grade", "aria-live": "polite" });
  const whyText = el("div", { class: "tsr-practice-why-text" });
  const why = el("details", { class: "tsr-practice-why", hidden: "" }, el("summary", { text: "Show me why" }), whyText);
  const starLine = el("div", { class: "tsr-practice-stars" });
  const hintBox = el("div", { class: "tsr-practice-hint", hidden: "" });
  const hintButton = el("button", { type: "button", class: "tsr-practice-hint-button", text: "? Hint", "aria-expanded": "false" });
  const retry = el("button", { type: "button", class: "tsr-practice-retry", text: "↺ Try again" });
  const showMe = el("button", { type: "button", class: "tsr-practice-show", text: "▶ Show me" });
  const nextButton = el("button", { type: "button", class: "tsr-practice-next", text: "Next ▶" });
  const practiceBar = el("div", { class: "tsr-practice-bar", hidden: "" },
    el("div", { class: "tsr-practice-top" }, count, goal), grade, why, starLine,
    el("div", { class: "tsr-practice-buttons" }, hintButton, retry, showMe, nextButton), hintBox);
  return { goal, count, grade, why, whyText, starLine, hintBox, hintButton, retry, showMe, nextButton, practiceBar };
}

// The challenge's part of the answer: goal, grade (why, in words), stars; the best stars kept (not in a lesson).
export function showChallenge(table, answer) {
  const { goal, count, grade, why, whyText, starLine, hintBox, retry, nextButton, practiceBar } = table.parts;
  const { snapshot, ruleset } = table;
  const c = answer.challenge;
  practiceBar.hidden = !c;
  table.parts.copyChallenge.hidden = !c;  // in the More drawer: any challenge, shipped or opened
  if (!c) return;
  count.textContent = `${c.index + 1} / ${c.count}`;
  goal.textContent = c.goal;
  // at the start the goal line says it all; then the grade after each action in one short sentence, and once
  // the try is over the grade in full (the proof, the fractions, the hint) behind Show me why
  const said = c.used || c.over ? c.said || c.why || "" : "";
  grade.replaceChildren(said);
  grade.className = "tsr-practice-grade" + (c.solved ? " tsr-practice-solved" : c.over ? " tsr-practice-failed" : "");
  const full = c.over && c.why && c.why !== said ? c.why : "";
  if (whyText.textContent !== full) { whyText.textContent = full; why.open = false; }
  why.hidden = !full;
  starLine.replaceChildren(...(!c.solved ? [] : c.shown
    ? [el("span", { class: "tsr-practice-shown", text: "Shown. Now you try it: Try again!" })]
    : [starsView(c.stars, true), el("span", { class: "tsr-practice-well-done", text: c.stars === 3 ? "Perfect!" : "Well done!" })]));
  hintBox.replaceChildren(el("b", { text: "Hint: " }), c.hint || "", " ",
    ...c.rules.flatMap((rule) => [ruleLink(table.rules, rule.key), " "]));
  nextButton.hidden = !c.next || !(c.solved || c.over);
  nextButton.dataset.next = c.next || "";
  nextButton.dataset.opened = String(Boolean(c.opened));  // Next goes on in the list it is in
  retry.classList.toggle("tsr-practice-main", c.over && !c.solved);
  nextButton.classList.toggle("tsr-practice-main", c.solved);
  const shape = `${c.name} ${c.used > 0} ${c.solved} ${c.over} ${c.shown}`;  // what sets the goal bar's height
  if (practiceBar.dataset.shape !== shape) requestAnimationFrame(table.fit);  // the board fits under it again
  practiceBar.dataset.shape = shape;
  snapshot.dataset.challenge = c.name;
  snapshot.dataset.opened = String(Boolean(c.opened));
  snapshot.dataset.stars = String(c.solved ? c.stars : 0);
  if (c.solved && !table.lesson) keepSolved(table, c);
}

// The best stars kept (never lowered; shown: 0 where none are kept): a shipped challenge's by name, an opened one's
// by its key, apart (opened.js).
function keepSolved(table, c) {
  const { snapshot, ruleset } = table;
  if (c.opened) {
    if (!table.opened) return;
    const keys = table.opened.lesson.map((o) => o.key), where = openedStarsKey(ruleset);
    const kept = keptStars(ruleset, keys, where).stars[c.key];
    if (kept === undefined || kept < c.stars) keepStars(ruleset, keys, c.key, c.stars, where);
    if (table.openedList) table.openedList.refresh();
    return;
  }
  const kept = starsOf(snapshot)[c.name];
  if (kept === undefined || kept < c.stars) keepStars(ruleset, namesOf(snapshot), c.name, c.stars);
  if (snapshot.practiceList) snapshot.practiceList.refresh();
  else { const list = document.querySelector(".tsr-practice-list"); if (list && list.refresh) list.refresh(); }
}

// Start challenge ``name``: the ruleset's own, or (``opened``) of the lesson opened (opened.js).
export function openChallenge(table, name, opened = false) {
  const { hintBox, hintButton } = table.parts;
  hintBox.hidden = true;
  hintButton.setAttribute("aria-expanded", "false");
  return table.run("practise", opened ? [name, true] : [name]);
}

export function wirePractice(table) {
  const { hintBox, hintButton, retry, showMe, nextButton, why } = table.parts;
  hintButton.addEventListener("click", () => {
    hintBox.hidden = !hintBox.hidden;
    hintButton.setAttribute("aria-expanded", String(!hintBox.hidden));
    if (!hintBox.hidden) table.run("hint", []);  // the Session counts the hint against the stars
  });
  why.addEventListener("toggle", () => requestAnimationFrame(table.fit));  // the board fits under it again
  retry.addEventListener("click", () => table.pressed(retry, () => { hintBox.hidden = true; return table.run("retry", []); }));
  showMe.addEventListener("click", () => table.pressed(showMe, () => table.run("show", [])));
  nextButton.addEventListener("click", () => table.pressed(nextButton,
    () => openChallenge(table, nextButton.dataset.next, nextButton.dataset.opened === "true")));
}

// As the table opens on the Practice page: the challenge asked for (the link's), else the first unsolved; then
// a challenge of the list, tapped on the page behind, opens on the table.
export async function startPractice(table, resume, challenges) {
  const { snapshot, parts: { status } } = table;
  const names = challenges.map((c) => c.name);
  const known = names.includes(resume.challenge);
  await openChallenge(table, known ? resume.challenge : firstUnsolved(snapshot, challenges));
  if (resume.challenge != null && !known && !resume.opened) {
    status.textContent = `No challenge here is named ${JSON.stringify(resume.challenge).slice(0, 80)}: the first unsolved one is open.`;
  }
  addEventListener("hashchange", () => {  // a challenge of the list, tapped on the page behind
    const asked = fragment();
    if (asked && asked.bad) status.textContent = asked.bad;
    if (!asked || asked.opened || !asked.challenge || !names.includes(asked.challenge)) return;
    table.lesson = asked.lesson;
    snapshot.classList.toggle("tsr-lesson", table.lesson);
    snapshot.classList.remove("tsr-table-inline");
    table.enter();
    openChallenge(table, asked.challenge);
  });
}
