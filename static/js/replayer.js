// The hand replayer: steps through a finished hand, one event at a time.
// Everything drawn comes from the JSON the server embedded (#replay-data): the steps were built
// by replaying the hand through the engine and hold only the cards this viewer may see. Each
// step is a felt view in the live table's shape, drawn by the live table's own felt.js.
import { cardFace } from "./cards.js";
import { h } from "./dom.js";
import { fairBox } from "./fairness.js";
import { renderFelt } from "./felt.js";

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
  "#e377c2", "#7f7f7f", "#bcbd22"];
const PLAY_MS = 900;
const SVG = "http://www.w3.org/2000/svg";

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) {
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

// Every figure drawn is written by the server (`amounts`: units -> text, in the hand's
// money for imported hands, games/history/replay/replayer.py); the page formats no money itself.
let amounts = {};
const chips = (n) => amounts[String(n)] ?? String(n);
const pct = (x) => (x === null || x === undefined ? "–" : `${(100 * x).toFixed(1)}%`);

// Scroll the action list's own box to the current line, never the page: scrollIntoView
// scrolls every scrolling ancestor too, so End or Home jumped the page.
function keepInList(list, item) {
  const box = list.getBoundingClientRect();
  const line = item.getBoundingClientRect();
  if (line.top < box.top) list.scrollTop -= box.top - line.top;
  else if (line.bottom > box.bottom) list.scrollTop += line.bottom - box.bottom;
}

export class Replayer {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.steps = data.steps;
    this.index = 0;
    this.timer = null;
    this.players = new Map(data.players.map((p) => [p.seat, p]));
    this.maxSeats = Math.max(data.max_seats || 0, ...data.players.map((p) => p.seat));
    this.anchor = data.viewer_seat || data.players[data.players.length - 1].seat;
    this.felt = root.querySelector("#rp-felt");
    this.slider = root.querySelector("#rp-slider");
    this.count = root.querySelector("#rp-count");
    this.now = root.querySelector("#rp-now");
    this.log = root.querySelector("#rp-log");
    this.resultBox = root.querySelector("#rp-result");
    this.equityBox = root.querySelector("#rp-equity");
    this.playButton = root.querySelector('[data-go="play"]');
    this.slider.max = String(this.steps.length - 1);
    this.buildLog();
    this.buildEquity();
    this.buildFairDeal();
    this.bind();
    this.show(this.startingStep());
  }

  // "?decision=N" (the coach's review links to a mistake): the felt as it stood when the
  // hand's action N (from 0) was to be taken, the last step before it.
  startingStep() {
    const asked = new URLSearchParams(window.location.search).get("decision");
    const decision = asked === null || asked === "" ? NaN : Number(asked);
    if (!Number.isInteger(decision) || decision < 0) return 0;
    const before = this.steps.findLastIndex((step) => step.actions === decision);
    return Math.max(0, before);
  }

  bind() {
    const actions = {
      first: () => this.show(0),
      prev: () => this.show(this.index - 1),
      next: () => this.show(this.index + 1),
      last: () => this.show(this.steps.length - 1),
      play: () => this.toggle(),
    };
    for (const button of this.root.querySelectorAll("[data-go]")) {
      button.addEventListener("click", () => {
        if (button.dataset.go !== "play") this.stop();
        actions[button.dataset.go]();
      });
    }
    this.slider.addEventListener("input", () => {
      this.stop();
      this.show(Number(this.slider.value));
    });
    document.addEventListener("keydown", (event) => {
      const target = event.target;
      if (target.closest && target.closest("input, textarea, select, a")) return;
      // A focused button keeps Space and Enter for itself (they press it).
      if (target.closest && target.closest("button") && [" ", "Enter"].includes(event.key)) return;
      const keys = {
        ArrowRight: actions.next, ArrowLeft: actions.prev, Home: actions.first,
        End: actions.last, " ": actions.play,
      };
      const act = keys[event.key];
      if (!act || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (event.key !== " ") this.stop();
      act();
    });
  }

  toggle() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.index >= this.steps.length - 1) this.show(0);
    this.playButton.setAttribute("aria-pressed", "true");
    this.playButton.textContent = "⏸ Pause";
    this.timer = setInterval(() => {
      if (this.index >= this.steps.length - 1) this.stop();
      else this.show(this.index + 1);
    }, PLAY_MS);
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.playButton.setAttribute("aria-pressed", "false");
    this.playButton.textContent = "▶ Play";
  }

  show(index) {
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    const step = this.steps[this.index];
    this.slider.value = String(this.index);
    this.count.textContent = `Step ${this.index + 1} of ${this.steps.length}`;
    this.now.textContent = step.label;
    this.drawFelt(step);
    for (const [k, item] of [...this.log.children].entries()) {
      const current = k === this.index;
      item.classList.toggle("current", current);
      item.classList.toggle("future", k > this.index);
      if (current) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
    const item = this.log.children[this.index];
    if (item) keepInList(this.log, item);
    this.drawResult(this.isLast());
    this.markStreet(step.hand.street);
  }

  isLast() {
    return this.index === this.steps.length - 1;
  }

  drawFelt(step) {
    const view = {
      max_seats: this.maxSeats,
      you: { seat: this.data.viewer_seat },
      seats: step.seats,
      hand: step.hand,
    };
    renderFelt(this.felt, view, {
      anchor: this.anchor,
      money: chips,
      positions: true,
      acting: step.kind === "start" ? null : step.seat,
      results: false, // the result panel below the felt says who won
    });
  }

  buildLog() {
    const streets = new Set();
    const items = this.steps.map((step, k) => {
      const street = step.hand.street;
      const heading = !streets.has(street) && step.kind === "deal_board";
      streets.add(street);
      return h(
        "li",
        { class: heading ? "street" : "", dataset: { step: k } },
        h("button", { type: "button", class: "link", onclick: () => { this.stop(); this.show(k); } },
          step.label),
      );
    });
    this.log.replaceChildren(...items);
  }

  drawResult(visible) {
    if (!visible) {
      this.resultBox.replaceChildren();
      return;
    }
    const name = (seat) => (this.players.get(seat) || { name: `seat ${seat}` }).name;
    // The server's sentences, the same as the live table's and the log's.
    const pots = (this.data.result.rows || []).flatMap((pot) =>
      pot.winners.map((w) => h("li", { dataset: { pot: pot.covers.join(" ") } }, w.text)));
    // The 7-2 bounty's payments, after the pots (games/engine/bounty.py).
    const bounties = (this.data.result.bounties || []).map((b) =>
      h("li", { dataset: { role: "bounty", amount: b.amount } }, b.text));
    const shown = this.data.result.shown.map((hand) =>
      h("li", {}, h("strong", {}, name(hand.seat)), " ", hand.cards.map((c) => cardFace(c)), " ",
        hand.description, hand.best_five.length ? h("span", { class: "rp-best" }, " · best five: ",
          hand.best_five.map((c) => cardFace(c))) : null));
    const result = this.data.result;
    const notes = [];
    if (result.unsettled) notes.push(h("p", { class: "rp-unsettled" }, `Not settled: ${result.unsettled}`));
    if (result.rake) notes.push(h("p", { class: "rp-rake" }, `Rake: ${chips(result.rake)}`));
    // replaceChildren() would write a null as the text "null": leave absent parts out.
    const parts = [h("h2", {}, "Result"), ...notes, h("ul", { class: "rp-pot-results" }, [...pots, ...bounties])];
    if (shown.length) parts.push(h("ul", { class: "rp-shown" }, shown));
    this.resultBox.replaceChildren(...parts);
  }

  /** "Verify this deal" for a hand dealt here (none for other sites' hands, test decks). */
  buildFairDeal() {
    const box = this.root.querySelector("#rp-fair");
    const part = this.data.fair_deal;
    if (!box || !part) return;
    box.append(fairBox(part.record, () => part.known, { open: true }));
  }

  buildEquity() {
    const equity = this.data.equity;
    if (!equity) {
      this.equityBox.replaceChildren(
        h("h2", {}, "Equity"),
        h("p", { class: "muted" }, "Equity is shown when you can see at least two hands at a street " +
          "(yours and hands shown at showdown); hidden hands are never used."),
      );
      return;
    }
    const head = h("tr", {}, h("th", {}, "Hand"), equity.streets.map((st) =>
      h("th", { class: "num", dataset: { street: st } }, st[0].toUpperCase() + st.slice(1))));
    const rows = equity.hands.map((hand, k) =>
      h("tr", {}, h("th", { scope: "row" }, h("span", { class: "rp-swatch", style: { background: COLOURS[k % COLOURS.length] } }),
        hand.name, " ", hand.cards.map((c) => cardFace(c))),
      hand.equity.map((x, i) => h("td", { class: "num", dataset: { street: equity.streets[i] } }, pct(x)))));
    this.equityBox.replaceChildren(
      h("h2", {}, "Equity by street"),
      h("p", { class: "muted" }, "Exact, over every way the board could run out, among the hands you can see."),
      h("table", { class: "rp-equity-table" }, h("thead", {}, head), h("tbody", {}, rows)),
      this.chart(equity),
    );
  }

  chart(equity) {
    const width = 320;
    const height = 160;
    const pad = { left: 36, right: 12, top: 10, bottom: 24 };
    const n = equity.streets.length;
    const x = (i) => pad.left + (n === 1 ? 0.5 : i / (n - 1)) * (width - pad.left - pad.right);
    const y = (v) => pad.top + (1 - v) * (height - pad.top - pad.bottom);
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "rp-chart", role: "img",
      "aria-label": "Equity of each hand by street" });
    for (const v of [0, 0.5, 1]) {
      svg.append(s("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid" }));
      svg.append(s("text", { x: pad.left - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" }, `${v * 100}%`));
    }
    equity.streets.forEach((st, i) => {
      svg.append(s("rect", { x: x(i) - 14, y: pad.top, width: 28, height: height - pad.top - pad.bottom,
        class: "street-band", "data-street": st }));
      svg.append(s("text", { x: x(i), y: height - 6, "text-anchor": "middle", class: "axis" }, st));
    });
    equity.hands.forEach((hand, k) => {
      const colour = COLOURS[k % COLOURS.length];
      const points = hand.equity.map((v, i) => (v === null ? null : [x(i), y(v)])).filter(Boolean);
      if (points.length > 1) {
        svg.append(s("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none",
          stroke: colour, "stroke-width": 2 }));
      }
      for (const [px, py] of points) svg.append(s("circle", { cx: px, cy: py, r: 3.5, fill: colour }));
    });
    return svg;
  }

  markStreet(street) {
    const current = street === "showdown" ? "river" : street;
    for (const el of this.equityBox.querySelectorAll("[data-street]")) {
      el.classList.toggle("current", el.dataset.street === current);
    }
  }
}

function copyButton() {
  const button = document.getElementById("copy-share");
  const input = document.getElementById("share-url");
  if (!button || !input) return;
  button.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = "Copied";
    } catch {
      button.textContent = "Press Ctrl+C";
    }
  });
}

const root = document.getElementById("replayer");
const source = document.getElementById("replay-data");
if (root && source) {
  const data = JSON.parse(source.textContent);
  amounts = data.amounts || {};
  window.replayer = new Replayer(root, data);
}
copyButton();
