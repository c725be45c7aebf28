// Page tools: the classroom's controls (boards.classroom), live in the page. The snapshot names its tool
// (data-tool) and each control and output (data-name). A press or a change sends that name and every control's
// value to the tool in the worker; the answer says what to show (html, options, labels, progress), and "again"
// asks for the next slice of work.

import { STATIC, el, firstUse, megabytes } from "./common.js";
import { engineWorker, untilStarted } from "./page.js";
import { MAX_FILE_BYTES, PENDING_GAME, tooBig } from "./save-link.js";

let toolStatus = null;  // where the engine worker's loading progress is shown: the control that asked

function valueOf(control) {
  if (control.matches("select")) return control.value === "" ? null : JSON.parse(control.value);
  if (control.matches('input[type="number"]')) return Number(control.value);
  return control.value;
}

export function setUpTool(snapshot, index) {
  const note = snapshot.querySelector(".live-only");
  if (location.protocol === "file:") {
    if (note) note.textContent = "This control runs the rules engine in the page, which needs the site served " +
                                 "over HTTP (make serve, or any web host); opened from disk it stays a snapshot.";
    return;
  }
  const named = (name) => snapshot.querySelector(`[data-name="${name}"]`);
  const controls = Array.from(snapshot.querySelectorAll("button[data-name], select[data-name], input[data-name], textarea[data-name]"));
  const status = el("span", { class: "tsr-play-progress", role: "status" });
  if (note) {
    const cost = el("span", { class: "tsr-tool-size" });  // the first use's size, once the build's manifest says it
    note.replaceChildren(el("b", { text: "▶ Live in this page: " }), "the rules engine runs right here", cost, ". " +
      "In JupyterLab (make lab) the same control runs in a Python kernel. ", status);
    firstUse().then(({ bytes, kept }) => {
      if (kept) return;
      cost.textContent = ` (its first use loads Python, ${megabytes(bytes)}, once)`;
      untilStarted(cost);
    }, () => {});  // no manifest (an older build): the note says nothing of size
  }
  const isFile = (c) => c.matches('input[type="file"]');
  const values = () => Object.fromEntries(controls.filter((c) => !c.matches("button") && !isFile(c))
    .map((c) => [c.dataset.name, valueOf(c)]));
  const request = (name, extra) => ({ kind: "tool", staticURL: STATIC.href,
    request: { key: `tool-${index}`, tool: snapshot.dataset.tool, name, values: { ...values(), ...extra } } });

  function show(answer) {
    for (const [name, text] of Object.entries(answer.html || {})) { const out = named(name); if (out) out.innerHTML = text; }
    for (const [name, text] of Object.entries(answer.labels || {})) { const out = named(name); if (out) out.textContent = text; }
    for (const [name, options] of Object.entries(answer.options || {})) {
      const select = named(name);
      if (select) select.replaceChildren(...options.map(([label, value]) => el("option", { value: JSON.stringify(value), text: label })));
    }
    for (const [name, value] of Object.entries(answer.values || {})) {  // a control set by the tool
      const control = named(name);
      if (control) control.value = control.matches("select") ? JSON.stringify(value) : String(value);
    }
    const bar = named("progress");
    if (answer.progress && bar) { [bar.value, bar.max] = answer.progress; }
    if (answer.download) {  // a file for the reader to keep
      const link = el("a", { download: answer.download.name,
        href: URL.createObjectURL(new Blob([answer.download.text], { type: "application/json" })) });
      document.body.append(link);
      link.click();
      link.remove();
    }
    if (answer.play) {  // a game for the ruleset's live play: handed over, and that page opened
      sessionStorage.setItem(PENDING_GAME, JSON.stringify(answer.play));
      location.href = new URL(answer.play.page, location.href).href;
    }
  }

  // Commands run one after another, and no control is disabled meanwhile: a change fires as a button
  // is pressed (the field loses focus), and a button disabled by that change would drop the press.
  let queue = Promise.resolve();
  const send = (name, extra) => { queue = queue.then(() => run(name, extra)); return queue; };

  async function run(name, extra) {
    toolStatus = status;
    const toolSend = engineWorker((text) => { if (toolStatus) toolStatus.textContent = text; }).send;
    snapshot.setAttribute("aria-busy", "true");
    try {
      let answer = await toolSend(request(name, extra));
      show(answer);
      while (answer.again) {
        answer = await toolSend(request("step"));
        show(answer);
      }
      status.textContent = "";
      status.classList.remove("tsr-live-error");
    } catch (error) {
      status.textContent = `The engine failed: ${error.message}`;
      status.classList.add("tsr-live-error");
    } finally {
      snapshot.removeAttribute("aria-busy");
      snapshot.dataset.toolAnswers = String(Number(snapshot.dataset.toolAnswers || 0) + 1);
    }
  }

  for (const control of controls) {
    control.disabled = false;
    if (isFile(control)) {  // a file's text is sent under the control's name
      control.addEventListener("change", async () => {
        const chosen = control.files[0];
        if (!chosen) return;
        if (chosen.size > MAX_FILE_BYTES) {  // refused at once, from its size, before reading it
          control.value = "";
          status.textContent = tooBig(chosen);
          status.classList.add("tsr-live-error");
          return;
        }
        const text = await chosen.text();
        control.value = "";
        send(control.dataset.name, { [control.dataset.name]: text });
      });
    } else {
      control.addEventListener(control.matches("button") ? "click" : "change", () => send(control.dataset.name));
    }
  }
}

