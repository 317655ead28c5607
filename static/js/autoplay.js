// A forced card played by itself, when the settings ask for it: once the table has been shown,
// and a moment later, so that the player sees it go. Not while the player may still call
// (a call is made before the card), nor while a dialog is open.
"use strict";

const AUTOPLAY_PAUSE_MS = 700;
let autoplayTimer = null;

function forcedCard(table) {
  const cards = table.querySelectorAll(".hand .playable");
  if (cards.length !== 1 || table.querySelector(".announce button, .controls button")) return null;
  return cards[0];
}

function playForced(root) {
  const table = root.matches && root.matches("#table") ? root : document.getElementById("table");
  clearTimeout(autoplayTimer);
  const card = table && DokoSettings.on("autoplay") && forcedCard(table);
  if (!card) return;
  let shownAt = null;
  const wait = () => {
    if (!card.isConnected) return;
    const showing = stillShowing(table) || document.querySelector("dialog[open]");
    shownAt = showing ? null : (shownAt ?? performance.now());
    if (shownAt !== null && performance.now() - shownAt >= AUTOPLAY_PAUSE_MS) card.click();
    else autoplayTimer = setTimeout(wait, 100);
  };
  wait();
}

document.addEventListener("htmx:load", (event) => playForced(event.target));
