// Short sounds made in the browser (Web Audio: no sound files to load) as the table shows a
// card, a trick's winner and a call, when the settings have sound on. The table lists them
// with their moments as `data-cues="card@0 card@500 trick@1500"` (app/table/pace.py), at the pace
// the settings chose; a tap that shows the table at once leaves the rest unsaid.
"use strict";

let audio = null;

function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume();
  return audio;
}

function tone(context, frequency, start, length, volume, type = "sine") {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(volume, start);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + length);
}

// A card put down: a short burst of noise, fading fast, through a band-pass.
function snap(context, start) {
  const length = 0.06;
  const buffer = context.createBuffer(1, Math.ceil(context.sampleRate * length), context.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i++) samples[i] = (Math.random() * 2 - 1) * (1 - i / samples.length) ** 3;
  const source = context.createBufferSource();
  source.buffer = buffer;
  const band = context.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 1800;
  const gain = context.createGain();
  gain.gain.value = 0.6;
  source.connect(band).connect(gain).connect(context.destination);
  source.start(start);
}

const SOUNDS = {
  card: (context, start) => snap(context, start),
  // A trick taken: two soft notes going up.
  trick: (context, start) => {
    tone(context, 587, start, 0.12, 0.15);
    tone(context, 880, start + 0.09, 0.18, 0.15);
  },
  // A call: a brighter chord that rings a little longer.
  call: (context, start) => {
    tone(context, 523, start, 0.4, 0.18, "triangle");
    tone(context, 784, start, 0.4, 0.1, "triangle");
  },
};

function playSound(name) {
  if (!DokoSettings.on("sound") || document.querySelector("#table.fast")) return;
  const context = audioContext();
  if (context) SOUNDS[name](context, context.currentTime);
}

let cueTimers = [];

function playCues(root) {
  const table = root.matches && root.matches("#table") ? root : null;
  if (!table) return;
  for (const timer of cueTimers) clearTimeout(timer);
  cueTimers = [];
  if (!table.dataset.cues || !DokoSettings.on("sound")) return;
  for (const cue of table.dataset.cues.split(" ")) {
    const [name, at] = cue.split("@");
    if (SOUNDS[name]) cueTimers.push(setTimeout(() => playSound(name), paced(Number(at))));
  }
}

document.addEventListener("htmx:load", (event) => playCues(event.target));
// Sound switched on in the settings: a card's sound at once, to hear it (and, the switch
// being a tap, the browser lets the page's audio start).
document.addEventListener("doko:settings", (event) => {
  if (event.detail.name === "sound" && event.detail.value === "1") playSound("card");
});
