// Learning pages, progressive enhancement: the forms work without this file.
// - a card picker under forms marked data-picker: click a card to type it into the last field
//   used (cards already typed are greyed out); with data-hole="2" a hand takes two cards a line
//   (four when the form's game select says Omaha);
// - a busy label on submit; keys A, B, S and N in the quiz.
import { h } from "./dom.js";
import { RANKS, SUITS, rankText, typedCards } from "./cards.js";

function enhancePicker(form) {
  const fields = [...form.querySelectorAll("textarea, input[type=text]")];
  const game = form.querySelector("select[name=game]");
  const holeSize = () => (game && game.value === "omaha" ? 4 : Number(form.dataset.hole || 0));
  let target = fields[0];
  const grid = h("div", { class: "ln-picker", hidden: "", role: "group", "aria-label": "Cards" });
  const buttons = new Map();
  for (const suit of Object.keys(SUITS)) {
    for (const rank of RANKS) {
      const code = rank + suit;
      const button = h("button", {
        type: "button", class: `suit-${suit}`, title: code, "aria-label": code,
      }, h("span", {}, rankText(rank)), h("span", { "aria-hidden": "true" }, SUITS[suit]));
      button.addEventListener("click", () => addCard(code));
      buttons.set(code, button);
      grid.append(button);
    }
  }
  const toggle = h("button", { type: "button", class: "ln-toggle", "aria-expanded": "false" },
    "Pick cards");
  toggle.addEventListener("click", () => {
    grid.hidden = !grid.hidden;
    toggle.setAttribute("aria-expanded", String(!grid.hidden));
  });
  const actions = form.querySelector(".ln-actions");
  actions.append(toggle);
  actions.after(grid);

  function refresh() {
    const used = new Set(fields.flatMap((field) => typedCards(field.value)));
    for (const [code, button] of buttons) button.disabled = used.has(code);
  }

  function addCard(code) {
    let text = target.value.replace(/\s+$/, "");
    if (target.tagName === "TEXTAREA") {
      const lines = text.split("\n");
      const last = lines[lines.length - 1];
      const hole = holeSize();
      if (hole && typedCards(last).length >= hole) text += "\n";
      else if (last.trim()) text += " ";
    } else if (text) {
      text += " ";
    }
    target.value = text + code;
    refresh();  // no focus(): on phones it would open the keyboard over the picker
  }

  function aim(field) {
    target.classList.remove("ln-target");
    target = field;
    target.classList.add("ln-target");
  }

  for (const field of fields) {
    field.addEventListener("focus", () => aim(field));
    field.addEventListener("input", refresh);
  }
  aim(target);
  refresh();
}

function busyOnSubmit(form) {
  form.addEventListener("submit", () => {
    const button = form.querySelector("button[type=submit]");
    if (!button) return;
    setTimeout(() => { button.disabled = true; button.textContent = "Working…"; }, 0);
  });
}

function quizKeys() {
  const form = document.querySelector(".ln-quiz-form");
  const next = document.querySelector(".ln-quiz a.button");
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (form) {
      const value = { a: "0", b: "1", s: "split" }[key];
      const button = value && form.querySelector(`button[value="${value}"]`);
      if (button) { event.preventDefault(); button.click(); }
    } else if (next && key === "n") {
      event.preventDefault();
      next.click();
    }
  });
}

for (const form of document.querySelectorAll("form[data-picker]")) {
  enhancePicker(form);
  busyOnSubmit(form);
}
if (document.querySelector(".ln-quiz")) quizKeys();
