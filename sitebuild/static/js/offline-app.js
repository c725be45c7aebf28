/* The page side of the site's service worker (sw.js at the site's root, written by
 * sitebuild/offline_app.py from sitebuild/service-worker.js). Only over http(s): a page opened from
 * disk (file://) does nothing here.
 * - registers the worker, then asks it to keep what this page loaded before it was in charge;
 * - a new version installed (the site was rebuilt): a small bar says so, with a Reload button that
 *   puts the new version in charge and reloads the page;
 * - on the home page: "Keep the whole book offline", with progress (the reader's choice: a first
 *   visit downloads nothing in the background, and the button stays a button under Save-Data).
 * Its styles are css/offline-app.css, linked only when something is shown. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) { return; }
  if (location.protocol !== "http:" && location.protocol !== "https:") { return; }
  var src = script.src.split(/[?#]/)[0];
  var root = src.slice(0, src.lastIndexOf("/_static/") + 1);  // this file is <root>_static/js/
  var reloading = false;

  function styles() {
    if (document.getElementById("tsr-offline-css")) { return; }
    var link = document.createElement("link");
    link.id = "tsr-offline-css";
    link.rel = "stylesheet";
    link.href = root + "_static/css/offline-app.css";
    document.head.appendChild(link);
  }

  function ask(worker, message, onAnswer) {
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) { onAnswer(event.data); };
    worker.postMessage(message, [channel.port2]);
  }

  function saving() { return Boolean(navigator.connection && navigator.connection.saveData); }

  function megabytes(bytes) { return (bytes / 1e6).toFixed(1) + " MB"; }

  // -- a new version is ready --------------------------------------------------------------
  function offerUpdate(waiting) {
    if (document.querySelector(".tsr-update")) { return; }
    styles();
    var bar = document.createElement("div");
    bar.className = "tsr-update";
    bar.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = "A new version of this book is ready.";
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = "Reload";
    button.addEventListener("click", function () {
      reloading = true;
      button.disabled = true;
      waiting.postMessage({ type: "skip-waiting" });
    });
    bar.appendChild(text);
    bar.appendChild(button);
    document.body.appendChild(bar);
  }

  function watchForUpdates(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) { offerUpdate(registration.waiting); }
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      worker.addEventListener("statechange", function () {
        // Installed while another version is in charge: it waits for the reader.
        if (worker.state === "installed" && navigator.serviceWorker.controller) { offerUpdate(worker); }
      });
    });
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading) { location.reload(); }  // not on a first visit, when the first worker takes charge
    });
  }

  // -- keep the whole book -----------------------------------------------------------------
  function isHome() {
    var here = location.href.split(/[?#]/)[0];
    return here === root || here === root + "index.html";
  }

  function offerBook(worker) {
    var article = document.querySelector("main .bd-article") || document.querySelector("main");
    if (!article) { return; }
    ask(worker, { type: "status" }, function (status) {
      styles();
      var box = document.createElement("section");
      box.className = "tsr-offline-book";
      box.setAttribute("aria-label", "Reading offline");
      var button = document.createElement("button");
      button.type = "button";
      button.textContent = "Keep the whole book offline";
      var note = document.createElement("p");
      var progress = document.createElement("progress");
      progress.max = status.total;
      progress.value = status.kept;
      progress.hidden = true;
      var said = document.createElement("p");
      said.setAttribute("role", "status");
      note.textContent = "Pages are kept on this device as you read them. This downloads the rest of the book (" +
        megabytes(status.total - status.kept) + " more" + (saving() ? "; your browser asks to save data" : "") +
        "). Live play's Python (" + megabytes(status.onUse) + ") is kept the first time you press Play.";
      function kept() {
        button.disabled = true;
        progress.hidden = true;
        note.hidden = true;
        said.textContent = "The whole book is kept on this device: every page works offline.";
      }
      button.addEventListener("click", function () {
        button.disabled = true;
        progress.hidden = false;
        ask(worker, { type: "keep-book" }, function (message) {
          progress.max = message.total;
          progress.value = message.kept;
          if (message.type === "done") {
            kept();
          } else if (message.type === "failed") {
            button.disabled = false;
            said.textContent = "Stopped at " + megabytes(message.kept) + " of " + megabytes(message.total) +
              " (is the network down?). Press again to go on.";
          } else {
            said.textContent = "Kept " + megabytes(message.kept) + " of " + megabytes(message.total) + "…";
          }
        });
      });
      box.appendChild(button);
      box.appendChild(progress);
      box.appendChild(said);
      box.appendChild(note);
      article.appendChild(box);
      if (status.wholeBook) { kept(); }
    });
  }

  // -- start -------------------------------------------------------------------------------
  function loaded() {
    return [location.href].concat(performance.getEntriesByType("resource").map(function (entry) {
      return entry.name;
    })).filter(function (url) { return url.indexOf(root) === 0; });
  }

  function register() {
    navigator.serviceWorker.register(root + "sw.js", { scope: root }).then(function (registration) {
      watchForUpdates(registration);
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      registration.active.postMessage({ type: "keep", urls: loaded(), saveData: saving() });
      if (isHome()) { offerBook(registration.active); }
    }).catch(function (error) {
      console.warn("This site will not work offline: its service worker did not install.", error);
    });
  }
  if (document.readyState === "complete") { register(); } else { window.addEventListener("load", register); }
})();
