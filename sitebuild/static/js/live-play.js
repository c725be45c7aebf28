// "Play here": live play in the page, generic over rulesets.
//
// A live widget's static snapshot (widgets/snapshot.py) names its game in data attributes
// (ruleset, scenario, seed, human, bot). On a click this script starts a module Web Worker
// (play-worker.mjs) that runs the engine's own game flow (explorer.core.session.Session) in
// the vendored Pyodide, then swaps the snapshot's dead controls for live ones drawn only from
// the engine's answers: the offered actions, the turn line, refusals with their rule, the log,
// the result; the Bokeh board already on the page gets each layer's new column data.
// Nothing is loaded before the click (or a game to resume: one kept in the browser, or a link's).
// Once live, the snapshot is the game table: one screen over the page, the board beside a panel (wide
// screens) or above a bar that stays at the bottom (phones): the turn, the one big next-step button,
// Undo, the last action in words, the log; the rest in a More drawer. Opened from disk, the button
// becomes one line saying why not, and the snapshot keeps its (dead) controls.
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

  // Where the game in progress is kept in the browser: per page and ruleset, the engine's save after
  // every action (with what starts it again), so a refresh, a stray click or a closed tab comes back to it.
  const storeKey = (ruleset) => `tsr-game:${location.pathname}:${ruleset}`;
  const simpleKey = (ruleset) => `tsr-simple:${ruleset}`;
  const SIMPLE_BY_DEFAULT = new Set(["simple_plastic"]);  // the game written for children
  const MAX_FILE_BYTES = 2 * 1024 * 1024;  // a save is a few kB: a bigger file is refused from its size, unread

  function tooBig(file) {
    return `Cannot load ${file.name}: it is ${(file.size / 1048576).toFixed(1)} MB, and a saved file may be at most ` +
      `${MAX_FILE_BYTES / 1048576} MB (a save is a few kB).`;
  }

  function stored(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (error) { return null; }
  }
  function store(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* private mode, full: play on */ }
  }

  // A link's game (Copy link): "#game=<text>"; "#play" starts at once (the Play buttons at the top of pages).
  // A Practice page's challenge: "#challenge=<name>", with "&lesson=1" for the projector (stars not kept).
  function fragment() {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash.startsWith("game=")) return { link: hash.slice(5) };
    if (hash.startsWith("challenge=")) {
      const params = new URLSearchParams(hash);
      return { challenge: params.get("challenge"), lesson: params.get("lesson") === "1" };
    }
    return hash === "play" ? { play: true } : null;
  }

  const starters = new Map();  // snapshot -> start it (once)

  // -- practice: the stars earned, kept in the browser per ruleset ({challenge name: best stars}) -----------
  const starsKey = (ruleset) => `tsr-stars:${ruleset}`;
  const starsOf = (ruleset) => stored(starsKey(ruleset)) || {};
  function starText(stars) { return "★".repeat(stars) + "☆".repeat(3 - stars); }
  function starsView(stars, big) {  // the stars as stars, and in words for a screen reader
    return el("span", { class: "tsr-stars" + (big ? " tsr-stars-big" : "") },
      el("span", { "aria-hidden": "true", text: starText(stars) }),
      el("span", { class: "tsr-sr", text: stars ? ` ${stars} of 3 stars` : " not solved yet" }));
  }
  // The Practice page's list of challenges (the snapshot's data-practice: [{name, title, goal}]), each
  // opening at a tap (#challenge=<name>), with the stars earned so far.
  function practiceList(snapshot, challenges) {
    const list = el("ol", { class: "tsr-practice-list", "aria-label": "The challenges" });
    const fillList = () => {
      const earned = starsOf(snapshot.dataset.ruleset);
      list.replaceChildren(...challenges.map((c) => el("li", { "data-challenge": c.name },
        el("a", { href: `#challenge=${c.name}`, class: "tsr-practice-link" }, el("b", { text: c.title })),
        " ", starsView(earned[c.name] || 0), el("br"), el("span", { class: "tsr-practice-goal", text: c.goal }))));
    };
    fillList();
    list.refresh = fillList;
    return list;
  }
  function firstUnsolved(ruleset, challenges) {
    const earned = starsOf(ruleset);
    const open = challenges.find((c) => !earned[c.name]);
    return (open || challenges[0]).name;
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
        "the rules engine runs in this page (the first game loads Python, about 13 MB, once). " +
        "In JupyterLab (make lab) the same game plays with a Python kernel. ",
        button.parentElement,
      );
    }
    const practice = snapshot.dataset.practice ? JSON.parse(snapshot.dataset.practice) : null;
    if (practice) {  // the Practice page: the challenges listed, and the first unsolved one started at once
      snapshot.practiceList = practiceList(snapshot, practice);
      snapshot.before(snapshot.practiceList);
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
    let started = false;
    const go = (resume) => {
      if (started) return;
      started = true;
      start(snapshot, button, pickers, opponent, resume || {});
    };
    starters.set(snapshot, go);
    if (!practice) button.addEventListener("click", () => go());
    // A game in progress (kept after every action) or a link's game comes back at once.
    const kept = practice ? null : stored(storeKey(snapshot.dataset.ruleset));
    const asked = fragment();
    if (practice) {
      // Python (about 13 MB the first time) loads at a tap, as on every page: "Play the challenges", a challenge
      // of the list, or a link that names one (a classroom's, a chapter's "Practise this").
      const begin = () => {
        const named = fragment() || {};
        go({ challenge: named.challenge, lesson: Boolean(named.lesson) });
      };
      button.addEventListener("click", begin);
      addEventListener("hashchange", () => { const named = fragment(); if (!started && named && named.challenge) begin(); });
      if (asked && asked.challenge) begin();
    }
    else if (asked && asked.link) go({ kept, link: asked.link });
    else if (kept && kept.save && !pending) go({ kept });
    else if (asked && asked.play) go();
  }

  // The Play button at the top of a ruleset's pages (sitebuild/templates/play-button.html): on the
  // full-game page it starts the game here; the index's links here with #play.
  function playNow(event) {
    const snapshot = document.querySelector(".tsr-snapshot[data-ruleset]");
    const go = snapshot && starters.get(snapshot);
    if (!go) return;  // opened from disk: the link just goes to the game's section
    event.preventDefault();
    go();
    const table = snapshot.closest(".tsr-table") || snapshot;
    table.scrollIntoView({ block: "start" });
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

  // -- dice as dice, with words for a screen reader ------------------------------------------------
  const DIE_FACES = "⚀⚁⚂⚃⚄⚅";
  function diceView(faces) {
    const shown = el("span", { class: "tsr-dice", "aria-hidden": "true" },
      ...faces.map((f) => el("span", { class: "tsr-die", text: f >= 1 && f <= 6 ? DIE_FACES[f - 1] : String(f) })));
    return el("span", {}, shown, el("span", { class: "tsr-sr", text: ` (dice: ${faces.join(", ")})` }));
  }

  // -- the board's plot view, hover tools and labels (BokehJS) --------------------------------------
  function* views(view) { yield view; for (const child of (view.child_views || [])) yield* views(child); }

  function boardView(doc) {
    if (typeof Bokeh === "undefined" || !doc) return null;
    for (const root of Object.values(Bokeh.index || {})) {
      if (root.model.document !== doc) continue;
      for (const view of views(root)) {
        const name = view.model && view.model.name;
        if (typeof name === "string" && name.endsWith("board") && view.canvas_view) return view;
      }
    }
    return null;
  }

  function docModels(doc) {
    const all = doc._all_models || doc.all_models;
    return all instanceof Map ? Array.from(all.values()) : Array.from(all || []);
  }

  const touchOnly = () => Boolean(window.matchMedia && matchMedia("(hover: none)").matches);

  // On a touch screen a tap must not leave a tooltip where the next tap goes: the board's hover tools
  // are switched off during play (what they say is beside the board: the last action, the choices, and what
  // a tapped spot holds: tooltipAt).
  function hoverOff(doc) {
    if (!touchOnly()) return;
    for (const model of docModels(doc)) {
      if ("tooltips" in model && "active" in model && "renderers" in model) model.active = false;
    }
  }

  // What the board's tooltip says about a board point (x, y): for a touch screen, where the tooltips are off,
  // to say it beside the board instead. Read from the board's own hover tools (their renderers' column data
  // and tooltip templates), so every board says here what its tooltip says: a grid board's square (its
  // "@info" HTML), a table's figure within a finger's width (its "label: @field" rows). Text nodes only.
  const FINGER_PX = 28;
  function columnOf(data, name) {
    const values = data instanceof Map ? data.get(name) : data[name];
    return values ? Array.from(values) : null;
  }
  function fill(template, data, i) {  // "@id (@side)", "@x{0.0}", "@info{safe}": the row's values
    return template.replace(/@\{?(\w+)\}?(?:\{([^}]*)\})?/g, (_, name, format) => {
      const values = columnOf(data, name);
      const value = values ? values[i] : "";
      const digits = /^0\.(0+)$/.exec(format || "");
      return digits && typeof value === "number" ? value.toFixed(digits[1].length) : String(value ?? "");
    });
  }
  function textOf(html) {  // the tooltip's HTML as nodes: its words, bold kept, breaks as breaks (never markup)
    const parsed = document.createElement("template");
    parsed.innerHTML = html;
    const copy = (node) => node.nodeType === Node.TEXT_NODE ? [document.createTextNode(node.textContent)]
      : node.nodeName === "BR" ? [document.createElement("br")]
      : node.nodeName === "B" || node.nodeName === "STRONG" ? [el("b", {}, ...Array.from(node.childNodes).flatMap(copy))]
      : Array.from(node.childNodes).flatMap(copy);
    return Array.from(parsed.content.childNodes).flatMap(copy);
  }
  function tooltipAt(view, x, y) {
    if (!view) return null;
    const sx = view.frame.x_scale.compute(x), sy = view.frame.y_scale.compute(y);
    for (const tool of view.model.toolbar.tools) {
      if (!("tooltips" in tool) || !Array.isArray(tool.renderers)) continue;
      for (const renderer of tool.renderers) {
        const data = renderer.data_source && renderer.data_source.data;
        const xs = data && columnOf(data, "x"), ys = data && columnOf(data, "y");
        if (!xs || !ys) continue;
        const width = renderer.glyph.width && renderer.glyph.width.value;
        const height = renderer.glyph.height && renderer.glyph.height.value;
        let best = -1, bestDistance = Infinity;
        xs.forEach((px, i) => {
          const inside = width && height ? Math.abs(px - x) <= width / 2 && Math.abs(ys[i] - y) <= height / 2
            : Math.hypot(view.frame.x_scale.compute(px) - sx, view.frame.y_scale.compute(ys[i]) - sy) <= FINGER_PX;
          const distance = Math.hypot(px - x, ys[i] - y);
          if (inside && distance < bestDistance) { best = i; bestDistance = distance; }
        });
        if (best < 0) continue;
        if (typeof tool.tooltips === "string") return textOf(fill(tool.tooltips, data, best));
        const rows = tool.tooltips.map(([label, template]) => [label, fill(template, data, best).trim()])
          .filter(([, value]) => value !== "" && value !== "()");
        return rows.flatMap(([label, value], i) => [...(i ? [document.createElement("br")] : []),
          ...(label ? [el("b", { text: `${label}: ` })] : []), value]);
      }
    }
    return null;
  }

  // The board's words grow with it (on a projector the board is far wider than it was drawn for).
  const baseSizes = new WeakMap();
  function growLabels(view) {
    if (!view) return;
    const designed = view.model.width || 600;
    const factor = Math.min(2.4, Math.max(1, view.el.getBoundingClientRect().width / designed));
    for (const renderer of [...(view.model.renderers || []), ...(view.model.center || [])]) {
      const glyph = renderer.glyph || renderer;  // a glyph's renderer, or an annotation (a LabelSet)
      if (!glyph || !("text_font_size" in glyph)) continue;
      if (!baseSizes.has(glyph)) {
        const spec = glyph.text_font_size;
        const text = spec && typeof spec === "object" ? spec.value : spec;
        const match = /^([\d.]+)(px|pt)$/.exec(String(text || ""));
        baseSizes.set(glyph, match ? Number(match[1]) * (match[2] === "pt" ? 4 / 3 : 1) : null);
      }
      const base = baseSizes.get(glyph);
      if (base) glyph.text_font_size = { value: `${(base * factor).toFixed(1)}px` };
    }
  }

  function inView(node) {
    const box = node.getBoundingClientRect();
    return box.height > 0 && box.top >= -1 && box.bottom <= innerHeight + 1 && box.left >= -1 && box.right <= innerWidth + 1;
  }

  function titleOf(ruleset) {  // the ruleset's title, as the Play button at the top of the page says it
    const top = document.querySelector(".tsr-play-now");
    return top ? top.textContent.replace(/^▶\s*Play\s*/, "").trim() : ruleset.replace(/_/g, " ");
  }

  // -- the game table -------------------------------------------------------------------------------
  async function start(snapshot, button, pickers, opponent, resume) {
    const bootStarted = performance.now();
    const progress = el("span", { class: "tsr-play-progress", role: "status", text: "Starting…" });
    button.disabled = true;
    if (pickers) { pickers.scenario.disabled = pickers.side.disabled = true; }
    if (opponent) opponent.disabled = true;
    button.after(progress);
    const ruleset = snapshot.dataset.ruleset;
    let config = chosenGame(snapshot, pickers, opponent);
    if (resume.kept && resume.kept.config && resume.kept.config.ruleset === ruleset) {
      config = { ...config, ...resume.kept.config };
      if (pickers) { pickers.scenario.value = config.scenario; pickers.scenario.dispatchEvent(new Event("change")); pickers.side.value = config.human; }
      if (opponent && config.bot in JSON.parse(snapshot.dataset.bots || "{}")) opponent.value = config.bot;
    }
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

    // The snapshot becomes the game table: one screen over the page (the page waits behind, inert).
    const column = snapshot.querySelector(".tsr-snapshot-column") || snapshot;
    let board = null;
    for (const child of Array.from(column.children)) {
      if (child.matches(".tsr-bokeh") || child.querySelector(".tsr-bokeh")) { board = board || child; continue; }
      if (child.tagName !== "SCRIPT") child.hidden = true;
    }
    const doc = boardDocument(snapshot);
    const placeholder = el("div", { class: "tsr-table-away" });
    const backToGame = el("button", { type: "button", class: "tsr-play-here", text: "▶ Back to the game" });
    placeholder.append(backToGame);

    const rollsDice = answer.rolls_dice !== false;
    const kinds = JSON.parse(snapshot.dataset.bots || "{}");
    const simpleBox = el("input", { type: "checkbox", class: "tsr-live-simple" });
    const savedSimple = stored(simpleKey(ruleset));
    simpleBox.checked = savedSimple === null ? SIMPLE_BY_DEFAULT.has(ruleset) : Boolean(savedSimple);
    const leave = el("button", { type: "button", class: "tsr-table-leave", text: "Back to the page" });
    const head = el("div", { class: "tsr-table-head" },
      el("h2", { class: "tsr-table-title", text: titleOf(ruleset) }),
      el("label", { class: "tsr-live-simple-label" }, simpleBox, " Simple"), leave);

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
    // The cards to play now (live-play.js offeredButtons), and the ways of the card tapped.
    const hand = el("div", { class: "tsr-live-hand", role: "group", "aria-label": "Your cards: tap one to play it", hidden: "" });
    const ways = el("div", { class: "tsr-card-ways", role: "group", hidden: "" });
    const bar = el("div", { class: "tsr-table-bar" }, turn, el("div", { class: "tsr-table-bar-buttons" }, step, undo, moreButton),
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
    // shown only while the board offers a spot that takes a figure off the table
    const offMark = el("span", { hidden: "" },
      el("span", { class: "tsr-mark tsr-mark-off", "aria-hidden": "true" }), "takes the figure off the table");
    const legend = el("div", { class: "tsr-live-legend", "aria-label": "What the marks mean" },
      el("span", {}, el("span", { class: "tsr-mark tsr-mark-piece", "aria-hidden": "true" }), "can act: tap it"),
      el("span", {}, el("span", { class: "tsr-mark tsr-mark-chosen", "aria-hidden": "true" }), "chosen"),
      el("span", {}, el("span", { class: "tsr-mark tsr-mark-target", "aria-hidden": "true" }), "tap here to play"),
      offMark,
      el("span", {}, el("span", { class: "tsr-mark tsr-mark-last", "aria-hidden": "true" }), "the last move"));
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
    const save = el("button", { type: "button", class: "tsr-live-save", text: "Save" });
    const file = el("input", { type: "file", accept: ".json,application/json", class: "tsr-live-file",
                               tabindex: "-1", "aria-hidden": "true" });
    const load = el("button", { type: "button", class: "tsr-live-load", text: "Load…" });
    const copyLink = el("button", { type: "button", class: "tsr-live-link", text: "Copy link" });
    const linkOut = el("input", { type: "text", class: "tsr-live-link-text", readonly: "", "aria-label": "Link to this game", hidden: "" });
    const more = el("details", { class: "tsr-live-more" }, el("summary", { text: "More: dice, try anything, save, load, link" }),
      diceField,
      el("div", { class: "tsr-live-anything" },
        el("p", { text: "Try anything (the engine says which rule forbids it):" }), tryText, tryButton),
      el("div", { class: "tsr-live-buttons" }, save, load, file, copyLink), linkOut);
    const viewing = el("div", { class: "tsr-live-viewing", hidden: "" });
    const log = el("ol", { class: "tsr-live-log", reversed: "" });
    const logBox = el("details", { class: "tsr-live-logbox" }, el("summary", { text: "Log (newest first)" }), viewing, log);
    const side = el("div", { class: "tsr-table-side" }, bar, last, result, status, others, full, legend,
      gameBar, more, logBox);

    const banner = el("div", { class: "tsr-table-banner", hidden: "" });
    const curtain = el("div", { class: "tsr-table-curtain", hidden: "" });
    const boardBox = el("div", { class: "tsr-table-board" });
    if (board) boardBox.append(board);
    boardBox.append(banner);
    const grid = el("div", { class: "tsr-table-grid" }, boardBox, side);
    // Practice (the Practice page): the goal in one big line above the board, the grade in words after each
    // action, the stars when solved, and big buttons: Hint, Try again, Show me, Next.
    const challenges = snapshot.dataset.practice ? JSON.parse(snapshot.dataset.practice) : null;
    let lesson = Boolean(resume.lesson);  // lesson (projector) mode: goal and grade large, stars not kept
    const goal = el("p", { class: "tsr-practice-goal-line" });
    const count = el("span", { class: "tsr-practice-count" });
    const grade = el("p", { class: "tsr-practice-grade", "aria-live": "polite" });
    const starLine = el("div", { class: "tsr-practice-stars" });
    const hintBox = el("div", { class: "tsr-practice-hint", hidden: "" });
    const hintButton = el("button", { type: "button", class: "tsr-practice-hint-button", text: "? Hint", "aria-expanded": "false" });
    const retry = el("button", { type: "button", class: "tsr-practice-retry", text: "↺ Try again" });
    const showMe = el("button", { type: "button", class: "tsr-practice-show", text: "▶ Show me" });
    const nextButton = el("button", { type: "button", class: "tsr-practice-next", text: "Next ▶" });
    const practiceBar = el("div", { class: "tsr-practice-bar", hidden: "" },
      el("div", { class: "tsr-practice-top" }, count, goal), grade, starLine,
      el("div", { class: "tsr-practice-buttons" }, hintButton, retry, showMe, nextButton), hintBox);
    if (challenges) {
      snapshot.classList.add("tsr-practice");
      snapshot.classList.toggle("tsr-lesson", lesson);
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
    function enter() {
      if (!placeholder.isConnected) snapshot.replaceWith(placeholder);
      document.body.append(snapshot);
      for (const child of document.body.children) if (child !== snapshot && child.tagName !== "SCRIPT") child.inert = true;
      document.documentElement.classList.add("tsr-playing");
      requestAnimationFrame(fit);
    }
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

    // The board as big as the screen allows: on a wide screen its height fits the window beside the panel.
    function fit() {
      const view = boardView(doc);
      if (!view || !board) return;
      const wide = matchMedia("(min-width: 760px)").matches;
      const figure = view.el.getBoundingClientRect();
      if (wide && figure.width > 0 && figure.height > 0) {
        const room = innerHeight - head.getBoundingClientRect().height - practiceBar.getBoundingClientRect().height - 24;
        const width = Math.floor(room * figure.width / figure.height);
        boardBox.style.setProperty("--tsr-board-max", `${Math.max(280, width)}px`);
      } else {
        boardBox.style.removeProperty("--tsr-board-max");
      }
      setTimeout(() => growLabels(boardView(doc)), 250);  // once BokehJS has laid the board out anew
    }
    addEventListener("resize", () => requestAnimationFrame(fit));

    function applySimple() {
      snapshot.classList.toggle("tsr-simple", simpleBox.checked);
      logBox.open = !simpleBox.checked;
    }
    simpleBox.addEventListener("change", () => { store(simpleKey(ruleset), simpleBox.checked); applySimple(); });
    applySimple();
    moreButton.addEventListener("click", () => {
      more.open = true;
      moreButton.setAttribute("aria-expanded", "true");
      more.scrollIntoView({ block: "nearest" });
      more.querySelector("summary").focus();
    });
    more.addEventListener("toggle", () => moreButton.setAttribute("aria-expanded", String(more.open)));

    const controls = [hintButton, retry, showMe, nextButton, menu, dice, play, step, undo, save, load, tryText, tryButton, newGame, copyLink,
                      ...(pickers ? [pickers.scenario, pickers.side] : []), ...(opponent ? [opponent] : [])];
    let busy = false;
    let current = answer;
    let shownSeat = null;

    function headline(outcome, seatSide) {
      if (outcome.headline) return outcome.headline;
      if (!outcome.winner) return "Draw";
      return outcome.winner === seatSide ? "You won" : "You lost";
    }

    function showBanner(answer) {
      const outcome = answer.outcome;
      banner.hidden = !outcome || answer.viewing != null || Boolean(answer.challenge);
      if (banner.hidden) return;
      // the engine says which buttons the banner offers (outcome.offers), the same in JupyterLab
      const does = {
        again: () => run("new", [], { kind: "start", config: configNow() }),
        swap: () => run("swap", []),
        stronger: (offer) => {
          if (opponent) opponent.value = offer.bot;
          return run("new", [], { kind: "start", config: { ...configNow(), bot: offer.bot } });
        },
      };
      const offered = (outcome.offers || []).filter((offer) => offer.do in does).map((offer) => {
        const button = el("button", { type: "button", class: `tsr-banner-${offer.do}`, text: offer.text });
        button.addEventListener("click", () => pressed(button, () => does[offer.do](offer)));
        return button;
      });
      const replay = el("button", { type: "button", class: "tsr-banner-replay", text: "Replay the game" });
      const close = el("button", { type: "button", class: "tsr-banner-close", text: "See the board" });
      replay.addEventListener("click", () => pressed(replay, () => run("at", [0])));
      close.addEventListener("click", () => { banner.hidden = true; step.focus(); });
      const buttons = [...offered, ...(answer.moves != null ? [replay] : []), close];
      banner.replaceChildren(el("div", { class: "tsr-banner-card" },
        el("p", { class: "tsr-banner-headline", text: headline(outcome, answer.seat || answer.human) }),
        el("p", { class: "tsr-banner-why", text: outcome.why || outcome.reason || "" }),
        el("div", { class: "tsr-banner-buttons" }, ...buttons)));
      banner.dataset.result = outcome.result || "";
    }

    function showCurtain(answer, then) {
      const seat = answer.seat || answer.human;
      const needed = answer.mode === "people" && answer.hidden && shownSeat !== null && seat !== shownSeat && !answer.outcome;
      shownSeat = seat;
      if (!needed) { curtain.hidden = true; then(); return; }
      const ready = el("button", { type: "button", class: "tsr-curtain-ready", text: `I am ${seat}: show my side` });
      curtain.replaceChildren(el("div", { class: "tsr-curtain-card" },
        el("p", { class: "tsr-curtain-headline", text: `Pass the device to ${seat}` }),
        el("p", { text: `The other side's cards are hidden. ${seat}, tap when only you can see the screen.` }), ready));
      curtain.hidden = false;
      ready.focus();
      ready.addEventListener("click", () => { curtain.hidden = true; then(); step.focus(); }, { once: true });
    }

    function lastLines(answer) {
      if (Array.isArray(answer.last)) return answer.last;
      // before the engine said it: the other side's turns since the seat's own last one, from the log
      const lines = [];
      for (const entry of answer.log.slice().reverse()) {
        if (entry.who === "You" || entry.who === "Setup") break;
        lines.unshift({ who: entry.who, text: entry.text, dice: entry.dice || null });
      }
      return lines;
    }

    // The card an offered action plays: its own card (phlog's card plays, dice tactics' play, ignore, keep and
    // discard name it), or the joker (phlog's joker plays name a value, not a card); else null.
    function cardOf(a) {
      if (a.action.card != null) return String(a.action.card);
      if (/Joker/.test(a.action.type)) return "joker";
      return a.card ? a.action.type : null;
    }

    // A card's ways to be played, in short words: the action's words without the card's name on it.
    function shortWords(words, name) {
      const short = words.replace(name, "").replace(/\s+/g, " ").replace(/ ,/g, ",").trim();
      return short && short !== words.trim() ? short : words;
    }

    function offeredButtons(answer) {
      // Actions not placed on the board (cards in the hand, keep, discard…): tappable beside the board.
      // (before the engine says which are on the board: cards, and every action when the board marks none)
      const marked = answer.layers && answer.layers.choices && answer.layers.choices.kind && answer.layers.choices.kind.length;
      const stepId = answer.step && !answer.challenge ? answer.step.id : null;  // practice: no big next step
      const shown = answer.actions.filter((a) => a.id !== stepId && (a.board === false ||
        (a.board == null && (cardOf(a) != null || /Card/.test(a.action.type) || !marked))));
      const button = (a, className, ...children) => {
        const choice = el("button", { type: "button", class: className, title: a.text }, ...children);
        choice.addEventListener("click", () => pressed(choice, () => playAction(a)));
        return choice;
      };
      // The cards in the hand, drawn as cards in the bar (in view beside the board, or right under it on a phone):
      // the face, what the card does, and what a tap on it does. A card played one way plays at a tap; played
      // several ways (Sabotage on which unit, paying how much; or ignored), a tap shows its ways, a button each.
      const cards = new Map();
      for (const a of shown) {
        const key = cardOf(a);
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
      const plain = shown.filter((a) => cardOf(a) == null);
      others.replaceChildren(...(plain.length ? [el("p", { class: "tsr-live-others-title", text: "Choices:" })] : []),
        ...plain.map((a) => button(a, "tsr-live-choice", a.words || a.text)));
    }

    // The pickers say the game being played (after a swap, a load, a link, a new opponent).
    function syncPickers(answer) {
      if (pickers && answer.scenario && Array.from(pickers.scenario.options).some((o) => o.value === answer.scenario)) {
        if (pickers.scenario.value !== answer.scenario) {
          pickers.scenario.value = answer.scenario;
          pickers.scenario.dispatchEvent(new Event("change"));
        }
        if (Array.from(pickers.side.options).some((o) => o.value === answer.human)) pickers.side.value = answer.human;
      }
      if (opponent && answer.bot && Array.from(opponent.options).some((o) => o.value === answer.bot)) opponent.value = answer.bot;
    }

    function show(answer) {
      current = answer;
      details.replaceChildren();  // a tapped spot's details are said after the tap's own answer (showDetails)
      syncPickers(answer);
      const seat = answer.seat || answer.human;
      const draw = () => drawLayers(doc, answer.layers);
      showCurtain(answer, draw);
      const marks = (answer.layers && answer.layers.choices && answer.layers.choices.kind) || [];
      offMark.hidden = !marks.includes("off");
      turn.textContent = answer.turn.line;
      result.textContent = answer.outcome ? answer.outcome.line : "";
      menu.replaceChildren(...answer.actions.map((a) => el("option", { value: String(a.id), text: a.text })));
      if (answer.actions.length && !tryText.value) tryText.value = JSON.stringify(answer.actions[0].action);
      const message = answer.message;
      status.replaceChildren();
      status.className = "tsr-live-status" + (message && message.kind !== "note" ? " tsr-live-error" : "");
      if (message && message.kind !== "confirm") {
        status.append(message.text);
        if (message.rule) status.append(" ", ruleLink(rules, message.rule.key));
      }
      // the last action, in one short sentence each, dice as dice
      const lines = lastLines(answer);
      last.replaceChildren(...lines.slice(-3).map((line) => {
        // the engine's sentence names who acted; the log's words (before it did) need the name
        const item = el("p", { class: "tsr-live-last-line" },
          ...(Array.isArray(answer.last) ? [] : [el("b", { text: `${line.who}: ` })]), line.text);
        if (line.dice && line.dice.length) item.append(" ", diceView(line.dice));
        return item;
      }));
      // the one big button for the next step
      const nextStep = answer.challenge ? null : answer.step || stepFallback(answer);
      step.hidden = !nextStep;
      if (nextStep) { step.textContent = nextStep.text; step.dataset.id = String(nextStep.id); }
      offeredButtons(answer);
      // what else to tap: the board's marks, else the cards, else the choices beside the board
      const marked = ((answer.layers && answer.layers.choices && answer.layers.choices.kind) || []).length > 0;
      stepHint.textContent = answer.outcome || !answer.actions.length ? ""
        : !hand.hidden ? (nextStep ? "or tap a card" : "Tap a card to play it")
        : marked ? (nextStep ? "or tap the board" : "Tap the board: a ringed figure, then a marked spot")
        : nextStep ? "" : "Pick one of the choices";
      // the log: pick an entry to see the board then; while live, undo back to it
      log.replaceChildren(...answer.log.slice().reverse().map((entry, i, all) => {
        const index = entry.index != null ? entry.index : null;
        const item = el("li", { class: "tsr-live-entry" },
          el("b", { text: `${entry.who}: ${entry.text}` }));
        if (entry.dice) item.append(" ", diceView(entry.dice));
        if (index != null && answer.moves != null) {
          const see = el("button", { type: "button", class: "tsr-log-see", text: "See", "aria-label": `See the board after: ${entry.text}` });
          see.addEventListener("click", () => pressed(see, () => run("at", [index])));
          item.append(" ", see);
          if (!answer.outcome && answer.viewing == null && entry.who === "You" && i > 0) {
            const back = el("button", { type: "button", class: "tsr-log-rewind", text: "Undo back to here" });
            back.addEventListener("click", () => pressed(back, () => run("rewind", [index])));
            item.append(" ", back);
          }
        }
        item.append(el("ul", {}, ...entry.events.map((e) => {
          const line = el("li", { text: e.text + " " });
          for (const key of e.rules) line.append(ruleLink(rules, key), " ");
          return line;
        })));
        return item;
      }));
      // stepping through the history (a finished game replays; a live one comes back to now)
      viewing.hidden = answer.viewing == null;
      if (answer.viewing != null) {
        const at = answer.viewing;
        const back = el("button", { type: "button", class: "tsr-view-back", text: "◀", "aria-label": "One move back" });
        const fore = el("button", { type: "button", class: "tsr-view-next", text: "▶", "aria-label": "One move on" });
        const now = el("button", { type: "button", class: "tsr-view-now", text: answer.outcome ? "The end" : "Back to the game" });
        back.disabled = at <= 0;
        fore.disabled = at >= answer.moves;
        back.addEventListener("click", () => pressed(back, () => run("at", [at - 1])));
        fore.addEventListener("click", () => pressed(fore, () => run("at", [at + 1])));
        now.addEventListener("click", () => pressed(now, () => run("answer", [])));
        viewing.replaceChildren(el("span", { text: `Seeing the board after move ${at} of ${answer.moves} ` }), back, fore, now);
        logBox.open = true;
      }
      snapshot.classList.toggle("tsr-viewing", answer.viewing != null);
      showBanner(answer);
      play.disabled = menu.disabled = answer.actions.length === 0;
      full.hidden = answer.actions.length === 0;  // nothing to pick (the bot's turn, the end): no dead list
      undo.disabled = !answer.can_undo;
      snapshot.dataset.liveMoves = String(answer.log.length);
      snapshot.dataset.liveOver = answer.outcome ? "yes" : "no";
      snapshot.dataset.liveSeat = seat || "";
      showChallenge(answer);
      if (answer.save && answer.viewing == null && !answer.challenge) {
        store(storeKey(ruleset), { config: { ...configNow(), scenario: answer.scenario, seed: answer.seed,
          human: answer.human, bot: answer.bot }, save: answer.save });
      }
      if (message && message.kind === "confirm") askFirst(message.text, message.confirm || null);
    }

    // The challenge's part of the answer: goal, grade (why, in words), stars; the best stars kept (not in a lesson).
    function showChallenge(answer) {
      const c = answer.challenge;
      practiceBar.hidden = !c;
      if (!c) return;
      count.textContent = `${c.index + 1} / ${c.count}`;
      goal.textContent = c.goal;
      // at the start the goal line says it all; then the grade after each action (why, in words)
      grade.replaceChildren(c.used || c.over ? c.why || "" : "");
      grade.className = "tsr-practice-grade" + (c.solved ? " tsr-practice-solved" : c.over ? " tsr-practice-failed" : "");
      starLine.replaceChildren(...(c.solved ? [starsView(c.stars, true),
        el("span", { class: "tsr-practice-well-done", text: c.stars === 3 ? "Perfect!" : "Well done!" })] : []));
      hintBox.replaceChildren(el("b", { text: "Hint: " }), c.hint || "", " ",
        ...c.rules.flatMap((rule) => [ruleLink(rules, rule.key), " "]));
      nextButton.hidden = !c.next || !(c.solved || c.over);
      nextButton.dataset.next = c.next || "";
      retry.classList.toggle("tsr-practice-main", c.over && !c.solved);
      nextButton.classList.toggle("tsr-practice-main", c.solved);
      const shape = `${c.name} ${c.used > 0} ${c.solved} ${c.over}`;  // what sets the goal bar's height
      if (practiceBar.dataset.shape !== shape) requestAnimationFrame(fit);  // the board fits under it again
      practiceBar.dataset.shape = shape;
      snapshot.dataset.challenge = c.name;
      snapshot.dataset.stars = String(c.solved ? c.stars : 0);
      if (c.solved && !lesson) {
        const earned = starsOf(ruleset);
        if ((earned[c.name] || 0) < c.stars) store(starsKey(ruleset), { ...earned, [c.name]: c.stars });
        if (snapshot.practiceList) snapshot.practiceList.refresh();
        else { const list = document.querySelector(".tsr-practice-list"); if (list && list.refresh) list.refresh(); }
      }
    }
    function openChallenge(name) {
      hintBox.hidden = true;
      hintButton.setAttribute("aria-expanded", "false");
      return run("practise", [name]);
    }
    hintButton.addEventListener("click", () => {
      hintBox.hidden = !hintBox.hidden;
      hintButton.setAttribute("aria-expanded", String(!hintBox.hidden));
    });
    retry.addEventListener("click", () => pressed(retry, () => { hintBox.hidden = true; return run("retry", []); }));
    showMe.addEventListener("click", () => pressed(showMe, () => run("show", [])));
    nextButton.addEventListener("click", () => pressed(nextButton, () => openChallenge(nextButton.dataset.next)));

    function stepFallback(answer) {
      // before the engine names its next step: the only action, or one that ends a phase or turn
      if (answer.actions.length === 1) return { id: answer.actions[0].id, text: answer.actions[0].text };
      const ending = answer.actions.find((a) => /^(End|Pass)/.test(a.action.type));
      return ending ? { id: ending.id, text: ending.words || ending.text } : null;
    }

    function configNow() {
      return { ...chosenGame(snapshot, pickers, opponent) };
    }

    // A question before a tap that would end the game: asked in the panel, in view, focus on "No".
    let confirmed = null;
    function askFirst(text, onYes) {
      const yes = el("button", { type: "button", class: "tsr-confirm-yes", text: "Yes, play it" });
      const no = el("button", { type: "button", class: "tsr-confirm-no", text: "No" });
      confirmBox.replaceChildren(el("p", { text }), yes, no);
      confirmBox.hidden = false;
      confirmBox.scrollIntoView({ block: "nearest" });
      no.focus();
      const done = () => { confirmBox.hidden = true; step.focus(); };
      no.addEventListener("click", () => { done(); status.textContent = "Not played."; });
      yes.addEventListener("click", () => { done(); (onYes || confirmed || (() => {}))(); });
    }

    function playAction(offered) {
      const faces = parseDice(dice.value);
      const go = () => run("play", faces ? [offered.id, faces] : [offered.id]).then(() => { dice.value = ""; });
      if (offered.ends) { askFirst(`This ends the game: ${offered.words || offered.text}. Play it?`, go); return Promise.resolve(); }
      return go();
    }

    // After every action: the control pressed keeps the focus if it is still there; else the big button,
    // else the board; and the board and the main control stay in view.
    async function pressed(control, action) {
      await action();
      const target = control.isConnected && !control.closest("[hidden]") && control.offsetParent !== null ? control
        : !step.hidden ? step : !banner.hidden ? banner.querySelector("button") : null;
      const asking = !confirmBox.hidden || (curtain && !curtain.hidden);  // the question or the curtain keeps the focus
      if (target && document.activeElement !== target && !asking) target.focus({ preventScroll: true });
      keepInView();
    }

    function keepInView() {
      if (current.challenge && current.challenge.over) {  // a challenge done: its stars and Next (or Try again) in view
        if (!inView(practiceBar)) practiceBar.scrollIntoView({ block: "nearest" });
        return;
      }
      if (board && !inView(board.querySelector(".tsr-bokeh") || board)) {
        const view = boardView(doc);
        (view ? view.el : board).scrollIntoView({ block: "nearest" });
      }
      if (!inView(step.hidden ? turn : step)) (step.hidden ? turn : step).scrollIntoView({ block: "nearest" });
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
        stats.moves.push({ name, ms: performance.now() - started, failed: true });
        return null;
      }
    }

    step.addEventListener("click", () => {
      const offered = current.actions.find((a) => String(a.id) === step.dataset.id);
      if (offered) pressed(step, () => playAction(offered));
    });
    play.addEventListener("click", () => {
      if (menu.value === "") return;
      const offered = current.actions.find((a) => String(a.id) === menu.value);
      if (offered) pressed(play, () => playAction(offered));
    });
    undo.addEventListener("click", () => pressed(undo, () => run("undo", [])));
    newGame.addEventListener("click", () => pressed(newGame, () => run("new", [], { kind: "start", config: configNow() })));
    // Another opponent takes over the game as it stands (the engine's "opponent" command; "bot" before it).
    if (opponent) {
      opponent.addEventListener("change", () => pressed(opponent, async () => {
        const answer = await run("opponent", [opponent.value]);
        if (answer && answer.message && /unknown command/.test(answer.message.text)) await run("bot", [opponent.value]);
      }));
    }
    // A tap on this board (widgets/board.py passes Bokeh's tap on as a DOM event): the engine decides.
    document.addEventListener("tsr-board-tap", (event) => {
      const { plot, x, y } = event.detail;
      if (busy || !doc || doc.get_model_by_id(plot) == null) return;
      if (current.viewing != null) { status.textContent = "You are looking back: press Back to the game to play."; return; }
      confirmed = () => run("tap", [x, y, true]);
      run("tap", [x, y]).then((answer) => { if (answer) showDetails(x, y); keepInView(); });
    });

    // A tap on a card drawn under the board (Phlog's hand, in the board's own cards figure: the layer "cards",
    // drawn as rects) does what the card of that face in the bar does: plays it, or shows its ways.
    function drawnCards() {  // the view drawing the layer "cards" as rects, and that renderer; or null
      const source = doc && doc.get_model_by_name("layer-cards");
      if (!source || typeof Bokeh === "undefined") return null;
      for (const root of Object.values(Bokeh.index || {})) {
        if (root.model.document !== doc) continue;
        for (const view of views(root)) {
          const faces = view.canvas_view && (view.model.renderers || [])
            .find((r) => r.data_source === source && r.glyph && r.glyph.width && r.glyph.height);
          if (faces) return { view, faces, source };
        }
      }
      return null;
    }
    // Heard on the board's box (Bokeh may draw its views anew), as the click goes down (Bokeh's canvas keeps it).
    boardBox.addEventListener("click", (event) => {
      const drawn = !busy && drawnCards();
      if (!drawn) return;
      const { view, faces, source } = drawn;
      const box = view.canvas_view.el.getBoundingClientRect();
      if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) return;
      const x = view.frame.x_scale.invert(event.clientX - box.left);
      const y = view.frame.y_scale.invert(event.clientY - box.top);
      const xs = columnOf(source.data, "x"), ys = columnOf(source.data, "y"), texts = columnOf(source.data, "text");
      const i = xs.findIndex((cx, k) => texts[k] && Math.abs(cx - x) <= faces.glyph.width.value / 2
                                        && Math.abs(ys[k] - y) <= faces.glyph.height.value / 2);
      if (i < 0) return;
      const card = Array.from(hand.querySelectorAll("[data-face]")).find((b) => b.dataset.face === texts[i]);
      if (card) { card.focus({ preventScroll: true }); card.click(); }
      else status.textContent = `${texts[i]}: not a card to play now.`;
    }, true);

    // On touch (no tooltips during play) a tap says beside the board what the tooltip says there, as the board
    // is after the tap: the figure chosen, the one attacked, the one that moved there.
    function showDetails(x, y) {
      if (!touchOnly() || !doc) return;
      const said = tooltipAt(boardView(doc), x, y);
      details.replaceChildren(...(said && said.length ? [el("span", { class: "tsr-sr", text: "On the board: " }), ...said] : []));
    }
    tryButton.addEventListener("click", () => {
      const faces = parseDice(dice.value);
      pressed(tryButton, () => run("try", faces ? [tryText.value, faces] : [tryText.value]));
    });
    save.addEventListener("click", async () => {
      const answer = await run("save", []);
      if (!answer) return;
      const link = el("a", { download: `${ruleset}-game.json`,
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
      await pressed(load, async () => run("load", [await chosen.text()]));
    });
    copyLink.addEventListener("click", () => pressed(copyLink, async () => {
      const answer = await run("link", []);
      if (!answer || !answer.link) return;
      const url = `${location.href.split("#")[0]}#game=${answer.link}`;
      history.replaceState(null, "", url);
      linkOut.value = url;
      linkOut.hidden = false;
      try { await navigator.clipboard.writeText(url); status.textContent = "Link copied: it opens this game as it stands."; }
      catch (error) { status.textContent = "The link is below: copy it from there."; linkOut.select(); }
    }));

    if (pickers) { pickers.scenario.disabled = pickers.side.disabled = false; }
    if (opponent) opponent.disabled = false;
    enter();
    if (doc) hoverOff(doc);
    show(answer);
    const pending = pendingGame(config.ruleset);
    if (pending) {
      sessionStorage.removeItem(PENDING_GAME);
      const note = snapshot.querySelector(".tsr-pending-note");
      if (note) note.remove();
      await run("load", [pending.save]);
    } else if (resume.kept && resume.kept.save && resume.kept.config && resume.kept.config.ruleset === ruleset) {
      await run("load", [resume.kept.save]);
      if (!resume.link) status.textContent = "Your game is back as you left it.";
    }
    if (resume.link) {
      const opened = await run("open", [resume.link]);
      if (opened && opened.message && opened.message.kind !== "note") {
        status.prepend("The link's game was not opened: ");
      } else if (opened) {
        status.textContent = "The game from the link is open.";
      }
      history.replaceState(null, "", location.href.split("#")[0]);
    }
    if (challenges && challenges.length) {  // the challenge asked for (the link's), else the first unsolved
      const names = challenges.map((c) => c.name);
      await openChallenge(names.includes(resume.challenge) ? resume.challenge : firstUnsolved(ruleset, challenges));
      addEventListener("hashchange", () => {  // a challenge of the list, tapped on the page behind
        const asked = fragment();
        if (!asked || !asked.challenge || !names.includes(asked.challenge)) return;
        lesson = asked.lesson;
        snapshot.classList.toggle("tsr-lesson", lesson);
        snapshot.classList.remove("tsr-table-inline");
        enter();
        openChallenge(asked.challenge);
      });
    }
    fit();
    (step.hidden ? turn : step).focus({ preventScroll: true });
    if (step.hidden) turn.setAttribute("tabindex", "-1"), turn.focus({ preventScroll: true });
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

  function init() {
    document.querySelectorAll(".tsr-snapshot[data-ruleset]").forEach(setUp);
    document.querySelectorAll(".tsr-snapshot[data-tool]").forEach(setUpTool);
    document.querySelectorAll('a.tsr-play-now[href="#play"]').forEach((a) => a.addEventListener("click", playNow));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
