// Picking the cards of an Armut (templates/table.html's `.pick`, whose `data-cards` says how
// many: three): the count, the button that waits for exactly that many, one more card refused
// (the count line says to unpick one first), the refusal of an earlier try cleared once all
// are chosen, and the arrow keys from card to card (Tab goes on to the button: one stop for
// the cards).
"use strict";

function cardsToPick(form) {
  const pick = form.querySelector(".pick");
  return pick ? Number(pick.dataset.cards) : 0;
}

function pickedCount(form) {
  return form.querySelectorAll('input[name="cards"]:checked').length;
}

function showPicked(form) {
  const picked = pickedCount(form);
  const shown = form.querySelector(".picked");
  if (shown) shown.textContent = shown.dataset.template.replace("{n}", String(picked));
  const pass = form.querySelector(".pick button");
  if (pass) pass.disabled = picked !== cardsToPick(form);
  return picked;
}

// One Tab stop for the cards, the focused one (or the first): the arrows move between them.
function rovePick(current) {
  const cards = [...document.querySelectorAll(".pickable input")];
  const stop = current || cards[0];
  for (const card of cards) card.tabIndex = card === stop ? 0 : -1;
}

function refuseOneMore(card) {
  card.checked = false;
  const shown = card.form.querySelector(".picked");
  if (shown) shown.textContent = shown.dataset.full;
}

document.addEventListener("change", (event) => {
  if (event.target.name !== "cards" || !event.target.form) return;
  const form = event.target.form;
  if (event.target.checked && pickedCount(form) > cardsToPick(form)) {
    refuseOneMore(event.target);
    return;
  }
  // The cards all chosen answer the refusal of an earlier try ("Choose exactly three cards").
  if (showPicked(form) === cardsToPick(form)) {
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
