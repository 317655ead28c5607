// Picking the three cards of an Armut (templates/table.html's `.pick`): the count, the button
// that waits for exactly three, a fourth card refused (the count line says to unpick one
// first), the refusal of an earlier try cleared once three are chosen, and the arrow keys
// from card to card (Tab goes on to the button: one stop for the cards).
"use strict";

function pickedCount(form) {
  return form.querySelectorAll('input[name="cards"]:checked').length;
}

function showPicked(form) {
  const picked = pickedCount(form);
  const shown = form.querySelector(".picked");
  if (shown) shown.textContent = shown.dataset.template.replace("{n}", String(picked));
  const pass = form.querySelector(".pick button");
  if (pass) pass.disabled = picked !== 3;
  return picked;
}

// One Tab stop for the cards, the focused one (or the first): the arrows move between them.
function rovePick(current) {
  const cards = [...document.querySelectorAll(".pickable input")];
  const stop = current || cards[0];
  for (const card of cards) card.tabIndex = card === stop ? 0 : -1;
}

function refuseFourth(card) {
  card.checked = false;
  const shown = card.form.querySelector(".picked");
  if (shown) shown.textContent = shown.dataset.full;
}

document.addEventListener("change", (event) => {
  if (event.target.name !== "cards" || !event.target.form) return;
  if (event.target.checked && pickedCount(event.target.form) > 3) {
    refuseFourth(event.target);
    return;
  }
  // Three chosen answer the refusal of an earlier try ("Choose exactly three cards").
  if (showPicked(event.target.form) === 3) {
    for (const refusal of document.querySelectorAll("#table > .error")) refusal.remove();
  }
});

document.addEventListener("focusin", (event) => {
  if (event.target.matches && event.target.matches(".pickable input")) rovePick(event.target);
});

document.addEventListener("keydown", (event) => {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  if (!event.target.matches || !event.target.matches(".pickable input")) return;
  const cards = [...document.querySelectorAll(".pickable input")];
  const at = cards.indexOf(event.target);
  const next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  event.preventDefault();
  event.stopImmediatePropagation();
  next.focus();
});

function setUpPick(root) {
  const form = root.querySelector && root.querySelector("#act");
  if (!form || !form.querySelector(".pickable")) return;
  showPicked(form);
  rovePick(form.querySelector(".pickable input:focus"));
}

document.addEventListener("DOMContentLoaded", () => setUpPick(document));
document.addEventListener("htmx:load", (event) => setUpPick(event.target));
