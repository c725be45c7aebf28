// The banner: the end of the game said over the board (You won / You lost / Draw, and why), with the buttons the
// engine offers (Play again, Swap sides, Stronger opponent), Replay the game and See the board.

import { el } from "./common.js";

function headline(outcome, seatSide) {
  if (outcome.headline) return outcome.headline;
  if (!outcome.winner) return "Draw";
  return outcome.winner === seatSide ? "You won" : "You lost";
}

export function showBanner(table, answer) {
  const { banner, step } = table.parts;
  const { run, pressed, opponent } = table;
  const outcome = answer.outcome;
  banner.hidden = !outcome || answer.viewing != null || Boolean(answer.challenge);
  if (banner.hidden) return;
  // the engine says which buttons the banner offers (outcome.offers), the same in JupyterLab
  const does = {
    again: () => run("new", [], { kind: "start", config: table.configNow() }),
    swap: () => run("swap", []),
    stronger: (offer) => {
      if (opponent) opponent.value = offer.bot;
      return run("new", [], { kind: "start", config: { ...table.configNow(), bot: offer.bot } });
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
