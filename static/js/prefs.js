// Preferences kept in this browser (localStorage), and the turn beep (WebAudio, no file).

const PREFIX = "poker.";

export function getPref(name, fallback) {
  try {
    const value = window.localStorage.getItem(PREFIX + name);
    return value === null ? fallback : JSON.parse(value);
  } catch {
    return fallback;
  }
}

export function setPref(name, value) {
  try {
    window.localStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // Private mode or storage full: the preference lasts for this page only.
  }
}

let audio = null;

/** Browsers start audio only after a gesture: call this from a click or key press. */
export function unlockAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume();
}

/** Two short soft tones: "your turn". */
export function beep() {
  if (!audio || audio.state !== "running") return;
  const now = audio.currentTime;
  [0, 0.14].forEach((offset, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = i ? 988 : 740;
    gain.gain.setValueAtTime(0.0001, now + offset);
    gain.gain.exponentialRampToValueAtTime(0.18, now + offset + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.12);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + offset);
    osc.stop(now + offset + 0.13);
  });
}
