// Your private notes on other players (games/player_views.py): read once from `GET /notes/`
// (yours only: the server never puts them in a table's view), shown on those players' seats,
// and edited from the seat in a small dialog (`POST /notes/`).
import { h } from "./dom.js";

function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
  return found ? decodeURIComponent(found.slice("csrftoken=".length)) : "";
}

export class NoteBook {
  /** `url`: the notes address (none: no notes, e.g. nobody logged in); `dialog`: the
   * page's note dialog; `redraw()` draws the felt again; `toast(text)` says a problem. */
  constructor(url, dialog, { redraw, toast }) {
    this.url = url;
    this.dialog = dialog;
    this.redraw = redraw;
    this.toast = toast;
    this.notes = new Map(); // player name -> {text, colour}
    this.editing = null;
    if (!url || !dialog) return;
    dialog.addEventListener("close", () => {
      if (dialog.returnValue === "save") this.save();
    });
  }

  async load() {
    if (!this.url) return;
    const response = await fetch(this.url, { credentials: "same-origin" });
    if (!response.ok) return;
    const body = await response.json();
    this.notes = new Map(Object.entries(body.notes));
    this.redraw();
  }

  /** Put each note (and the "Note" button) on the seats of `felt`, drawn for `view`. */
  decorate(felt, view) {
    if (!this.url || !view.you || view.you.user_id === undefined) return;
    for (const seat of view.seats) {
      if (seat.player === view.you.name || seat.bot) continue;
      const plate = felt.querySelector(`.seat.taken[data-seat="${seat.number}"] .plate`);
      if (!plate) continue;
      const note = this.notes.get(seat.player);
      const name = plate.querySelector(".name");
      name.append(h("button", {
        type: "button",
        class: `note-tag${note ? " has-note" : ""}`,
        dataset: { role: "note-tag", colour: note ? note.colour : "" },
        title: note && note.text ? note.text : `Write a note on ${seat.player}`,
        "aria-label": note ? `Your note on ${seat.player}: ${note.text || "colour tag only"}`
          : `Write a note on ${seat.player}`,
        onclick: () => this.open(seat.player),
      }, "✎"));
      if (note && note.text) {
        plate.append(h("div", { class: "seat-note", dataset: { role: "note", colour: note.colour } },
          note.text));
      }
    }
  }

  open(player) {
    this.editing = player;
    const note = this.notes.get(player) || { text: "", colour: "" };
    const form = this.dialog.querySelector("form");
    this.dialog.querySelector("[data-field=player]").textContent = player;
    form.elements.text.value = note.text;
    form.elements.colour.value = note.colour;
    this.dialog.showModal();
  }

  async save() {
    const form = this.dialog.querySelector("form");
    const player = this.editing;
    const response = await fetch(this.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify({ player, text: form.elements.text.value,
        colour: form.elements.colour.value }),
      credentials: "same-origin",
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      this.toast(body.error || "The note was not saved; try again.");
      return;
    }
    if (body.text || body.colour) this.notes.set(player, { text: body.text, colour: body.colour });
    else this.notes.delete(player);
    this.redraw();
  }
}
