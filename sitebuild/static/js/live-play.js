// "Play here": live play in the page, generic over rulesets. This ES module is the loader; the parts, by idea,
// are in live-play/ (each says what it is for):
//   page.js        the page before play: Play here, the pickers, a game that comes back at once, the boot
//   table.js       the game table (loaded when a game starts): layout, Simple, More, requests, focus
//   panel.js       the panel: turn line, next-step button, offered cards and choices, the log
//   board-view.js  the Bokeh board: its document, layers, views, tooltips, labels and size
//   place.js       where parts sit for the screen: what the board draws under it, the hand on a phone
//   taps.js        taps on the board and on the cards drawn under it
//   curtain.js     "Pass the device" between two people on one screen
//   banner.js      the end of the game, over the board
//   history.js     stepping through the game and replay
//   practice.js    the Practice page's challenges, stars and bar
//   save-link.js   the game kept in the browser, links, Save, Load and Copy link
//   setup.js       Set up the table: the board as an editor (move, add, remove, turn, terrain, whose turn)
//   drag.js        while setting up, a piece dragged to its spot (mouse or finger), as tap-then-tap moves it
//   make.js        Make it a challenge: a set-up's goal, hint, sections and recorded solution; its file and link
//   kept.js        what the browser keeps, read with care: games (kept aside when unreadable), Simple, stars
//   tools.js       the classroom's page tools
//   common.js      what they all use: elements, storage, the worker, rule links, dice
//
// A live widget's static snapshot (widgets/snapshot.py) names its game in data attributes
// (ruleset, scenario, seed, human, bot). On a click the page starts a module Web Worker
// (play-worker.mjs) that runs the engine's own game flow (explorer.core.session.Session) in
// the vendored Pyodide, then swaps the snapshot's dead controls for live ones drawn only from
// the engine's answers: the offered actions, the turn line, refusals with their rule, the log,
// the result; the Bokeh board already on the page gets each layer's new column data.
// The page's Python (one worker for its games and its tools) is fetched and started in the background once the page
// has loaded and the browser is idle, unless the connection asks to save data or is a phone's or slow (page.js
// preloadWhenIdle): Play, or a tool's first press, uses it.
// Once live, the snapshot is the game table: one screen over the page, the board beside a panel (wide
// screens) or above a bar that stays at the bottom (phones): the turn, the one big next-step button,
// Undo, the last action in words, the log; the rest in a More drawer. Opened from disk, the button
// becomes one line saying why not, and the snapshot keeps its (dead) controls.

import { friendButton, playNow, preloadWhenIdle, setUp } from "./live-play/page.js";
import { setUpTool } from "./live-play/tools.js";

function init() {
  const games = document.querySelectorAll(".tsr-snapshot[data-ruleset]");
  games.forEach(setUp);
  const tools = document.querySelectorAll(".tsr-snapshot[data-tool]");
  tools.forEach(setUpTool);
  if (games.length || tools.length) preloadWhenIdle();
  document.querySelectorAll('a.tsr-play-now[href="#play"]').forEach((a) => a.addEventListener("click", playNow));
  document.querySelectorAll("a.tsr-play-friend").forEach(friendButton);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
