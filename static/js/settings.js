// The table's settings (templates/settings_dialog.html), kept on this device as the
// four-colour deck is: how fast the bots' cards come, sounds, a forced card played by itself,
// the last trick kept open. The other scripts ask `DokoSettings`; a change is told to them
// as a `doko:settings` event on the document.
"use strict";

const DokoSettings = (() => {
  const keys = {
    speed: "doko-speed",
    sound: "doko-sound",
    autoplay: "doko-autoplay",
    "last-trick": "doko-last-trick",
  };
  // How long the bots' cards take, against the server's pace (0 shows them at once): the
  // dialog's choice of that name, or its choice checked from the start when none was made.
  function pace(value) {
    const choices = [...document.querySelectorAll('[data-setting="speed"]')];
    return choices.find((choice) => choice.value === value) || choices.find((choice) => choice.defaultChecked);
  }

  function get(name) {
    return localStorage.getItem(keys[name]);
  }

  function set(name, value) {
    localStorage.setItem(keys[name], value);
    document.dispatchEvent(new CustomEvent("doko:settings", { detail: { name, value } }));
  }

  return {
    get,
    set,
    on: (name) => get(name) === "1",
    speed: () => {
      const chosen = pace(get("speed"));
      return chosen ? Number(chosen.dataset.factor) : 1;
    },
  };
})();

function showSettings(root) {
  for (const field of root.querySelectorAll ? root.querySelectorAll("[data-setting]") : []) {
    const value = DokoSettings.get(field.dataset.setting);
    if (field.type === "radio") field.checked = value ? field.value === value : field.defaultChecked;
    else field.checked = value === "1";
  }
}

document.addEventListener("change", (event) => {
  const field = event.target;
  if (!field.dataset || !field.dataset.setting) return;
  if (field.type === "radio") DokoSettings.set(field.dataset.setting, field.value);
  else DokoSettings.set(field.dataset.setting, field.checked ? "1" : "0");
});

document.addEventListener("DOMContentLoaded", () => showSettings(document));
