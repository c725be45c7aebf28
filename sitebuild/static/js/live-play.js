// "Play here": live play in the page, generic over rulesets.
//
// A live widget's static snapshot (widgets/snapshot.py) names its game in data attributes
// (ruleset, scenario, seed, human, bot). On a click this script starts a module Web Worker
// (play-worker.mjs) that runs the engine's own game flow (explorer.core.session.Session) in
// the vendored Pyodide, then swaps the snapshot's dead controls for live ones drawn only from
// the engine's answers: the offered actions, the turn line, refusals with their rule, the log,
// the result; the Bokeh board already on the page gets each layer's new column data.
// Nothing is loaded before the click. Opened from disk, the button becomes one line saying why not.
(function () {
  "use strict";
  const script = document.currentScript;
  const STATIC = new URL("../", script.src);   // the site's _static/
  const ROOT = new URL("../../", script.src);  // the site's root, where rule links start
  const stats = (window.tsrLivePlay = window.tsrLivePlay || { boots: [], moves: [] });
  // A game handed over by a page tool (the army builder's "Start a game"), for this ruleset's live play.
  const PENDING_GAME = "tsr-pending-game";

  function pendingGame(ruleset) {
    try {
      const pending = JSON.parse(sessionStorage.getItem(PENDING_GAME) || "null");
      return pending && pending.ruleset === ruleset ? pending : null;
    } catch (error) {
      return null;
    }
  }

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function setUp(snapshot) {
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
    // Served over HTTP the game plays right here: the note says so, with the button beside it.
    const note = snapshot.querySelector(".live-only");
    if (note) {
      note.replaceChildren(
        el("b", { text: "▶ Play here: " }),
        "the rules engine runs in this page (the first game loads Python, about 13 MB, once). " +
        "In JupyterLab (make lab) the same game plays with a Python kernel. ",
        button.parentElement,
      );
    }
    const pickers = gamePickers(snapshot);
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
    button.addEventListener("click", () => start(snapshot, button, pickers, opponent), { once: true });
  }

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
    return {
      ruleset: snapshot.dataset.ruleset,
      scenario: pickers ? pickers.scenario.value : snapshot.dataset.scenario,
      human: pickers ? pickers.side.value : snapshot.dataset.human,
      seed: Number(snapshot.dataset.seed), bot: opponent ? opponent.value : snapshot.dataset.bot,
      bot_seed: Number(snapshot.dataset.botSeed || 1),
    };
  }

  // -- the worker: one request at a time, answered in order ----------------------------------
  function connect(onProgress) {
    const worker = new Worker(new URL("js/play-worker.mjs", STATIC), { type: "module" });
    const waiting = new Map();
    let next = 0;
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.progress) { onProgress(message.progress); return; }
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error));
      else pending.resolve(message.answer);
    };
    worker.onerror = (event) => {
      for (const pending of waiting.values()) pending.reject(new Error(event.message || "the engine stopped"));
      waiting.clear();
    };
    return (message) => new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  // -- the board: the static embed's named column data sources -------------------------------
  function boardDocument(snapshot) {
    const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
    if (!item || typeof Bokeh === "undefined") return null;
    const rootId = JSON.parse(item.textContent).root_id;
    return (Bokeh.documents || []).find((doc) => doc.get_model_by_id(rootId) != null) || null;
  }

  // Only the layers that changed are handed to BokehJS: each new data redraws its glyphs and reruns the
  // board's JS callbacks (tooltips per square, the text alternative), the bulk of a move's time.
  const drawn = new WeakMap();  // doc -> {layer name: its last data, as JSON}
  function drawLayers(doc, layers) {
    if (!doc || !layers) return;
    if (!drawn.has(doc)) drawn.set(doc, {});
    const last = drawn.get(doc);
    for (const [name, data] of Object.entries(layers)) {
      const text = JSON.stringify(data);
      if (last[name] === text) continue;
      const source = doc.get_model_by_name(`layer-${name}`);
      if (source != null) { source.data = data; last[name] = text; }
    }
  }

  // -- rule links: the build's table of key -> [URL from the site root, section heading] -------
  function ruleLink(rules, key) {
    const known = rules[key];
    if (!known) return el("code", { text: key });
    return el("a", { class: "rule-ref", href: new URL(known[0], ROOT).href, title: key, text: known[1] });
  }

  function parseDice(text) {
    const faces = text.trim() ? text.trim().split(/[\s,]+/).map(Number) : [];
    return faces.length ? faces : null;
  }

  // -- the live controls ------------------------------------------------------------------------
  async function start(snapshot, button, pickers, opponent) {
    const bootStarted = performance.now();
    const progress = el("span", { class: "tsr-play-progress", role: "status", text: "Starting…" });
    button.disabled = true;
    if (pickers) { pickers.scenario.disabled = pickers.side.disabled = true; }
    if (opponent) opponent.disabled = true;
    button.after(progress);
    const config = chosenGame(snapshot, pickers, opponent);
    const send = connect((text) => { progress.textContent = text; });
    let rules = {};
    const rulesLoaded = fetch(new URL("engine/rules.json", STATIC)).then((r) => r.json()).then((t) => { rules = t; })
      .catch(() => {});
    let answer;
    try {
      [answer] = await Promise.all([send({ kind: "boot", staticURL: STATIC.href, config }), rulesLoaded]);
    } catch (error) {
      progress.textContent = `Live play could not start: ${error.message}`;
      progress.classList.add("tsr-live-error");
      return;
    }
    stats.boots.push(performance.now() - bootStarted);
    button.parentElement.remove();

    // the snapshot's dead controls go; the board stays
    const column = snapshot.querySelector(".tsr-snapshot-column") || snapshot;
    let board = null;
    for (const child of Array.from(column.children)) {
      if (child.matches(".tsr-bokeh") || child.querySelector(".tsr-bokeh")) { board = board || child; continue; }
      if (child.tagName !== "SCRIPT") child.hidden = true;
    }
    const doc = boardDocument(snapshot);

    const turn = el("p", { class: "tsr-live-turn", "aria-live": "polite" });
    const hint = el("p", { class: "tsr-live-hint",
      text: "On the board: tap a ringed figure, then a marked spot (where it goes, whom it attacks); " +
            "on a table, any spot is tried and the rule says if it is too far. Or pick from the list." });
    const newGame = el("button", { type: "button", class: "tsr-live-new", text: "New game" });
    const result = el("p", { class: "tsr-live-result", "aria-live": "polite" });
    const menu = el("select", { class: "tsr-live-actions", "aria-label": "Legal actions" });
    const dice = el("input", { class: "tsr-live-dice", type: "text", inputmode: "numeric",
                               placeholder: "roll for me", "aria-label": "Your own dice (optional)" });
    const play = el("button", { type: "button", class: "tsr-live-play", text: "Play" });
    const undo = el("button", { type: "button", class: "tsr-live-undo", text: "Undo" });
    const save = el("button", { type: "button", class: "tsr-live-save", text: "Save" });
    const file = el("input", { type: "file", accept: ".json,application/json", class: "tsr-live-file" });
    const load = el("label", { class: "tsr-live-load" }, "Load ", file);
    const status = el("p", { class: "tsr-live-status", role: "status" });
    const tryText = el("textarea", { class: "tsr-live-try", rows: "2", spellcheck: "false",
                                     "aria-label": "Any action, as JSON" });
    const tryButton = el("button", { type: "button", class: "tsr-live-try-button", text: "Try it" });
    const log = el("div", { class: "tsr-live-log" });
    const newBar = el("div", { class: "tsr-live-buttons" },
      ...(pickers ? [pickers.scenario.parentElement, pickers.side.parentElement] : []), newGame,
      ...(opponent ? [opponent.parentElement] : []));
    const panel = el("div", { class: "tsr-live" },
      turn, result, hint,
      el("label", { class: "tsr-live-field" }, "Action ", menu),
      el("label", { class: "tsr-live-field" }, "Your own dice (optional, e.g. 6 3) ", dice),
      el("div", { class: "tsr-live-buttons" }, play, undo, save, load),
      status,
      el("details", { class: "tsr-live-anything" }, el("summary", { text: "Try anything (the engine says which rule forbids it)" }),
        tryText, tryButton),
      newBar,
      el("h4", { text: "Log (newest first)" }), log);
    (board ? board.parentElement : column).insertBefore(panel, board ? board.nextSibling : null);
    const controls = [menu, dice, play, undo, save, file, tryText, tryButton, newGame,
                      ...(pickers ? [pickers.scenario, pickers.side] : []), ...(opponent ? [opponent] : [])];
    let busy = false;

    function show(answer) {
      drawLayers(doc, answer.layers);
      turn.textContent = answer.turn.line;
      result.textContent = answer.outcome ? answer.outcome.line : "";
      menu.replaceChildren(...answer.actions.map((a) => el("option", { value: String(a.id), text: a.text })));
      if (answer.actions.length && !tryText.value) tryText.value = JSON.stringify(answer.actions[0].action);
      const message = answer.message;
      status.replaceChildren();
      status.className = "tsr-live-status" + (message && message.kind !== "note" ? " tsr-live-error" : "");
      if (message) {
        status.append(message.text);
        if (message.rule) status.append(" ", ruleLink(rules, message.rule.key));
      }
      log.replaceChildren(...answer.log.slice().reverse().map((entry) => el("div", { class: "tsr-live-entry" },
        el("b", { text: `${entry.who}: ${entry.text}` + (entry.dice ? ` (dice entered: ${entry.dice.join(" ")})` : "") }),
        el("ul", {}, ...entry.events.map((e) => {
          const item = el("li", { text: e.text + " " });
          for (const key of e.rules) item.append(ruleLink(rules, key), " ");
          return item;
        })))));
      play.disabled = menu.disabled = answer.actions.length === 0;
      undo.disabled = !answer.can_undo;
      snapshot.dataset.liveMoves = String(answer.log.length);
      snapshot.dataset.liveOver = answer.outcome ? "yes" : "no";
    }

    async function run(name, args, message) {
      const started = performance.now();
      busy = true;
      controls.forEach((c) => { c.disabled = true; });
      try {
        const answer = await send(message || { kind: "command", name, args });
        busy = false;
        controls.forEach((c) => { c.disabled = false; });
        show(answer);
        await new Promise(requestAnimationFrame);
        stats.moves.push({ name, ms: performance.now() - started, engine_ms: answer.engine_ms });
        return answer;
      } catch (error) {
        busy = false;
        controls.forEach((c) => { c.disabled = false; });
        status.textContent = `The engine failed: ${error.message}`;
        status.className = "tsr-live-status tsr-live-error";
        return null;
      }
    }

    play.addEventListener("click", () => {
      if (menu.value === "") return;
      const faces = parseDice(dice.value);
      run("play", faces ? [Number(menu.value), faces] : [Number(menu.value)]).then(() => { dice.value = ""; });
    });
    undo.addEventListener("click", () => run("undo", []));
    newGame.addEventListener("click", () => run("new", [], { kind: "start", config: chosenGame(snapshot, pickers, opponent) }));
    // Another opponent takes over the game as it stands (the engine's "bot" command).
    if (opponent) opponent.addEventListener("change", () => run("bot", [opponent.value]));
    // A tap on this board (widgets/board.py passes Bokeh's tap on as a DOM event): the engine decides.
    document.addEventListener("tsr-board-tap", (event) => {
      const { plot, x, y } = event.detail;
      if (busy || !doc || doc.get_model_by_id(plot) == null) return;
      run("tap", [x, y]);
    });
    tryButton.addEventListener("click", () => {
      const faces = parseDice(dice.value);
      run("try", faces ? [tryText.value, faces] : [tryText.value]);
    });
    save.addEventListener("click", async () => {
      const answer = await run("save", []);
      if (!answer) return;
      const link = el("a", { download: `${config.ruleset}-game.json`,
                             href: URL.createObjectURL(new Blob([answer.save], { type: "application/json" })) });
      document.body.append(link);
      link.click();
      link.remove();
      status.textContent = "Saved: the whole game, the bot's cards included, is in the file.";
    });
    file.addEventListener("change", async () => {
      const chosen = file.files[0];
      if (chosen) await run("load", [await chosen.text()]);
      file.value = "";
    });
    if (pickers) { pickers.scenario.disabled = pickers.side.disabled = false; }
    if (opponent) opponent.disabled = false;
    show(answer);
    const pending = pendingGame(config.ruleset);
    if (pending) {
      sessionStorage.removeItem(PENDING_GAME);
      const note = snapshot.querySelector(".tsr-pending-note");
      if (note) note.remove();
      await run("load", [pending.save]);
    }
    menu.focus();
  }

  // -- page tools: the classroom's controls (boards.classroom), live in the page -------------------
  // The snapshot names its tool (data-tool) and each control and output (data-name). A press or a
  // change sends that name and every control's value to the tool in the worker; the answer says
  // what to show (html, options, labels, progress), and "again" asks for the next slice of work.
  let toolSend = null;
  let toolStatus = null;  // where the one tool worker's loading progress is shown: the control that asked

  function valueOf(control) {
    if (control.matches("select")) return control.value === "" ? null : JSON.parse(control.value);
    if (control.matches('input[type="number"]')) return Number(control.value);
    return control.value;
  }

  function setUpTool(snapshot, index) {
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
      note.replaceChildren(el("b", { text: "▶ Live in this page: " }),
        "the rules engine runs right here (its first use loads Python, about 13 MB, once). " +
        "In JupyterLab (make lab) the same control runs in a Python kernel. ", status);
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
      toolSend = toolSend || connect((text) => { if (toolStatus) toolStatus.textContent = text; });
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
          const text = await chosen.text();
          control.value = "";
          send(control.dataset.name, { [control.dataset.name]: text });
        });
      } else {
        control.addEventListener(control.matches("button") ? "click" : "change", () => send(control.dataset.name));
      }
    }
  }

  function init() {
    document.querySelectorAll(".tsr-snapshot[data-ruleset]").forEach(setUp);
    document.querySelectorAll(".tsr-snapshot[data-tool]").forEach(setUpTool);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
