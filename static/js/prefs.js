// Preferences kept in this browser (localStorage). The sounds are in sounds.js.

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
