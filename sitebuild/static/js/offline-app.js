/* Installs the site's service worker (sw.js at the site's root, written by
 * sitebuild/offline_app.py), which keeps the whole site for use offline.
 * Only over http(s): a page opened from disk (file://) does nothing here. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !("serviceWorker" in navigator)) { return; }
  if (location.protocol !== "http:" && location.protocol !== "https:") { return; }
  var src = script.src.split(/[?#]/)[0];
  var root = src.slice(0, src.lastIndexOf("/_static/") + 1);  // this file is <root>_static/js/
  function register() {
    navigator.serviceWorker.register(root + "sw.js", { scope: root }).catch(function (error) {
      console.warn("This site will not work offline: its service worker did not install.", error);
    });
  }
  if (document.readyState === "complete") { register(); } else { window.addEventListener("load", register); }
})();
