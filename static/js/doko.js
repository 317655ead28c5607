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

// A tap on a dialog's backdrop closes it, as it does elsewhere (the backdrop's clicks come to
// the dialog itself, from outside its box).
document.addEventListener("click", (event) => {
  const dialog = event.target;
  if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return;
  const box = dialog.getBoundingClientRect();
  const outside = event.clientX < box.left || event.clientX > box.right
    || event.clientY < box.top || event.clientY > box.bottom;
  if (outside) dialog.close();
});

// A page the back button brings back from the browser's memory (its back/forward cache) is
// shown as it was when it was left: a home page without the game just started, or another
// player's after a restore key was typed. It is asked for again instead.
window.addEventListener("pageshow", (event) => {
  if (event.persisted) location.reload();
});

// The header's menu (a <details>) closes as a menu does: on a tap outside it, and on Escape,
// which gives the focus back to its button.
function closeMenus(except) {
  for (const menu of document.querySelectorAll("details.menu[open]")) {
    if (menu !== except) menu.open = false;
  }
}

document.addEventListener("click", (event) => closeMenus(event.target.closest("details.menu")));

document.addEventListener("keydown", (event) => {
  const menu = event.key === "Escape" && event.target.closest && event.target.closest("details.menu[open]");
  if (!menu) return;
  menu.open = false;
  menu.querySelector("summary").focus();
});

document.addEventListener("change", (event) => {
  const field = event.target;
  if (field.name === "preset" && field.dataset.defaults) applyPresetDefaults(field);
});

// A form that asks first (`data-confirm`) is sent only if the player says yes. A page's form
// is sent once: on a slow link a second tap on Daily game, New game or the Rules dialog's
// button sent it again, and started a second game (a newcomer's daily start, a second player
// with a ranked attempt nobody could reach). The table's forms go by htmx, which sends one
// request at a time itself. A send that got no page back may go again after
// `RESEND_AFTER_MS`.
const RESEND_AFTER_MS = 10000;
document.addEventListener("submit", (event) => {
  const form = event.target;
  const message = form.dataset.confirm;
  if (message && !window.confirm(message)) {
    event.preventDefault();
    return;
  }
  if (event.defaultPrevented || form.method !== "post" || form.hasAttribute("hx-post")) return;
  if (form.dataset.sent) {
    event.preventDefault();
    return;
  }
  form.dataset.sent = "yes";
  setTimeout(() => delete form.dataset.sent, RESEND_AFTER_MS);
});

// The pace of the bots' cards chosen in the table's settings (settings.js), as a factor of
// the server's: every time of the animation is multiplied by it.
function paced(ms) {
  return typeof DokoSettings === "undefined" ? ms : ms * DokoSettings.speed();
}

// Animation timings come as data-vars="--delay:500ms;--win:900ms": the page allows no inline
// style attribute, but setting custom properties from a script is allowed. A table with
// cards to show takes taps no sooner than `READY_AT_LEAST_MS` whatever the pace: at "At once"
// its cards were tappable the moment it came, and a double tap's second tap played a card of
// a table nobody had seen. (One with nothing to show, a page loaded, is ready at once.)
const READY_AT_LEAST_MS = 250;

function applyVars(root) {
  const marked = root.querySelectorAll ? root.querySelectorAll("[data-vars]") : [];
  for (const element of [root, ...marked]) {
    if (!element.dataset || !element.dataset.vars) continue;
    for (const pair of element.dataset.vars.split(";")) {
      const [name, value] = pair.split(":");
      if (!name || !value) continue;
      const least = name.trim() === "--ready" ? READY_AT_LEAST_MS : 0;
      const timed = value.trim().replace(/(\d+(?:\.\d+)?)ms/g, (_, ms) => {
        const shown = Number(ms) ? Math.max(least, paced(Number(ms))) : 0;
        return `${shown}ms`;
      });
      element.style.setProperty(name.trim(), timed);
    }
  }
}

// The live region reads the latest step once, in the page's language: the table sends its
// lines (bot cards, trick winners, announcements, the end of the hand) with the moment each
// appears on the table.
function speak(root) {
  const lines = root.querySelectorAll ? root.querySelectorAll(".speech li") : [];
  for (const line of lines) {
    const at = Number(line.dataset.at) || 0;
    setTimeout(() => say(line.textContent), paced(at));
  }
}

function say(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  const said = document.createElement("p");
  said.textContent = text;
  region.append(said);
  while (region.childElementCount > 8) region.firstElementChild.remove();
}

// A refusal that replaces the page's content after a click (429: too many clicks) is read out
// and its way back gets the focus, which the replaced content took with it.
function tellMessage(root) {
  if (!root.matches || !root.matches("section.message")) return;
  say([...root.querySelectorAll("h1, p:not(:has(a))")].map((part) => part.textContent.trim()).join(" "));
  const back = root.querySelector(".button.primary");
  if (back) back.focus({ preventScroll: true });
}

// After the table changes, focus goes to the first playable card (or the first choice).
function focusFirst(root) {
  if (!root.matches || !root.matches("#table")) return;
  const first = root.querySelector(
    ".hand .playable, .controls button, .pickable input, .next-hand, " +
      ".summary .nickname input:not([type=hidden]), .summary .primary",
  );
  if (!first) return;
  giveFocus(first);
  if (document.activeElement !== first) focusOnceShown(root, first);
}

// The game's last sheet is long: its first field or button (the nickname a daily asks for,
// or New game) is scrolled into view with the focus, so that Enter never acts on a button the
// player cannot see. Everything else the focus goes to is in view already (Next hand stays
// at the screen's foot), and the table keeps still.
function giveFocus(control) {
  const lastSheet = control.closest(".summary") && !control.matches(".next-hand");
  control.focus({ preventScroll: !lastSheet });
}

// The hand's sheet, and its Next hand, stay hidden until the hand's last cards have been shown,
// and a hidden button takes no focus: the focus was left on the page, so Enter did nothing and
// Next hand lay a score of Tabs away. It is given the focus as the animations that hide it
// end, unless the player has put the focus somewhere meanwhile.
function focusOnceShown(root, first) {
  const later = () => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (root.isConnected && lost) giveFocus(first);
    if (!root.isConnected || !lost || document.activeElement === first) {
      root.removeEventListener("animationend", later);
    }
  };
  root.addEventListener("animationend", later);
}

// A table wider than the screen scrolls sideways, which nothing on a phone shows: its cue
// (a sentence the page gives, hidden) shows while the table after it is wider than its box.
function showScrollCues() {
  for (const cue of document.querySelectorAll("[data-scroll-cue]")) {
    const scroller = cue.nextElementSibling;
    cue.hidden = !scroller || scroller.scrollWidth <= scroller.clientWidth + 1;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  applyColours();
  applyVars(document.body);
  showScrollCues();
});
window.addEventListener("resize", showScrollCues);
// The timings are set as soon as the new table is in the page, in the same task: at
// `htmx:load`, after htmx's settling, the table would already have been shown, and its
// buttons tappable, for a frame or two before the bots' cards had started.
document.addEventListener("htmx:afterSwap", () => applyVars(document.body));
document.addEventListener("htmx:load", (event) => {
  speak(event.target);
  focusFirst(event.target);
  tellMessage(event.target);
});

// The table's buttons wait until the bots' cards have been shown: a tap cannot reach them (the
// stylesheet's `unlock` animation), and a key may not press them either. Enter pressed twice
// would otherwise play the card the new table gives the focus to, or deal the next hand over
// the summary, before the player has seen either. The press shows the table at once instead,
// as a tap on the trick does: the next press plays on a table the player has seen.
function stillShowing(table) {
  const act = table && table.querySelector(".act");
  if (!act) return false;
  return act.getAnimations().some((shown) => shown.animationName === "unlock" && shown.playState === "running");
}

document.addEventListener(
  "click",
  (event) => {
    const button = event.target.closest && event.target.closest("#table form button");
    const table = button && button.closest("#table");
    if (!table || !stillShowing(table)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    table.classList.add("fast");
  },
  true,
);

// While it waits, the hand lets a tap through to whatever lies behind it, so the handler above
// never sees it: a player tapping the next card during the bots' cards saw nothing happen
// for up to three seconds. A tap inside the waiting row shows the table at once, as a tap
// on the trick does; the card is played by the next tap, on a table the player has seen.
document.addEventListener("click", (event) => {
  const table = document.getElementById("table");
  if (!table || !stillShowing(table)) return;
  const row = table.querySelector(".act").getBoundingClientRect();
  const inside = event.clientX >= row.left && event.clientX <= row.right
    && event.clientY >= row.top && event.clientY <= row.bottom;
  if (inside) table.classList.add("fast");
});

// A key held down repeats: Enter held on a card would play it, then (the table shown at once)
// the card the new table focuses, and so on, none of them chosen; A held would make every
// call up to "no 30". At the table only a fresh press of a key that acts is taken.
const ACTING_KEYS = new Set(["Enter", " ", "a", "h", "n"]);
document.addEventListener(
  "keydown",
  (event) => {
    if (!event.repeat || !ACTING_KEYS.has(event.key) || !document.getElementById("table")) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  },
  true,
);

// ← and → move between the playable cards (Enter plays the focused one).
function stepCard(event) {
  const cards = [...document.querySelectorAll(".hand .playable")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0 || !cards.length) return false;
  const next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  next.focus();
  return true;
}

// Keys: ← and → step through a hand's review (at the table: between playable cards); H asks
// for a hint, A announces the next call, N deals the next hand, C focuses the first playable
// card. Not while typing in a field.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && stepCard(event)) {
    event.preventDefault();
    return;
  }
  const keys = {
    ArrowLeft: ".review-steps a[rel=prev]",
    ArrowRight: ".review-steps a[rel=next]",
    h: "[data-hint]",
    a: ".announce-next",
    n: ".next-hand",
    c: ".hand .playable",
  };
  const target = keys[event.key] && document.querySelector(keys[event.key]);
  if (!target) return;
  event.preventDefault();
  if (event.key === "c") target.focus();
  else target.click();
});

// A click the server could not answer (a 5xx: htmx swaps nothing), or whose answer never came
// (a dropped connection, or none within the page's htmx timeout; it may have reached the
// server all the same): without a word the tap would seem to do nothing, and a request that
// hung left the table waiting for good. The message stands where the server's own refusals
// stand, next to what was clicked, in place of an earlier refusal it would contradict, and
// offers a reload, which shows the game as the server has it. The next answered request
// takes it away.
function showFailure(event, reason) {
  const template = document.getElementById("request-failed");
  const clicked = event.detail.elt;
  if (!template || !clicked || !clicked.isConnected) return;
  clearFailures();
  for (const refusal of document.querySelectorAll("#table .error[role=alert]")) refusal.remove();
  const message = template.content.firstElementChild.cloneNode(true);
  message.querySelector(".why").textContent = template.dataset[reason];
  message.querySelector("a").href = location.href;
  clicked.before(message);
}

function clearFailures() {
  for (const message of document.querySelectorAll(".request-failed")) message.remove();
}

document.addEventListener("htmx:responseError", (event) => showFailure(event, "answer"));
document.addEventListener("htmx:sendError", (event) => showFailure(event, "connection"));
document.addEventListener("htmx:timeout", (event) => showFailure(event, "connection"));
document.addEventListener("htmx:afterRequest", (event) => {
  if (event.detail.successful) clearFailures();
});
