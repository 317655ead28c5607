// The choice a hint names wears the hint's star on the table (the card, the call, the
// reservation; the three cards of an Armut), so that the hint and the table never point at
// two different cards. The focus ring stays the keyboard's.
"use strict";

function markHinted(control) {
  const star = document.createElement("span");
  star.className = "hint-mark";
  star.setAttribute("aria-hidden", "true");
  star.textContent = "★";
  control.classList.add("hinted");
  control.prepend(star);
}

function markHint() {
  for (const star of document.querySelectorAll("#table .hint-mark")) star.remove();
  for (const marked of document.querySelectorAll("#table .hinted")) marked.classList.remove("hinted");
  const hint = document.querySelector("#hint .hint-box[data-hint-action]");
  if (!hint) return;
  const action = hint.dataset.hintAction;
  const [act, ...cards] = action.split(" ");
  for (const control of document.querySelectorAll("#table [data-action]")) {
    if (control.dataset.action === action) markHinted(control);
  }
  if (act !== "armut-give" && act !== "armut-return") return;
  for (const card of cards) {
    const label = document.querySelector(`#table label[data-card="${CSS.escape(card)}"]:not(.hinted)`);
    if (label) markHinted(label);
  }
}

document.addEventListener("htmx:load", markHint);
