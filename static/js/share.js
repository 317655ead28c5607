// A result to share (templates/share.html): Copy puts the text on the clipboard, and Share…
// opens the system's share sheet where the browser has one (navigator.share; the button
// stays hidden elsewhere). Buttons arrive with htmx swaps too, so clicks are taken at the
// document. What is said after a click comes from the box's data attributes, in the page's
// language.
"use strict";

function shareBox(element) {
  return element.closest && element.closest("[data-share]");
}

function shareSaid(box, key) {
  const status = box.querySelector("[data-share-status]");
  if (status) status.textContent = box.dataset[key] || "";
}

function shareText(box) {
  return box.querySelector("[data-share-text]").value;
}

async function copyShared(box) {
  try {
    await navigator.clipboard.writeText(shareText(box));
    shareSaid(box, "copied");
  } catch (error) {
    // No clipboard (an insecure origin, a refusal): the text is selected to copy by hand.
    box.querySelector("[data-share-text]").select();
    shareSaid(box, "copyFailed");
  }
}

async function sendShared(box) {
  try {
    await navigator.share({ text: shareText(box) });
  } catch (error) {
    // Closing the sheet is no error worth a word.
  }
}

document.addEventListener("click", (event) => {
  const box = shareBox(event.target);
  if (!box) return;
  if (event.target.closest("[data-share-copy]")) copyShared(box);
  else if (event.target.closest("[data-share-send]")) sendShared(box);
});

function offerShareSheets() {
  if (typeof navigator.share !== "function") return;
  for (const button of document.querySelectorAll("[data-share-send]")) button.hidden = false;
}

document.addEventListener("DOMContentLoaded", offerShareSheets);
document.addEventListener("htmx:afterSwap", offerShareSheets);
