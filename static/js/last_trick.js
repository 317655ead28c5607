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

document.addEventListener("htmx:load", (event) => {
  const table = event.target.matches("#table") ? event.target : event.target.querySelector("#table");
  if (table) showLastTrick(table, DokoSettings.on("last-trick"));
});

document.addEventListener("doko:settings", (event) => {
  if (event.detail.name === "last-trick") showLastTrick(document.getElementById("table"), event.detail.value === "1");
});
