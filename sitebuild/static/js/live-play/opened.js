// A teacher's challenges on the Practice page (issue 38): "Open a challenge file" (a challenges TOML file,
// book/classroom/write_a_challenge.md) and a link whose fragment carries a challenge or a lesson
// (#challenges=c1.<packed TOML text>[&challenge=<name>][&lesson=1], packed by the engine as a game's link is). The
// engine reads and checks every challenge before any is played (Session.open_lesson): refused, one sentence says
// what is wrong, and the game, the challenge on the table and the stars kept are left as they were. Opened, its
// challenges are listed above the ruleset's own and played the same way; "Copy challenge link" on any challenge.
//
// Stars of opened challenges are kept apart from the shipped ones' (kept.js openedStarsKey: "tsr-stars-opened:
// <ruleset>"), each under the engine's key "<name>:<digest of its content>": a teacher's "gang-up" never takes the
// stars of the ruleset's own "gang-up", nor another teacher's, and an opened one can never overwrite a shipped one's.

import { el } from "./common.js";
import { keptStars, openedStarsKey } from "./kept.js";
import { listStars, openChallenge } from "./practice.js";
import { fragment, offerLink } from "./save-link.js";

// The engine refuses a challenges file over 1 MB (file_format.MAX_FILE_BYTES): a bigger one is refused here from
// its size, unread (as save-link.js refuses a big save).
export const MAX_CHALLENGE_BYTES = 1_000_000;

// The control on the Practice page: a button and its file input. ``chosen({form: "file", data, from})`` gets the
// file's bytes in base64 (the engine reads them: UTF-8, UTF-16 and binary files told apart); ``refused(words)``.
export function openControl(chosen, refused) {
  const input = el("input", { type: "file", accept: ".toml,text/plain,application/toml", class: "tsr-practice-file",
                              tabindex: "-1", "aria-hidden": "true", hidden: "" });
  const button = el("button", { type: "button", class: "tsr-practice-open-file", text: "Open a challenge file…" });
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_CHALLENGE_BYTES) {
      refused(`${file.name} was not opened: it is ${(file.size / 1e6).toFixed(1)} MB, and a challenges file is at ` +
              `most 1 MB (a lesson of ten challenges is some 10 kB).`);
      return;
    }
    chosen({ form: "file", data: base64(new Uint8Array(await file.arrayBuffer())), from: file.name });
  });
  return el("div", { class: "tsr-practice-open" }, button, input,
    el("span", { class: "tsr-practice-open-note", text: " your own challenges or a lesson (a .toml file)" }));
}

function base64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

// Open the challenges ``opened`` carries ({form, data, from}) on the table: checked by the engine, then its list on
// the page and its challenge ``name`` (else its first) started. Refused: said in one sentence, nothing else changes.
export async function openLesson(table, opened, name) {
  const { status } = table.parts;
  const answer = await table.run("open_lesson", [opened.data, opened.form]);
  if (!answer || !answer.lesson) {
    if (answer && answer.message) {
      const where = opened.form === "link" ? "The challenge link" : opened.from;
      status.textContent = `${where} was not opened: ${answer.message.text.replace(/^Not opened: /, "")}`;
    }
    return false;
  }
  const from = opened.form === "link" ? "a link" : opened.from;
  table.opened = { lesson: answer.lesson, from };
  lessonList(table);
  const names = answer.lesson.map((c) => c.name);
  await openChallenge(table, names.includes(name) ? name : names[0], true);
  status.textContent = `Opened from ${from}: ${answer.message.text.replace(/^Opened /, "")}`;
  return true;
}

// The opened challenges, listed on the page above the ruleset's own (the Practice list), each with its stars kept.
function lessonList(table) {
  const { lesson, from } = table.opened;
  const list = el("ol", { class: "tsr-practice-list tsr-practice-opened-list", "aria-label": "The challenges opened" });
  list.refresh = () => {
    const earned = keptStars(table.ruleset, lesson.map((c) => c.key), openedStarsKey(table.ruleset)).stars;
    list.replaceChildren(...lesson.map((c) => {
      const link = el("a", { href: "#", class: "tsr-practice-link", role: "button" }, el("b", { text: c.title }));
      link.addEventListener("click", (event) => {
        event.preventDefault();
        table.snapshot.classList.remove("tsr-table-inline");
        table.enter();
        openChallenge(table, c.name, true);
      });
      return el("li", { "data-challenge": c.name, "data-key": c.key }, link, " ", listStars(earned[c.key]), el("br"),
        el("span", { class: "tsr-practice-goal", text: c.goal }));
    }));
  };
  list.refresh();
  const box = el("section", { class: "tsr-practice-opened" },
    el("h3", { text: `Opened from ${from}` }), list, lessonLink(table));
  const before = document.querySelector(".tsr-practice-opened");
  if (before) before.replaceWith(box);
  else document.querySelector(".tsr-practice-open").after(box);
  table.openedList = list;
}

// "Copy the lesson's link": every challenge opened, in order, in one link (its text packed by the engine).
function lessonLink(table) {
  const button = el("button", { type: "button", class: "tsr-practice-open-file", text: "Copy the lesson's link" });
  const where = { linkOut: el("input", { type: "text", class: "tsr-live-link-text", readonly: "", hidden: "",
                                         "aria-label": "Link to this lesson" }),
                  status: el("span", { class: "tsr-practice-open-note", role: "status" }) };
  button.addEventListener("click", async () => {
    if (table.busy) return;
    const answer = await table.run("challenge_link", [true]);
    if (!answer || !answer.challenge_link) return;
    await offerLink(table, `${location.href.split("#")[0]}#challenges=${answer.challenge_link}`,
      "Lesson link copied: it opens these challenges, in this order, on this page (add &lesson=1 for a projector).",
      where);
  });
  return el("p", {}, button, " ", where.status, where.linkOut);
}

// As the table opens: the lesson a link or a file brought (resume.opened); later, a link pasted in the address bar.
export async function startOpened(table, resume) {
  table.snapshot.openLesson = (opened) => {  // a file chosen on the page (page.js): over the page, on the table
    table.snapshot.classList.remove("tsr-table-inline");
    table.enter();
    return table.pressed(table.parts.copyChallenge, () => openLesson(table, opened));
  };
  if (resume.opened) {
    const ok = await openLesson(table, resume.opened, resume.challenge);
    if (!ok && resume.opened.form === "link") history.replaceState(null, "", location.href.split("#")[0]);
  }
  addEventListener("hashchange", () => {
    const asked = fragment();
    if (!asked || !asked.opened) return;
    table.lesson = asked.lesson;
    table.snapshot.classList.toggle("tsr-lesson", table.lesson);
    table.snapshot.classList.remove("tsr-table-inline");
    table.enter();
    table.pressed(table.parts.copyChallenge, () => openLesson(table, asked.opened, asked.challenge));
  });
}

// "Copy challenge link" (the More drawer, in practice): the challenge on the table, its own TOML text in the link.
export function wireChallengeLink(table) {
  const { copyChallenge } = table.parts;
  copyChallenge.addEventListener("click", () => table.pressed(copyChallenge, async () => {
    const answer = await table.run("challenge_link", []);
    if (!answer || !answer.challenge_link) return;
    await offerLink(table, `${location.href.split("#")[0]}#challenges=${answer.challenge_link}`,
      "Challenge link copied: it opens this challenge, as it is written, on any Practice page of this ruleset.");
  }));
}
