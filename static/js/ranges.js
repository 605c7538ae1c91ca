// The range page, progressive enhancement (the form works without this file):
// - a 13x13 grid edits the range field last focused: click or drag to paint classes on or off;
//   Pairs / Suited / Offsuit add every class of a kind, Clear empties the range. The server
//   parses the text (one parser, in Python) and gives back each class's share and the combos;
// - Run streams the work from the server (newline-delimited JSON) with a progress bar;
//   Cancel aborts the fetch, which stops the work on the server;
// - the address bar follows the spot, so a link shares it.
import { clear, count, h } from "./dom.js";

const form = document.querySelector("form[data-ranges]");
if (form) enhance(form);

function enhance(form) {
  const fields = [...form.querySelectorAll("input[name=range]")];
  const editor = form.querySelector(".rg-editor");
  const cells = new Map([...editor.querySelectorAll("td[data-class]")]
    .map((td) => [td.dataset.class, td]));
  const progress = document.querySelector(".rg-progress");
  const bar = progress.querySelector("progress");
  const status = progress.querySelector(".rg-status");
  const errorBox = document.querySelector(".rg-error");
  const result = document.querySelector(".rg-result");
  const cancel = form.querySelector(".rg-cancel");
  const submit = form.querySelector("button[type=submit]");
  const suits = form.querySelector("input[name=suits]");
  let target = fields[0];
  let parsed = new Map();  // field -> the server's answer for its text
  let controller = null;

  editor.hidden = false;
  addPlayerButton();

  async function parse(field) {
    const url = `${form.dataset.parse}?${new URLSearchParams({
      range: field.value, suits: suits.checked ? "es" : "en" })}`;
    const answer = await fetch(url).then((r) => r.json()).catch(() => null);
    if (!answer) return null;
    const counter = field.closest("label").querySelector(".rg-count");
    if (answer.error) {
      counter.textContent = answer.error;
      counter.classList.add("rg-bad");
      return null;
    }
    counter.classList.remove("rg-bad");
    counter.textContent = field.value.trim()
      ? `${combos(answer.combos)} (${answer.percent.toFixed(1)}%)` : "";
    parsed.set(field, answer);
    if (field === target) paint(answer);
    return answer;
  }

  function paint(answer) {
    for (const [name, td] of cells) {
      const share = answer.classes[name] || 0;
      td.classList.toggle("on", share >= 1);
      td.classList.toggle("some", share > 0 && share < 1);
      td.style.setProperty("--share", String(share));
    }
    editor.querySelector(".rg-who").textContent = target.dataset.player;
    editor.querySelector(".rg-total").textContent =
      `${combos(answer.combos)}, ${answer.percent.toFixed(1)}% of all hands`;
  }

  function aim(field) {
    target.classList.remove("ln-target");
    target = field;
    target.classList.add("ln-target");
    const known = parsed.get(field);
    if (known) paint(known); else parse(field);
  }

  // Text from the grid: whole classes painted on, plus the partial classes (weights,
  // single combos) of the current text left as they were; the server then tidies it.
  async function commit() {
    const answer = parsed.get(target) || { partial: {} };
    const parts = [];
    for (const [name, td] of cells) {
      if (td.classList.contains("on")) parts.push(name);
      else if (td.classList.contains("some") && answer.partial[name]) {
        parts.push(answer.partial[name]);
      }
    }
    target.value = parts.join(", ");
    const tidy = await parse(target);
    if (tidy) target.value = tidy.text;
  }

  let painting = null;  // true: painting on, false: off, null: not painting
  for (const td of cells.values()) {
    td.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      painting = !td.classList.contains("on");
      setCell(td, painting);
    });
    td.addEventListener("pointerenter", () => { if (painting !== null) setCell(td, painting); });
  }
  document.addEventListener("pointerup", () => {
    if (painting === null) return;
    painting = null;
    commit();
  });
  editor.querySelector(".rg-grid").addEventListener("pointerdown", (event) => {
    if (event.target instanceof Element) event.target.releasePointerCapture?.(event.pointerId);
  });

  function setCell(td, on) {
    td.classList.toggle("on", on);
    td.classList.remove("some");
  }

  for (const button of editor.querySelectorAll("[data-fill]")) {
    button.addEventListener("click", () => {
      const kind = button.dataset.fill;
      for (const td of cells.values()) {
        if (kind === "clear") { td.classList.remove("on", "some"); continue; }
        if (td.classList.contains(kind)) setCell(td, true);
      }
      commit();
    });
  }

  for (const field of fields) wire(field);

  function wire(field) {
    field.addEventListener("focus", () => aim(field));
    let timer = null;
    field.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => parse(field), 250);
    });
    if (field.value.trim()) parse(field);
  }
  aim(target);

  function addPlayerButton() {
    const add = form.querySelector(".rg-add");
    const update = () => { add.hidden = fields.length >= 6; };
    add.addEventListener("click", () => {
      const last = fields[fields.length - 1].closest("label");
      const label = last.cloneNode(true);
      const input = label.querySelector("input");
      const number = fields.length + 1;
      input.value = "";
      input.dataset.player = String(number);
      input.placeholder = "optional";
      label.firstChild.textContent = `Player ${number}`;
      label.querySelector(".rg-count").textContent = "";
      last.after(label);
      fields.push(input);
      wire(input);
      update();
    });
    update();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  cancel.addEventListener("click", () => controller?.abort());

  async function run() {
    const query = new URLSearchParams([...new FormData(form)]
      .filter(([, value]) => String(value).trim()));
    history.replaceState(null, "", `?${query}`);
    controller?.abort();
    controller = new AbortController();
    errorBox.hidden = true;
    progress.hidden = false;
    bar.value = 0;
    bar.dataset.updates = "0";  // progress lines received (the browser test reads it)
    status.textContent = "Starting…";
    cancel.hidden = false;
    submit.disabled = true;
    clear(result);
    try {
      const response = await fetch(`${form.dataset.stream}?${query}`,
        { signal: controller.signal });
      if (!response.ok) {
        const answer = await response.json().catch(() => ({ error: "The server failed." }));
        throw new Error(answer.error);
      }
      let finished = false;
      await readLines(response, (message) => {
        finished ||= Boolean(message.result || message.error);
        handle(message);
      });
      if (!finished) throw new Error("The connection ended before the result came.");
    } catch (error) {
      if (error.name === "AbortError") status.textContent = "Cancelled.";
      else showError(error.message);
    } finally {
      cancel.hidden = true;
      submit.disabled = false;
      controller = null;
    }
  }

  function handle(message) {
    if (message.start) {
      const s = message.start;
      status.textContent = s.exact ? "Counting every deal on every board…"
        : `Dealing ${count(s.samples)} random deals…`;
      for (const note of s.capped) result.append(h("p", { class: "rg-capped" }, note));
    } else if (message.progress !== undefined) {
      bar.value = message.progress;
      bar.dataset.updates = String(Number(bar.dataset.updates) + 1);
      if (message.progress < 1) {
        status.textContent = `${Math.round(100 * message.progress)}%`;
      }
    } else if (message.result) {
      bar.value = 1;
      status.textContent = `Done in ${message.result.seconds} s.`;
      show(message.result);
    } else if (message.error) {
      showError(message.error);
    }
  }

  function showError(text) {
    progress.hidden = true;
    errorBox.hidden = false;
    errorBox.textContent = text.charAt(0).toUpperCase() + text.slice(1);
  }

  function show(data) {
    clear(result);
    const method = data.exact
      ? [h("strong", {}, "Exact"), `: ${count(data.deals)} deals and boards, every one counted.`]
      : [h("strong", {}, "Monte Carlo"), `: ${count(data.deals)} random deals (seed ${data.seed}); each equity ± its standard error.`];
    result.append(h("p", { class: "ln-method" }, method));
    for (const note of data.capped) result.append(h("p", { class: "rg-capped" }, note));
    const rows = data.players.map((p, i) => h("tr", {},
      h("th", { scope: "row" }, String(i + 1)),
      h("td", {}, h("code", {}, p.range)),
      h("td", { class: "num" }, round(p.combos)),
      h("td", { class: "num" }, pct(p.win)),
      h("td", { class: "num" }, pct(p.tie)),
      h("td", { class: "num ln-equity" }, h("strong", {}, pct(p.equity)),
        p.std_error !== null ? h("span", { class: "muted" }, ` ± ${pct(p.std_error)}`) : null,
        h("span", { class: "ln-bar", "aria-hidden": "true" },
          h("span", { style: { width: `${(100 * p.equity).toFixed(1)}%` } })))));
    result.append(h("table", { class: "ln-odds rg-table" },
      h("thead", {}, h("tr", {}, ["Player", "Range", "Combos", "Win", "Tie", "Equity"]
        .map((t, i) => h("th", { scope: "col", class: i > 1 ? "num" : null }, t)))),
      h("tbody", {}, rows)));
    data.players.forEach((p, i) => {
      if (p.hands.length < 2) return;
      // Combo by combo for a small range (a hand-vs-range breakdown), else class by class.
      const byCombo = p.hands.length <= 60;
      const items = byCombo
        ? [...p.hands].sort((a, b) => b.equity - a.equity)
          .map((c) => [c.cards, c.weight === 1 ? "1" : String(c.weight), c.equity])
        : p.classes.map((c) => [c.class, round(c.combos), c.equity]);
      const details = h("details", { class: "rg-breakdown" },
        h("summary", {}, `Player ${i + 1}, ${byCombo ? "combo by combo" : "hand by hand"}`),
        h("table", { class: "ln-odds" },
          h("thead", {}, h("tr", {}, h("th", {}, byCombo ? "Combo" : "Hand"),
            h("th", { class: "num" }, byCombo ? "Weight" : "Combos"),
            h("th", { class: "num" }, "Equity"))),
          h("tbody", {}, items.map(([name, weight, equity]) => h("tr", {}, h("td", {}, name),
            h("td", { class: "num" }, weight), h("td", { class: "num" }, pct(equity)))))));
      result.append(details);
    });
  }
}

async function readLines(response, handle) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line) handle(JSON.parse(line));
    }
  }
}

function pct(x) { return `${(100 * x).toFixed(2)}%`; }
function combos(x) { return `${round(x)} combo${x === 1 ? "" : "s"}`; }
function round(x) { return Number.isInteger(x) ? String(x) : x.toFixed(2); }
