// The host's panel on the table page: run the game from the felt. Every button sends one
// `host` command (docs/protocol.md); the server checks the sender is the host and answers with
// an update everyone sees, or an error for the host alone. Nothing here decides anything.
import { clear, h } from "./dom.js";
import { getPref, setPref } from "./prefs.js";

const SETTINGS = [
  ["small_blind", "Small blind"],
  ["big_blind", "Big blind"],
  ["ante", "Ante"],
  ["min_buy_in", "Minimum buy-in"],
  ["max_buy_in", "Maximum buy-in"],
  ["action_seconds", "Seconds to act"],
  ["max_seats", "Seats"],
  ["bomb_pot_every", "Bomb pot every N hands (0: none)"],
  ["bomb_pot_big_blinds", "Bomb pot antes (big blinds)"],
  ["seven_deuce_big_blinds", "7-2 bounty (big blinds, 0: off)"],
  ["bomb_pot_boards", "Bomb pot boards (1 or 2)"],
];
// Number settings that may be zero.
const ZERO_ALLOWED = new Set(["ante", "bomb_pot_every", "seven_deuce_big_blinds"]);

// Settings of a few words (games/table_games.py): the game dealt (its choices come from the
// server, `you.game_choices`: every game the engine deals) and run it twice.
const RUN_IT_TWICE = ["run_it_twice", "Run it twice", [["off", "Off"], ["always", "Always"],
  ["ask", "Ask the all-in players"]]];


export class HostPanel {
  constructor(root, {
    send, confirm = (text) => window.confirm(text), ask = (text) => window.prompt(text, ""),
  }) {
    this.root = root;
    this.send = send;
    this.confirm = confirm;
    this.ask = ask; // null: cancelled
    this.built = false;
    this.dirty = false; // the host is editing the settings: do not overwrite their typing
  }

  control(control, fields = {}) {
    return this.send({ type: "host", control, ...fields });
  }

  update(view) {
    const show = Boolean(view.you && view.you.is_host) && view.status !== "closed";
    this.root.hidden = !show;
    if (!show) return;
    if (!this.built) {
      this.choices = [["game", "Game", view.you.game_choices || []], RUN_IT_TWICE,
        ["short_deck_ranking", "Short deck", view.you.short_deck_ranking_choices || []]];
      // Dealer's choice: its code, and the games it may deal (`you.dealers_choice`).
      this.dealersChoice = view.you.dealers_choice || { code: null, games: [] };
      this.build(view.you.user_id);
    }
    this.view = view;
    this.confirmAdjust(view);
    this.showGame(view);
    this.showRequests(view);
    this.showPlayers(view);
    if (!this.dirty) this.fillSettings(view);
  }

  build(userId) {
    this.built = true;
    this.state = h("span", { class: "host-state" });
    this.pauseButton = h("button", { type: "button", class: "tool", dataset: { control: "pause" },
      onclick: () => this.control(this.view.status === "paused" ? "resume" : "pause") });
    const closeButton = h("button", { type: "button", class: "tool danger",
      dataset: { control: "close" },
      onclick: () => {
        if (this.confirm("Close this table for good? Every stack goes back to its player's "
          + "bankroll (after the hand being played).")) this.control("close");
      } }, "Close the table");
    // Everyone antes the bomb pot antes and the next hand starts on the flop.
    this.bombButton = h("button", { type: "button", class: "tool", dataset: { control: "bomb_pot" },
      onclick: () => this.control("bomb_pot") }, "Bomb pot next hand");
    this.requests = h("ul", { class: "host-requests" });
    this.players = h("ul", { class: "host-players" });
    this.settings = this.settingsForm();
    this.adjust = this.adjustForm();
    // Closed by default (it would push the felt down); each host's choice is remembered.
    const key = `hostPanelOpen.${userId}`;
    const details = h("details", { open: getPref(key, false) },
      h("summary", {}, "Run the game (you are the host)"),
        h("div", { class: "host-row" }, this.state, this.pauseButton, this.bombButton,
          closeButton),
        h("h3", {}, "Waiting for your approval"), this.requests,
        h("h3", {}, "Settings (from the next hand)"), this.settings,
      h("h3", {}, "Players"), this.players, this.adjust,
    );
    details.addEventListener("toggle", () => setPref(key, details.open));
    clear(this.root).append(details);
  }

  /** The adjustment sent went through (its notice is here): clear its amount and reason.
   * A refused one keeps the form as it was, its player included, for a retry. */
  confirmAdjust(view) {
    if (!this.pendingAdjust) return;
    const done = (view.notices || []).some((n) => n.kind === "adjust"
      && n.seq > this.pendingAdjust.after);
    if (!done) return;
    this.pendingAdjust = null;
    this.adjust.elements.amount.value = "";
    this.adjust.elements.reason.value = "";
  }

  showGame(view) {
    const paused = view.status === "paused";
    const notStarted = paused && view.hands_played === 0;
    this.state.textContent = notStarted ? "The game has not started: press Start when everyone is seated."
      : paused ? "The game is paused." : "The game is running.";
    this.pauseButton.textContent = notStarted ? "Start the game"
      : paused ? "Resume the game" : "Pause the game";
    this.pauseButton.dataset.control = paused ? "resume" : "pause";
    this.bombButton.disabled = Boolean(view.bomb_pot_next);
    this.bombButton.textContent = view.bomb_pot_next ? "Next hand: bomb pot" : "Bomb pot next hand";
  }

  showRequests(view) {
    const rows = view.requests.map((r) => h("li", { dataset: { seat: r.seat } },
      `${r.player} asks for seat ${r.seat}. `,
      h("button", { type: "button", class: "tool", dataset: { control: "approve" },
        onclick: () => this.control("approve", { seat: r.seat }) }, "Let them sit"),
      h("button", { type: "button", class: "tool", dataset: { control: "decline" },
        onclick: () => this.control("decline", { seat: r.seat }) }, "Decline"),
    ));
    clear(this.requests).append(...(rows.length ? rows : [h("li", { class: "muted" }, "Nobody.")]));
  }

  seated(view) {
    return view.seats.filter((s) => !s.left);
  }

  showPlayers(view) {
    const rows = this.seated(view).map((s) => {
      const hostHere = view.host && view.host.name === s.player;
      return h("li", { dataset: { seat: s.number } },
        `Seat ${s.number}: ${s.player} · ${s.stack.toLocaleString("en")} chips`,
        hostHere ? " (host)" : "",
        s.leaving ? " · leaving" : "",
        s.leaving ? null : h("button", { type: "button", class: "tool", dataset: { control: "remove" },
          onclick: () => {
            const reason = this.ask(`Remove ${s.player}? Their stack goes back to their bankroll `
              + "(at the end of the hand if they are in it). Why? (optional: the table's log "
              + "tells everyone, them too)");
            if (reason !== null) this.control("remove", { seat: s.number, reason });
          } }, "Remove"),
        hostHere || s.bot ? null : h("button", { type: "button", class: "tool",
          dataset: { control: "hand_over" },
          onclick: () => {
            if (this.confirm(`Make ${s.player} the host? You will no longer run the game.`)) {
              this.control("hand_over", { seat: s.number });
            }
          } }, "Make host"),
      );
    });
    clear(this.players).append(...(rows.length ? rows : [h("li", { class: "muted" }, "Nobody is seated.")]));
    // The adjust form's choice of player follows the seats, keeping the host's choice.
    const select = this.adjust.elements.seat;
    const chosen = select.value;
    clear(select).append(...this.seated(view).map((s) =>
      h("option", { value: s.number }, `Seat ${s.number}: ${s.player}`)));
    if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
    this.adjust.hidden = !rows.length;
  }

  settingsForm() {
    const fields = SETTINGS.map(([name, label]) => h("label", {}, label,
      h("input", { type: "number", name, min: ZERO_ALLOWED.has(name) ? 0 : 1, step: 1, required: true,
        inputmode: "numeric" })));
    const approval = h("label", { class: "check" },
      h("input", { type: "checkbox", name: "needs_approval" }), "I approve new players");
    const straddles = [h("label", { class: "check" },
      h("input", { type: "checkbox", name: "straddles_allowed" }),
      "Players may straddle under the gun"), h("label", { class: "check" },
      h("input", { type: "checkbox", name: "button_straddles_allowed" }),
      "Players may straddle on the button")];
    const choices = this.choices.map(([name, label, options]) => h("label", {}, label,
      h("select", { name }, options.map(([value, text]) => h("option", { value }, text)))));
    const rotation = this.rotationFields();
    const form = h("form", { class: "host-settings" }, fields, choices, rotation, approval, straddles,
      h("div", { class: "host-row" },
        h("button", { type: "submit", class: "primary" }, "Save settings"),
        h("button", { type: "button", class: "secondary",
          onclick: () => { this.dirty = false; this.fillSettings(this.view); } }, "Undo changes")));
    form.addEventListener("input", () => {
      this.dirty = true;
      this.showRotation();
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const settings = {};
      for (const [name] of SETTINGS) {
        const value = Number(form.elements[name].value);
        if (value !== this.view[name]) settings[name] = Math.round(value);
      }
      if (form.elements.needs_approval.checked !== this.view.needs_approval) {
        settings.needs_approval = form.elements.needs_approval.checked;
      }
      for (const name of ["straddles_allowed", "button_straddles_allowed"]) {
        if (form.elements[name].checked !== this.view[name]) settings[name] = form.elements[name].checked;
      }
      for (const [name] of this.choices) {
        if (form.elements[name].value !== this.view[name]) settings[name] = form.elements[name].value;
      }
      // The games in the order of the slots, empty slots left out; the server checks them.
      const games = this.rotationSlots().map((slot) => slot.value).filter(Boolean);
      if (games.join(" ") !== (this.view.dealers_choice_games || []).join(" ")) {
        settings.dealers_choice_games = games;
      }
      if (!Object.keys(settings).length) return;
      if (this.control("settings", { settings })) this.dirty = false;
    });
    return form;
  }

  /** Dealer's choice's games as numbered slots, one per game it may deal: the host picks
   * the games in order (a slot left at "none" is skipped). */
  rotationFields() {
    const games = this.dealersChoice.games;
    const options = [h("option", { value: "" }, "none"),
      ...games.map(([code, label]) => h("option", { value: code }, label))];
    const slots = games.map((_, i) => h("label", {}, `${i + 1}.`,
      h("select", { name: `dealers_choice_${i}`, "aria-label": `Dealer's choice, game ${i + 1}`,
        dataset: { slot: i } }, options.map((option) => option.cloneNode(true)))));
    this.rotation = h("fieldset", { class: "dealers-choice" },
      h("legend", {}, "Dealer's choice: the games in order, an orbit each"), slots);
    return this.rotation;
  }

  rotationSlots() {
    return [...this.rotation.querySelectorAll("select[data-slot]")];
  }

  /** The slots matter only while the game chosen is dealer's choice. */
  showRotation() {
    this.rotation.hidden = this.settings.elements.game.value !== this.dealersChoice.code;
  }

  fillSettings(view) {
    const games = view.dealers_choice_games || [];
    this.rotationSlots().forEach((slot, i) => { slot.value = games[i] || ""; });
    for (const [name] of SETTINGS) this.settings.elements[name].value = String(view[name]);
    this.settings.elements.needs_approval.checked = Boolean(view.needs_approval);
    for (const [name] of this.choices) this.settings.elements[name].value = view[name] || "";
    this.settings.elements.straddles_allowed.checked = Boolean(view.straddles_allowed);
    this.settings.elements.button_straddles_allowed.checked = Boolean(view.button_straddles_allowed);
    this.showRotation();
  }

  adjustForm() {
    const form = h("form", { class: "host-adjust" },
      h("label", {}, "Adjust the stack of", h("select", { name: "seat" })),
      h("label", {}, "by", h("input", { type: "number", name: "amount", step: 1, required: true,
        placeholder: "+100 or -50" })),
      h("label", {}, "because", h("input", { type: "text", name: "reason", maxlength: 200,
        required: true, placeholder: "e.g. bought 100 more in cash" })),
      h("button", { type: "submit", class: "tool" }, "Adjust"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const amount = Math.round(Number(form.elements.amount.value));
      const sent = this.control("adjust_stack", {
        seat: Number(form.elements.seat.value), amount, reason: form.elements.reason.value,
      });
      if (sent) {
        const notices = this.view.notices || [];
        this.pendingAdjust = { after: notices.length ? notices[notices.length - 1].seq : 0 };
      }
    });
    return form;
  }
}
