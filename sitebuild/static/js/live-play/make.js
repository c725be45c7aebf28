// Make it a challenge (issue 38): a set-up made into a practice challenge, by the engine's "make" command
// (explorer/core/session/making.py). The panel shows while the answer carries ``making``: the title, the goal in
// one line and the hint (sent at a change); the goal's kind, its test and the test's arguments, each picked from
// the lists in words or by a tap on the board; the learner's side, the opponent, the rule sections, the limit;
// Record the solution (the board plays as in a game) and Stop; what it still needs and what the check finds, in
// words; then Save as a file, Copy challenge link (a Practice page's link), Add to the lesson and the lesson's own
// Save and link. Every step is checked by the engine and refused in words; a refusal keeps what was typed.

import { el, offerFile } from "./common.js";
import { offerLink } from "./save-link.js";

const words = (name) => String(name).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

function button(text, cls) {
  return el("button", { type: "button", class: `tsr-setup-button ${cls}`, text });
}

function field(text, control) {
  return el("label", { class: "tsr-make-field" }, el("span", { class: "tsr-make-label", text }), control);
}

// A select's options: [value, words] pairs, a first "pick" option while nothing is picked; the value kept.
function fill(box, pairs, value, none) {
  const options = [...(none ? [["", none]] : []), ...pairs];
  const same = box.options.length === options.length &&
    options.every(([v, t], i) => box.options[i].value === v && box.options[i].text === t);
  if (!same) box.replaceChildren(...options.map(([v, t]) => el("option", { value: v, text: t })));
  if (value != null && options.some(([v]) => v === String(value))) box.value = String(value);
  else if (none) box.value = "";
}

export function makeParts() {
  const open = button("Make it a challenge", "tsr-make-open");
  const said = el("p", { class: "tsr-make-said", "aria-live": "polite" });
  const text = (cls, label) => el("input", { type: "text", class: cls, "aria-label": label, maxlength: "400" });
  const title = text("tsr-make-title", "Title");
  const goalText = text("tsr-make-goal-text", "The goal in one line");
  const hint = text("tsr-make-hint", "Hint");
  const select = (cls, label) => el("select", { class: cls, "aria-label": label });
  const kind = select("tsr-make-kind", "Goal kind");
  const test = select("tsr-make-test", "Test");
  const action = select("tsr-make-action", "Action");
  const measure = select("tsr-make-measure", "Measure");
  const side = select("tsr-make-side", "Learner's side");
  const opponent = select("tsr-make-opponent", "Opponent");
  const limit = el("input", { type: "number", min: "1", max: "50", class: "tsr-make-limit",
                              "aria-label": "Limit (optional)", inputmode: "numeric" });
  const testWords = el("p", { class: "tsr-make-test-words" });
  const args = el("div", { class: "tsr-make-args", role: "group", "aria-label": "The test's arguments" });
  const sections = el("fieldset", { class: "tsr-make-sections" }, el("legend", { text: "Rule sections it teaches" }));
  const record = button("Record the solution", "tsr-make-record");
  const prelude = button("Record steps before the learner starts", "tsr-make-prelude");
  const stop = button("Stop recording", "tsr-make-stop");
  const recording = el("p", { class: "tsr-make-recording", "aria-live": "polite" });
  const needs = el("ul", { class: "tsr-make-needs", "aria-label": "What it still needs" });
  const check = button("Check", "tsr-make-check");
  const save = button("Save as a file", "tsr-make-save");
  const copy = button("Copy challenge link", "tsr-make-link");
  const link = el("input", { type: "text", readonly: "", class: "tsr-make-link-text tsr-make-challenge-link", hidden: "",
                             "aria-label": "Link to this challenge" });
  const add = button("Add to the lesson", "tsr-make-add");
  const lesson = el("p", { class: "tsr-make-lesson" });
  const saveLesson = button("Save the lesson", "tsr-make-save-lesson");
  const copyLesson = button("Copy the lesson's link", "tsr-make-lesson-link");
  const lessonLink = el("input", { type: "text", readonly: "", class: "tsr-make-link-text tsr-make-lesson-link-text",
                                   hidden: "", "aria-label": "Link to this lesson" });
  const cancel = button("Cancel", "tsr-make-cancel");
  const row = (cls, ...children) => el("div", { class: `tsr-setup-row ${cls}` }, ...children);
  const testField = field("Test ", test), actionField = field("Action ", action), measureField = field("Measure ", measure);
  const form = el("div", { class: "tsr-make-form" },
    field("Title ", title), field("The goal in one line ", goalText), field("Hint ", hint),
    row("tsr-make-goal", field("Goal kind ", kind), testField, actionField, measureField), testWords, args,
    row("tsr-make-sides", field("Learner's side ", side), field("Opponent ", opponent), field("Limit (optional) ", limit)),
    sections);
  const lessonRow = row("tsr-make-lesson-row", lesson, saveLesson, copyLesson, lessonLink);
  const box = el("section", { class: "tsr-make", "aria-label": "Make it a challenge", hidden: "" },
    el("h3", { text: "Making a challenge" }), said, form,
    row("tsr-make-recording-row", record, stop, prelude), recording,
    needs, row("tsr-make-result", check, save, copy, add), link, lessonRow, row("tsr-make-end", cancel));
  return { open, box, said, title, goalText, hint, kind, test, action, measure, side, opponent, limit, testWords, args,
           sections, record, prelude, stop, recording, needs, check, save, copy, link, add, lesson, saveLesson, copyLesson,
           lessonLink, lessonRow, cancel, form, testField, actionField, measureField };
}

export function wireMake(table) {
  const parts = table.makeParts = makeParts();
  table.setupParts.done.before(parts.open, " ");
  table.parts.side.prepend(parts.box);
  const make = async (control, ...args) => {  // one step, its answer (null: busy, or the engine failed)
    if (table.busy) return null;
    let reply = null;
    await table.pressed(control, async () => { reply = await table.run("make", args); });
    return reply;
  };
  parts.open.addEventListener("click", async () => {
    await make(parts.open, "begin");
    if (table.current.making) parts.title.focus();
  });
  // A field's change is sent as it is left, in turn after any step still under way, and the focus stays where
  // the reader went next (the next field): nothing typed is lost or typed into the wrong field.
  // While changes wait their turn, the ticks and lists show what was picked, not the engine's answer to an
  // earlier change; once none waits, the engine's (a refusal puts back what it had).
  const quietly = table.makeQuietly = (...args) => {
    table.makeWaiting = (table.makeWaiting || 0) + 1;
    table.makeQueue = (table.makeQueue || Promise.resolve()).then(async () => {
      while (table.busy) await new Promise((done) => setTimeout(done, 50));
      const reply = await table.run("make", args);
      if (--table.makeWaiting === 0) showMake(table, table.current);
      return reply;
    });
    return table.makeQueue;
  };
  const setOnChange = (control, key, value = () => control.value) =>
    control.addEventListener("change", () => quietly("set", key, value()));
  setOnChange(parts.title, "title");
  setOnChange(parts.goalText, "goal_text");
  setOnChange(parts.hint, "hint");
  for (const key of ["kind", "test", "action", "measure", "side", "opponent"]) {
    const control = parts[key];
    control.addEventListener("change", () => { if (control.value) quietly("set", key, control.value); });
  }
  parts.limit.addEventListener("change", () => { if (parts.limit.value) quietly("set", "limit", Number(parts.limit.value)); });
  parts.sections.addEventListener("change", () => {
    quietly("set", "sections", Array.from(parts.sections.querySelectorAll("input:checked"), (box) => box.value));
  });
  parts.record.addEventListener("click", () => make(parts.record, "record", "solution"));
  parts.prelude.addEventListener("click", () => make(parts.prelude, "record", "prelude"));
  parts.stop.addEventListener("click", () => make(parts.stop, "stop"));
  parts.check.addEventListener("click", () => make(parts.check, "check"));
  parts.cancel.addEventListener("click", () => { table.makePick = null; make(parts.cancel, "cancel"); });
  const where = { linkOut: parts.link, status: parts.said };
  const practiceUrl = (link) => new URL(`practice.html#challenges=${link}`, location.href.split("#")[0]).href;
  parts.save.addEventListener("click", async () => {
    const answer = await make(parts.save, "result");
    if (!answer || !answer.challenge_text) return;
    const name = (/^name = "([^"]+)"/m.exec(answer.challenge_text) || [])[1] || "my-challenge";
    offerFile(`${name}.toml`, answer.challenge_text, "application/toml");
    parts.said.textContent = `Saved as ${name}.toml: open it on the Practice page (Open a challenge file).`;
  });
  parts.copy.addEventListener("click", async () => {
    const answer = await make(parts.copy, "result");
    if (!answer || !answer.challenge_link) return;
    await offerLink(table, practiceUrl(answer.challenge_link),
      "Challenge link copied: it opens this challenge on this ruleset's Practice page.", where);
  });
  parts.add.addEventListener("click", () => make(parts.add, "add"));
  parts.saveLesson.addEventListener("click", async () => {
    const answer = await make(parts.saveLesson, "lesson");
    if (!answer || !answer.lesson_text) return;
    offerFile(`${table.ruleset}-lesson.toml`, answer.lesson_text, "application/toml");
    parts.said.textContent = `Saved as ${table.ruleset}-lesson.toml.`;
  });
  parts.copyLesson.addEventListener("click", async () => {
    const answer = await make(parts.copyLesson, "lesson");
    if (!answer || !answer.lesson_link) return;
    await offerLink(table, practiceUrl(answer.lesson_link),
      "Lesson link copied: it opens these challenges, in this order, on this ruleset's Practice page.",
      { linkOut: parts.lessonLink, status: parts.said });
  });
  // While a goal's argument waits for its tap (Pick on the board), the next tap on the board picks it (taps.js).
  table.makeTap = (x, y, reach) => {
    const making = table.current.making;
    if (!making || making.recording) return false;
    const name = table.makePick;
    if (!name) {
      parts.said.textContent = "Making a challenge: press Pick on the board beside an argument, then tap the board.";
      parts.said.className = "tsr-make-said tsr-live-error";
      return true;
    }
    table.makePick = null;
    table.run("make", ["pick", name, x, y, reach]).then(() => table.keepInView());
    return true;
  };
}

// An argument of the goal's test: a list (a piece, a terrain piece) with Pick on the board, a number, yes-no, text.
function argControl(table, arg, value, choices) {
  const parts = table.makeParts, name = arg.name, label = words(name);
  const send = (control, v) => table.makeQuietly("arg", name, v);
  const sendArgs = (control, v) => table.makeQuietly("args", v);
  const onBoard = (...controls) => {
    const pickWords = (arg, waiting) => waiting ? `Tap the board: the ${words(arg)}…` : `Pick the ${words(arg)} on the board`;
    const pickIt = button(pickWords(name, table.makePick === name), "tsr-make-pick");
    pickIt.setAttribute("aria-pressed", String(table.makePick === name));
    pickIt.dataset.arg = name;
    pickIt.addEventListener("click", () => {
      table.makePick = table.makePick === name ? null : name;
      parts.said.className = "tsr-make-said";
      parts.said.textContent = table.makePick ? `Tap the board: the ${label} of the goal.` : "";
      for (const other of parts.args.querySelectorAll(".tsr-make-pick")) {  // one argument waits for a tap at a time
        other.setAttribute("aria-pressed", String(other.dataset.arg === table.makePick));
        other.textContent = pickWords(other.dataset.arg, other.dataset.arg === table.makePick);
      }
    });
    return el("div", { class: "tsr-setup-row tsr-make-arg", "data-arg": name }, ...controls, pickIt);
  };
  if (arg.picks === "piece" || arg.picks === "terrain") {
    const list = arg.picks === "piece" ? choices.pieces : choices.terrain;
    const box = el("select", { class: "tsr-make-arg-value", "aria-label": label });
    const many = Array.isArray(value) || name === "units";
    const picked = many ? (value || []) : [];
    fill(box, list.map((v) => [v, many && picked.includes(v) ? `${v} (take off)` : v]), many ? null : value,
         many ? (picked.length ? `${picked.join(", ")}: add or take off` : "add one") : "pick one");
    box.addEventListener("change", () => {
      if (!box.value) { if (!many) send(box, null); return; }
      if (!many) { send(box, box.value); return; }
      const next = picked.includes(box.value) ? picked.filter((p) => p !== box.value) : [...picked, box.value];
      send(box, next.length ? next : null);
    });
    return onBoard(field(`${label[0].toUpperCase()}${label.slice(1)} `, box));
  }
  if (arg.picks === "yes-no") {
    const box = el("input", { type: "checkbox", class: "tsr-make-arg-value" });
    box.checked = Boolean(value != null ? value : arg.default);
    box.addEventListener("change", () => send(box, box.checked));
    return el("div", { class: "tsr-setup-row tsr-make-arg", "data-arg": name },
      el("label", { class: "tsr-make-tick" }, box, ` ${label}`));
  }
  const number = arg.picks === "count";
  const input = el("input", { type: number ? "number" : "text", class: "tsr-make-arg-value", "aria-label": label,
                              ...(number ? { inputmode: "numeric" } : {}),
                              ...(arg.picks === "tests" ? { placeholder: '{"defeated": {"unit": "tan-1"}}' } : {}) });
  input.value = arg.picks === "tests" ? (value == null ? "" : JSON.stringify(value)) : value == null ? "" : String(value);
  input.addEventListener("change", () => {
    if (arg.picks === "tests") {  // the args table itself: each test named with its own arguments, as JSON
      let table_;
      try { table_ = JSON.parse(input.value || "{}"); } catch (error) {
        parts.said.textContent = `Not set: the tests are written as JSON, e.g. ${input.placeholder} (${error.message}).`;
        parts.said.className = "tsr-make-said tsr-live-error";
        return;
      }
      sendArgs(input, table_);
      return;
    }
    send(input, input.value === "" ? null : number ? Number(input.value) : input.value);
  });
  const text = arg.picks === "tests" ? "Tests (JSON) " : `${label[0].toUpperCase()}${label.slice(1)} `;
  const grid = name === "col" || name === "row";  // a square: its column and row at once, by a tap
  return grid ? onBoard(field(text, input)) : el("div", { class: "tsr-setup-row tsr-make-arg", "data-arg": name }, field(text, input));
}

// Called with every answer (panel.js show): the panel shown while the answer carries ``making``, else hidden.
export function showMake(table, answer) {
  const parts = table.makeParts;
  if (!parts) return;
  const making = answer.making;
  parts.open.hidden = !answer.setup || Boolean(making);
  const wasShown = !parts.box.hidden;
  parts.box.hidden = !making;
  table.snapshot.classList.toggle("tsr-making", Boolean(making));
  if (!making) { table.makePick = null; return; }
  const { challenge, choices } = making;
  const message = answer.message;
  parts.said.textContent = message ? message.text : "";
  parts.said.className = "tsr-make-said" + (message && message.kind !== "note" ? " tsr-live-error" : "");
  if (!wasShown) {  // opened (or begun again): the typed fields from the draft; later, what was typed stays
    parts.title.value = challenge.title || "";
    parts.goalText.value = challenge.goal_text || "";
    parts.hint.value = challenge.hint || "";
    parts.limit.value = challenge.limit || "";
  }
  // Recording: the board plays as in a game; the panel says so, with the steps played so far.
  parts.form.hidden = making.recording;
  parts.record.hidden = parts.prelude.hidden = making.recording;
  parts.stop.hidden = !making.recording;
  // (the learner's steps and, in a prelude, every side's: not the opponent's replies, which it plays again; the
  // log starts anew as the recording starts)
  const played = making.recording ? answer.log.filter((e) => e.who !== "Setup" && e.who !== "Bot").length : 0;
  parts.recording.textContent = making.recording
    ? `Recording: play it on the board as in a game, then press Stop recording. ${played} step${played === 1 ? "" : "s"} played so far.`
    : making.steps != null ? `The solution recorded: ${making.steps} step${making.steps === 1 ? "" : "s"}.` : "";
  parts.record.textContent = making.steps != null ? "Record the solution again" : "Record the solution";
  for (const control of [parts.check, parts.save, parts.copy, parts.add]) control.hidden = making.recording;
  // The goal: its kind, and its test (reach, sure) or the action and the measure (best).
  const kind = challenge.kind;
  fill(parts.kind, choices.kinds.map((k) => [k.name, k.words]), kind, "pick the goal's kind");
  fill(parts.test, choices.tests.map((t) => [t.name, `${words(t.name)}: ${t.words.replace(/``/g, "")}`]), challenge.test, "pick a test");
  fill(parts.action, choices.actions.map((a) => [a, words(a)]), challenge.action, kind === "best" ? "pick an action" : "any action");
  fill(parts.measure, choices.measures.map((m) => [m, words(m)]), challenge.measure || choices.measures[0], null);
  parts.testField.hidden = !(kind === "reach" || kind === "sure");
  parts.actionField.hidden = !(kind === "best" || kind === "sure");
  parts.measureField.hidden = kind !== "best";
  const test = !parts.testField.hidden && choices.tests.find((t) => t.name === challenge.test);
  parts.testWords.textContent = test ? test.words.replace(/``/g, "") : "";
  if (!parts.args.contains(document.activeElement) || !test) {
    parts.args.replaceChildren(...(test ? test.args.map((arg) => argControl(table, arg, challenge.args[arg.name], choices)) : []));
  }
  fill(parts.side, choices.sides.map((s) => [s, s]), challenge.side, null);
  fill(parts.opponent, choices.opponents.map((o) => [o, o === "none" ? "none (every side played by hand)" : `${o} bot`]),
       challenge.opponent || "none", null);
  showSections(parts, choices.sections, challenge.sections || [], table.makeWaiting > 0);
  // What it still needs, and what the check found, in words.
  const lines = [...(making.needs.length ? [`It still needs ${making.needs.join(", ")}.`] : []),
                 ...(making.problems || []).map((p) => `The check says: ${p.replace(/[.!?]$/, "")}.`)];
  if (!making.needs.length && making.problems && !making.problems.length) lines.push("Ready: the check found nothing wrong.");
  parts.needs.replaceChildren(...(making.recording ? [] : lines.map((line) => el("li", { text: line }))));
  parts.needs.className = "tsr-make-needs" + (making.problems && making.problems.length ? " tsr-live-error" : "");
  parts.lessonRow.hidden = !making.lesson.length || making.recording;
  parts.lesson.textContent = making.lesson.length
    ? `The lesson: ${making.lesson.map((t, i) => `${i + 1}. ${t}`).join("; ")}.` : "";
}

function showSections(parts, sections, chosen, waiting) {
  const boxes = parts.sections.querySelectorAll("input");
  if (boxes.length !== sections.length) {
    parts.sections.replaceChildren(parts.sections.firstChild, ...sections.map((s) =>
      el("label", { class: "tsr-make-tick" }, el("input", { type: "checkbox", value: s.key }), ` ${s.title}`)));
  }
  if (waiting) return;
  for (const box of parts.sections.querySelectorAll("input")) box.checked = chosen.includes(box.value);
}
