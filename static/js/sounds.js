// The table's sounds, made with WebAudio (no files): a deal, a check, a bet, a fold, a win
// and "your turn", at the volume this browser keeps (prefs "sound" and "volume"). What
// changed is read from two views in a row, as drawn (a run-out's street as it is shown).
import { getPref, setPref } from "./prefs.js";

let audio = null;
export const played = []; // [{name, volume}], the last few sounds played (for the tests)

/** Browsers start audio only after a gesture: call this from a click or key press. */
export function unlockAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
}

export const soundOn = () => getPref("sound", true);
export const volume = () => Math.min(1, Math.max(0, Number(getPref("volume", 0.5)) || 0));
export function setVolume(value) {
  setPref("volume", Math.min(1, Math.max(0, Number(value))));
}

// Each sound: tones of [frequency in Hz, start in s, length in s, wave].
const SOUNDS = {
  turn: [[740, 0, 0.12, "sine"], [988, 0.14, 0.12, "sine"]],
  deal: [[1400, 0, 0.03, "triangle"], [1200, 0.06, 0.03, "triangle"]],
  check: [[220, 0, 0.05, "square"], [220, 0.09, 0.05, "square"]],
  bet: [[1800, 0, 0.04, "triangle"], [2200, 0.05, 0.05, "triangle"]],
  fold: [[330, 0, 0.12, "sine"], [247, 0.08, 0.14, "sine"]],
  win: [[523, 0, 0.12, "sine"], [659, 0.1, 0.12, "sine"], [784, 0.2, 0.22, "sine"]],
};

/** Play `name` at the kept volume; nothing while sound is off or the volume is 0. */
export function play(name) {
  const level = volume();
  if (!soundOn() || level === 0 || !SOUNDS[name]) return;
  played.push({ name, volume: level });
  while (played.length > 50) played.shift();
  if (!audio || audio.state !== "running") return;
  const now = audio.currentTime;
  for (const [frequency, start, length, wave] of SOUNDS[name]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.3 * level, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.01);
  }
}

/** What a view drawn after `before` sounds like: a new deal, a fold, a bet (chips put in),
 * a check (the turn passed with nothing put in), or the hand won by `you`. */
export function soundsBetween(before, after) {
  // A page just opened says nothing: only what changes while it is watched sounds.
  if (!before || !after.hand) return [];
  const was = before.hand;
  const hand = after.hand;
  if (!was || was.number !== hand.number) return hand.complete ? [] : ["deal"];
  const sounds = [];
  const old = new Map(before.seats.map((s) => [s.number, s]));
  let moved = false;
  for (const seat of after.seats) {
    const prior = old.get(seat.number);
    if (!prior) continue;
    if (seat.folded && !prior.folded) sounds.push("fold");
    if (seat.bet > prior.bet) {
      sounds.push("bet");
      moved = true;
    }
    if (seat.folded !== prior.folded) moved = true;
  }
  if (!moved && !was.complete && !hand.complete && was.to_act !== hand.to_act
    && was.street === hand.street) sounds.push("check");
  if (hand.complete && !was.complete) {
    const mine = after.you && after.you.seat;
    const won = hand.results.some((pot) => pot.winners.some((w) => w.seat === mine));
    if (won) sounds.push("win");
  }
  return [...new Set(sounds)];
}

/** The table's mute `button` and volume `slider` (0-100), both kept in this browser. */
export function soundControls(button, slider) {
  const show = () => {
    const on = soundOn();
    button.textContent = on ? "Sound on" : "Sound off";
    button.setAttribute("aria-pressed", String(on));
    slider.value = String(Math.round(volume() * 100));
    slider.disabled = !on;
  };
  button.addEventListener("click", () => {
    unlockAudio();
    setPref("sound", !soundOn());
    show();
    play("turn");
  });
  slider.addEventListener("change", () => {
    unlockAudio();
    setVolume(Number(slider.value) / 100);
    play("turn");
  });
  show();
}
