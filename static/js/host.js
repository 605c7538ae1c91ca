// The host's panel on the table page: run the game from the felt. Every button sends one
// `host` command (docs/protocol.md); the server checks the sender is the host and answers with
// an update everyone sees, or an error for the host alone. Nothing here decides anything.
import { clear, count, h } from "./dom.js";
import { getPref, setPref } from "./prefs.js";

export class HostPanel {
  constructor(root, {
    send, schema, confirm = (text) => window.confirm(text), ask = (text) => window.prompt(text, ""),
  }) {
    this.root = root;
    this.send = send;
    // The settings' form is drawn from the server's declarations (the page's
    // `hostSettings`): each one's kind, label, range or choices (games/host_settings.py).
    this.schema = schema || [];
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
    if (!this.built) this.build(view.you.user_id);
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
        `Seat ${s.number}: ${s.player} · ${count(s.stack)} chips`,
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
    const form = h("form", { class: "host-settings" }, this.schema.map((field) => this.input(field)),
      h("div", { class: "host-row" },
        h("button", { type: "submit", class: "primary" }, "Save settings"),
        h("button", { type: "button", class: "secondary",
          onclick: () => { this.dirty = false; this.fillSettings(this.view); } }, "Undo changes")));
    form.addEventListener("input", () => {
      this.dirty = true;
      this.showDependent();
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const settings = {};
      for (const field of this.schema) {
        const value = this.valueOf(field);
        const now = this.view[field.name];
        const same = field.kind === "list" ? value.join(" ") === (now || []).join(" ") : value === now;
        if (!same) settings[field.name] = value;
      }
      if (!Object.keys(settings).length) return;
      if (this.control("settings", { settings })) this.dirty = false;
    });
    return form;
  }

  /** One setting's control, by its kind. */
  input(field) {
    // A row of its own (a yes/no, a list) shows its explanation; a narrow cell keeps it as a title.
    const hint = field.help ? h("small", { class: "muted" }, field.help) : null;
    let control;
    if (field.kind === "flag") {
      control = h("label", { class: "check" }, h("input", { type: "checkbox", name: field.name }),
        field.label, hint);
    } else if (field.kind === "choice") {
      control = h("label", { title: field.help }, field.label, h("select", { name: field.name },
        field.choices.map(([value, text]) => h("option", { value }, text))));
    } else if (field.kind === "list") {
      control = this.slotFields(field, hint);
    } else {
      control = h("label", { title: field.help }, field.label, h("input", { type: "number",
        name: field.name, min: field.low, max: field.high, step: 1, required: true,
        inputmode: "numeric" }));
    }
    control.dataset.setting = field.name;
    return control;
  }

  /** A list setting (dealer's choice's games) as numbered slots, one per choice: the host
   * picks them in order (a slot left at "none" is skipped). */
  slotFields(field, hint) {
    const options = [h("option", { value: "" }, "none"),
      ...field.choices.map(([code, label]) => h("option", { value: code }, label))];
    const slots = field.choices.map((_, i) => h("label", {}, `${i + 1}.`,
      h("select", { name: `${field.name}_${i}`, "aria-label": `${field.label}: game ${i + 1}`,
        dataset: { slot: i, list: field.name } },
      options.map((option) => option.cloneNode(true)))));
    return h("fieldset", { class: "setting-list" }, h("legend", {}, field.label), slots, hint);
  }

  slots(name) {
    return [...this.settings.querySelectorAll(`select[data-list="${name}"]`)];
  }

  /** What the form holds for one setting, as the server takes it. */
  valueOf(field) {
    const element = this.settings.elements[field.name];
    if (field.kind === "flag") return element.checked;
    if (field.kind === "choice") return element.value;
    // The list in the order of the slots, empty slots left out; the server checks it.
    if (field.kind === "list") return this.slots(field.name).map((slot) => slot.value).filter(Boolean);
    return Math.round(Number(element.value));
  }

  /** A setting that matters only while another has a value (dealer's choice's games). */
  showDependent() {
    for (const field of this.schema) {
      if (!field.shown_when) continue;
      const [other, value] = field.shown_when;
      this.settings.querySelector(`[data-setting="${field.name}"]`).hidden =
        this.settings.elements[other].value !== value;
    }
  }

  fillSettings(view) {
    for (const field of this.schema) {
      const value = view[field.name];
      if (field.kind === "list") {
        this.slots(field.name).forEach((slot, i) => { slot.value = (value || [])[i] || ""; });
      } else if (field.kind === "flag") {
        this.settings.elements[field.name].checked = Boolean(value);
      } else {
        this.settings.elements[field.name].value = value === null || value === undefined ? ""
          : String(value);
      }
    }
    this.showDependent();
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
