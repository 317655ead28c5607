// The last trick: the button on the felt shows it under the table and hides it again; with
// the setting "keep the last trick open" every new table shows it.
"use strict";

function showLastTrick(table, open) {
  const button = table && table.querySelector("[data-last-trick]");
  const trick = table && table.querySelector("#last-trick");
  if (!button || !trick) return;
  trick.hidden = !open;
  button.setAttribute("aria-expanded", String(open));
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-last-trick]");
  if (button) showLastTrick(button.closest("#table"), button.getAttribute("aria-expanded") !== "true");
});

// As soon as a new table is in the page (not at `htmx:load`, a moment later): it would show
// closed first, then open, the hand below moving twice.
function keepLastTrick() {
  showLastTrick(document.getElementById("table"), DokoSettings.on("last-trick"));
}

document.addEventListener("DOMContentLoaded", keepLastTrick);
document.addEventListener("htmx:afterSwap", keepLastTrick);

document.addEventListener("doko:settings", (event) => {
  if (event.detail.name === "last-trick") showLastTrick(document.getElementById("table"), event.detail.value === "1");
});
