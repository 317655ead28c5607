// Doko's few behaviours that HTML alone cannot do. Event delegation on the document, so
// tables swapped in by htmx need no set-up.
"use strict";

const FOUR_COLOURS = "doko-four-colours";

function applyColours() {
  const on = localStorage.getItem(FOUR_COLOURS) === "1";
  document.body.classList.toggle("four-colour", on);
  for (const button of document.querySelectorAll("[data-toggle-colours]")) {
    button.setAttribute("aria-pressed", String(on));
  }
}

function countPicked(form) {
  const picked = form.querySelectorAll('input[name="cards"]:checked').length;
  const shown = form.querySelector(".picked");
  if (shown) shown.textContent = `(${picked} of 3 chosen)`;
}

function applyPresetDefaults(radio) {
  const defaults = JSON.parse(radio.dataset.defaults);
  const form = radio.form;
  for (const [name, value] of Object.entries(defaults)) {
    const field = form.elements.namedItem(name);
    if (!field) continue;
    if (field.type === "checkbox") field.checked = value === true;
    else field.value = String(value);
  }
}

document.addEventListener("click", (event) => {
  const target = event.target.closest("[data-open-dialog], [data-close-dialog], [data-toggle-colours], [data-speed-up]");
  if (!target) return;
  if (target.dataset.openDialog) document.getElementById(target.dataset.openDialog).showModal();
  if (target.hasAttribute("data-close-dialog")) target.closest("dialog").close();
  if (target.hasAttribute("data-toggle-colours")) {
    localStorage.setItem(FOUR_COLOURS, localStorage.getItem(FOUR_COLOURS) === "1" ? "0" : "1");
    applyColours();
  }
  if (target.hasAttribute("data-speed-up")) target.closest(".table").classList.add("fast");
});

document.addEventListener("change", (event) => {
  const field = event.target;
  if (field.name === "cards") countPicked(field.form);
  if (field.name === "preset" && field.dataset.defaults) applyPresetDefaults(field);
});

document.addEventListener("submit", (event) => {
  const message = event.target.dataset.confirm;
  if (message && !window.confirm(message)) event.preventDefault();
});

// Animation timings come as data-vars="--delay:500ms;--win:900ms": the page allows no inline
// style attribute, but setting custom properties from a script is allowed.
function applyVars(root) {
  const marked = root.querySelectorAll ? root.querySelectorAll("[data-vars]") : [];
  for (const element of [root, ...marked]) {
    if (!element.dataset || !element.dataset.vars) continue;
    for (const pair of element.dataset.vars.split(";")) {
      const [name, value] = pair.split(":");
      if (name && value) element.style.setProperty(name.trim(), value.trim());
    }
  }
}

document.addEventListener("DOMContentLoaded", () => {
  applyColours();
  applyVars(document.body);
});
document.addEventListener("htmx:load", (event) => applyVars(event.target));

// Keys: ← and → step through a hand's review; H asks for a hint at the table. Not while
// typing in a field.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  const keys = { ArrowLeft: ".review-steps a[rel=prev]", ArrowRight: ".review-steps a[rel=next]", h: "[data-hint]" };
  const target = keys[event.key] && document.querySelector(keys[event.key]);
  if (!target) return;
  event.preventDefault();
  target.click();
});
