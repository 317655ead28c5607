// The call row (app/table/call_row.py): a call cannot be taken back, so none is made by accident.
// Each call keeps its place in the row (a call made stays there as a mark), the row takes no
// tap and no key for a moment after it is shown (the stylesheet's `rest` animation: a second
// tap or a second A of a double press finds it resting), and a high call (no 60 and beyond)
// asks again at the edge of the screen away from it: only its "Yes" makes it, and that too
// rests a moment first.
"use strict";

function resting(button) {
  return button.getAnimations().some((shown) => shown.animationName === "rest" && shown.playState === "running");
}

// Before htmx's own listener and doko.js's: a resting call button takes no click, from a tap,
// Enter or the A key (which clicks it).
document.addEventListener(
  "click",
  (event) => {
    const button = event.target.closest && event.target.closest(".announce button");
    if (!button || !resting(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  },
  true,
);

function confirmation(row) {
  return row && row.querySelector(".call-confirm");
}

// The question comes from the row's template the first time: no hidden buttons wait in the row.
function askingPanel(row) {
  const template = row && row.querySelector("#call-confirm-template");
  if (!template) return null;
  return confirmation(row) || row.appendChild(template.content.firstElementChild.cloneNode(true));
}

function askFirst(call) {
  const panel = askingPanel(call.closest(".announce"));
  if (!panel) return;
  for (const other of document.querySelectorAll("[data-confirm-call]")) other.setAttribute("aria-expanded", "false");
  call.setAttribute("aria-expanded", "true");
  panel.querySelector(".question").textContent = call.dataset.confirmCall;
  const yes = panel.querySelector("[data-confirmed-call]");
  yes.value = call.value;
  yes.textContent = call.dataset.confirmYes;
  // At the edge of the screen farther from the call tapped: nothing moves, and the finger
  // that tapped finds no "Yes" under it. Shown anew, so that its rest starts again.
  const tapped = call.getBoundingClientRect();
  const low = tapped.top + tapped.height / 2 > window.innerHeight / 2;
  panel.classList.toggle("at-top", low);
  panel.classList.toggle("at-bottom", !low);
  panel.hidden = true;
  void panel.offsetWidth;
  panel.hidden = false;
  yes.focus({ preventScroll: true });
}

function dismiss(row) {
  const panel = confirmation(row);
  if (!panel) return;
  panel.remove();
  const asked = row.querySelector('[data-confirm-call][aria-expanded="true"]');
  if (asked) {
    asked.setAttribute("aria-expanded", "false");
    asked.focus({ preventScroll: true });
  }
}

document.addEventListener("click", (event) => {
  const high = event.target.closest && event.target.closest("[data-confirm-call]");
  if (high) {
    event.preventDefault();
    if (high.getAttribute("aria-expanded") !== "true") askFirst(high);
    return;
  }
  const cancel = event.target.closest && event.target.closest("[data-cancel-call]");
  if (cancel) dismiss(cancel.closest(".announce"));
});

document.addEventListener("keydown", (event) => {
  const row = event.key === "Escape" && event.target.closest && event.target.closest(".announce");
  if (row) dismiss(row);
});
