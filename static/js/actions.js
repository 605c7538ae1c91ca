// The action bar: built only from `hand.legal`, the server's list of what you may do now.
// The page never decides legality; amounts are clamped to the legal range before sending
// and the server checks them again.
import { clamp, clear, h } from "./dom.js";

function kbd(key) {
  return h("kbd", {}, key);
}

/** The amount buttons ("Min", "½ pot", "Pot", "All-in"): the server's `hand.bet_sizes`,
 * worked out from the pot and your legal range (games/bet_sizes.py). */
export function presets(hand) {
  return (hand.bet_sizes || []).map((size) => [size.label, size.amount]);
}

export class ActionBar {
  constructor(root, { send, status }) {
    this.root = root;
    this.send = send;
    this.status = status; // (view) => the status line, shown when it is not your turn
    this.key = null;
    this.view = null;
    this.pending = false;
  }

  /** Show the controls for `view`; rebuilt only when what you may do has changed. */
  update(view) {
    this.view = view;
    const hand = view.hand;
    const legal = hand && !hand.complete ? hand.legal : null;
    const me = view.seats.find((s) => s.number === view.you.seat);
    const asked = hand && !hand.complete && (hand.runout_voters || []).includes(view.you.seat);
    this.asking = Boolean(asked);
    if (asked) {
      this.askRunItTwice(view);
      return;
    }
    if (!legal) {
      // Not your turn: the status line, rebuilt from this view every time (never stale).
      this.key = null;
      this.pending = false;
      this.legal = null;
      this.amountBox = null;
      this.root.classList.remove("your-turn");
      this.showStatus();
      return;
    }
    const key = JSON.stringify([hand.number, hand.street, legal, me && me.bet, hand.bet_sizes]);
    if (key === this.key && !this.pending) return;
    this.key = key;
    this.pending = false;
    this.legal = legal;
    this.amountBox = null;
    clear(this.root);
    this.root.classList.add("your-turn");
    this.root.append(...this.controls(legal, hand));
  }

  /** Refresh the status line (also called by the page's clock, for the countdown). */
  showStatus() {
    if (this.legal || this.asking || !this.view) return;
    const text = this.status(this.view);
    const state = this.view.viewer ? this.view.viewer.state : "";
    // "Show cards": the server says when you may (you took the last pot uncontested).
    const hand = this.view.hand;
    const offer = String(Boolean(hand && hand.complete && hand.may_show));
    const line = this.root.querySelector('[data-role="status"]');
    if (line && line.textContent === text && line.dataset.state === state
        && this.root.dataset.offer === offer) return;
    this.root.dataset.offer = offer;
    const parts = [h("p", { id: "status-line", class: "hint", dataset: { role: "status", state } },
      text)];
    if (offer === "true") {
      parts.push(h("button", { type: "button", class: "act show-cards",
        onclick: () => this.send({ type: "show_cards" }) }, "Show cards"));
    }
    clear(this.root).append(...parts);
  }

  controls(legal, hand) {
    const buttons = [];
    if (legal.fold) {
      buttons.push(
        h("button", { type: "button", class: "act fold", dataset: { action: "fold" },
          onclick: () => this.act("fold") }, "Fold ", kbd("F")),
      );
    }
    if (legal.check) {
      buttons.push(
        h("button", { type: "button", class: "act check", dataset: { action: "check" },
          onclick: () => this.act("check") }, "Check ", kbd("C")),
      );
    } else if (legal.call) {
      buttons.push(
        h("button", { type: "button", class: "act call", dataset: { action: "call" },
          onclick: () => this.act("call") }, `Call ${legal.call} `, kbd("C")),
      );
    }
    const range = legal.bet || legal.raise;
    const parts = [h("div", { class: "act-buttons" }, buttons)];
    if (range) {
      parts.push(this.amountControls(legal, hand, range));
    } else if (legal.all_in) {
      buttons.push(
        h("button", { type: "button", class: "act all-in", dataset: { action: "all_in" },
          onclick: () => this.act("all_in") }, `All-in ${legal.all_in}`),
      );
    }
    return parts;
  }

  amountControls(legal, hand, range) {
    const verb = legal.bet ? "Bet" : "Raise to";
    const slider = h("input", {
      type: "range", min: range.min, max: range.max, step: 1, value: range.min,
      "aria-label": `${verb} amount`, class: "amount-slider",
    });
    const box = h("input", {
      type: "number", min: range.min, max: range.max, step: 1, value: range.min,
      inputmode: "numeric", "aria-label": `${verb} amount`, class: "amount-box",
    });
    const confirm = h(
      "button",
      { type: "button", class: "act raise", dataset: { action: legal.bet ? "bet" : "raise" } },
      "",
    );
    const setAmount = (value, from) => {
      const amount = Number.isFinite(value) ? clamp(Math.round(value), range.min, range.max)
        : range.min;
      if (from !== slider) slider.value = String(amount);
      if (from !== box) box.value = String(amount);
      clear(confirm).append(`${verb} ${amount} `, kbd("↵"));
      return amount;
    };
    slider.addEventListener("input", () => setAmount(Number(slider.value), slider));
    box.addEventListener("change", () => setAmount(Number(box.value)));
    box.addEventListener("input", () => {
      const value = Number(box.value);
      if (Number.isFinite(value) && value >= range.min && value <= range.max) {
        setAmount(value, box);
      }
    });
    const submit = () => {
      const amount = setAmount(Number(box.value));
      this.act(legal.bet ? "bet" : "raise", amount);
    };
    for (const input of [slider, box]) {
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          submit();
        } else if (event.key === "Escape") {
          input.blur();
        }
      });
    }
    confirm.addEventListener("click", submit);
    this.amountBox = box;
    setAmount(range.min);
    const presetButtons = presets(hand).map(([label, amount]) =>
      h("button", { type: "button", class: "preset", dataset: { preset: label },
        onclick: () => setAmount(amount) }, label),
    );
    return h(
      "div",
      { class: "amount" },
      h("div", { class: "presets" }, presetButtons),
      h("div", { class: "amount-row" }, slider, box, confirm),
      h("div", { class: "keys-hint" }, kbd("R"), " raise amount · ", kbd("↵"), " confirm"),
    );
  }

  /** All-in before the river, and the table asks: run the rest of the board twice? */
  askRunItTwice(view) {
    const key = JSON.stringify(["runouts", view.hand.number]);
    this.legal = null;
    this.amountBox = null;
    if (key === this.key) return;
    this.key = key;
    const answer = (agree) => {
      if (this.send({ type: "run_it_twice", agree, version: view.version })) {
        this.root.querySelectorAll("button").forEach((el) => { el.disabled = true; });
      }
    };
    this.root.classList.add("your-turn");
    clear(this.root).append(
      h("p", { class: "hint", dataset: { role: "runout-question" } },
        "Run it twice? Everyone all in must agree; one no deals the board once."),
      h("div", { class: "act-buttons" },
        h("button", { type: "button", class: "act call", dataset: { action: "run-twice" },
          onclick: () => answer(true) }, "Run it twice"),
        h("button", { type: "button", class: "act fold", dataset: { action: "run-once" },
          onclick: () => answer(false) }, "Run it once")),
    );
  }

  act(action, amount) {
    if (!this.legal || this.pending) return;
    const message = { type: "act", action, version: this.view.version };
    if (amount !== undefined) message.amount = amount;
    if (this.send(message)) {
      this.pending = true;
      this.root.querySelectorAll("button, input").forEach((el) => { el.disabled = true; });
    }
  }

  /** The server refused our action: let the player try again. */
  refused() {
    if (!this.pending) return;
    this.pending = false;
    this.root.querySelectorAll("button, input").forEach((el) => { el.disabled = false; });
  }

  /** Keys: F fold, C check or call, R focus the amount (Enter there confirms). */
  handleKey(event) {
    if (!this.legal || this.pending) return false;
    const key = event.key.toLowerCase();
    if (key === "f" && this.legal.fold) {
      this.act("fold");
    } else if (key === "c" && (this.legal.check || this.legal.call)) {
      this.act(this.legal.check ? "check" : "call");
    } else if (key === "r" && this.amountBox) {
      this.amountBox.focus();
      this.amountBox.select();
    } else {
      return false;
    }
    return true;
  }
}
