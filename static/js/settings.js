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
  // How long the bots' cards take, against the server's pace: 0 shows them at once.
  const speeds = { slow: 1.6, normal: 1, fast: 0.5, instant: 0 };

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
    speed: () => speeds[get("speed")] ?? 1,
  };
})();

function showSettings(root) {
  for (const field of root.querySelectorAll ? root.querySelectorAll("[data-setting]") : []) {
    const value = DokoSettings.get(field.dataset.setting);
    if (field.type === "radio") field.checked = field.value === (value || "normal");
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
