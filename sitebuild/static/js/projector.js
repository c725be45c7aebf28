/* Projector mode: one toggle in the page header, remembered in localStorage.
 *
 * On: <html> gets the class "tsr-projector" (css/projector.css enlarges the
 * text, widens the content so boards fill the screen, and marks the selected
 * button strongly). Bokeh draws inside shadow roots and sizes its markers
 * and labels in screen pixels, so this script also scales those on every
 * Bokeh document of the page, and gives Bokeh's button groups a strong
 * "selected" style; off puts every value back.
 */
(function () {
  "use strict";
  var KEY = "tsr-projector";
  var CLASS = "tsr-projector";
  var TEXT_SCALE = 1.6;    // labels, titles and axis numbers drawn in Bokeh's canvas
  var MARKER_SCALE = 2;    // figures drawn in screen pixels (a trooper: 11 px -> 22 px)
  var root = document.documentElement;

  function stored() {
    try { return window.localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }
  function store(on) {
    try { window.localStorage.setItem(KEY, on ? "on" : "off"); } catch (e) { /* private mode: not remembered */ }
  }
  function isOn() { return root.classList.contains(CLASS); }

  // Before the page paints: no flash of the small layout.
  if (stored()) { root.classList.add(CLASS); }

  // -- Bokeh: sizes in screen pixels, and the selected button -------------------------------
  var BUTTON_CSS =
    ".bk-btn.bk-active, .bk-btn-default.bk-active {" +
    " background-color: #1f3a12 !important; color: #ffffff !important; border-color: #1f3a12 !important;" +
    " box-shadow: inset 0 0 0 3px #f0c000 !important; font-weight: 700; }" +
    ".bk-btn { font-size: 1.15em; }";
  var original = new WeakMap();  // model -> {attr: value} before projector mode
  var seen = new WeakSet();      // documents already adjusted for the current mode

  function px(value, factor) {
    // "12px" -> "19.2px"; {value: "12px"} -> {value: "19.2px"}; anything else unchanged
    if (typeof value === "string") {
      var m = /^([\d.]+)px$/.exec(value);
      return m ? (parseFloat(m[1]) * factor).toFixed(1) + "px" : value;
    }
    if (value && typeof value === "object" && "value" in value) {
      var inner = px(value.value, factor);
      return inner === value.value ? value : {value: inner};
    }
    if (typeof value === "number") { return value * factor; }
    return value;
  }

  function remember(model, attr) {
    var saved = original.get(model);
    if (!saved) { saved = {}; original.set(model, saved); }
    if (!(attr in saved)) { saved[attr] = model[attr]; }
    return saved[attr];
  }

  var FONT_ATTRS = ["text_font_size", "axis_label_text_font_size", "major_label_text_font_size"];

  function adjust(model, on) {
    var type = model.type || (model.constructor && model.constructor.__name__) || "";
    var attrs = [];
    if (type === "Scatter" && "size" in model) { attrs.push("size"); }
    for (var i = 0; i < FONT_ATTRS.length; i++) {
      if (FONT_ATTRS[i] in model) { attrs.push(FONT_ATTRS[i]); }
    }
    for (var j = 0; j < attrs.length; j++) {
      var attr = attrs[j];
      var before = remember(model, attr);
      var want = on ? px(before, attr === "size" ? MARKER_SCALE : TEXT_SCALE) : before;
      if (want !== model[attr]) {
        try { model[attr] = want; } catch (e) { /* a value this model does not take: leave it */ }
      }
    }
    if (/ButtonGroup$|^Toggle$/.test(type) && Array.isArray(model.stylesheets)) {
      var sheets = model.stylesheets.filter(function (s) { return s !== BUTTON_CSS; });
      if (on) { sheets.push(BUTTON_CSS); }
      if (sheets.length !== model.stylesheets.length) { model.stylesheets = sheets; }
    }
  }

  function adjustDocuments(force) {
    var bokeh = window.Bokeh;
    if (!bokeh || !bokeh.documents) { return; }
    var on = isOn();
    for (var i = 0; i < bokeh.documents.length; i++) {
      var doc = bokeh.documents[i];
      if (!force && seen.has(doc) === on) { continue; }
      var models = doc.all_models ? Array.from(doc.all_models) : [];
      for (var k = 0; k < models.length; k++) { adjust(models[k], on); }
      if (on) { seen.add(doc); } else { seen.delete(doc); }
    }
  }

  // Boards are drawn after the widget manager loads, at different times: look again for a while.
  function watch() {
    var tries = 0;
    var timer = window.setInterval(function () {
      adjustDocuments(false);
      if (++tries > 60) { window.clearInterval(timer); }
    }, 500);
  }

  // -- the toggle ---------------------------------------------------------------------------
  function label(button) {
    var on = isOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.title = on ? "Projector mode is on: click for the normal size" :
      "Projector mode: larger text, boards the width of the screen";
    button.querySelector(".tsr-projector-word").textContent = on ? "Projector: on" : "Projector";
  }

  function set(on, button) {
    root.classList.toggle(CLASS, on);
    store(on);
    if (button) { label(button); }
    adjustDocuments(true);
    window.dispatchEvent(new Event("resize"));  // Bokeh's scale_width boards follow the new width
  }

  function addButton() {
    if (document.querySelector(".tsr-projector-toggle")) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "btn tsr-projector-toggle";
    button.innerHTML = '<span aria-hidden="true" class="tsr-projector-icon">&#x25A3;</span>' +
      '<span class="tsr-projector-word">Projector</span>';
    label(button);
    button.addEventListener("click", function () { set(!isOn(), button); });
    var place = document.querySelector(".article-header-buttons") ||
      document.querySelector(".header-article-items__end") ||
      document.querySelector(".bd-header-article");
    if (place) {
      place.insertBefore(button, place.firstChild);
    } else {
      button.classList.add("tsr-projector-floating");
      document.body.insertBefore(button, document.body.firstChild);
    }
  }

  function start() {
    addButton();
    adjustDocuments(false);
    watch();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
