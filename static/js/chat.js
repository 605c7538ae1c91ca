// The table chat panel: lines and emotes drawn as text (never as markup: what people type
// is not trusted), a "Hide chat" switch this browser remembers, and for the host a
// Mute/Unmute button by each other player's lines. The server decides everything else
// (length, rate, who is muted): its refusals come back as the page's error toasts.
import { clear, h } from "./dom.js";
import { getPref, setPref } from "./prefs.js";

const KEPT = 100; // lines kept on the page (a new socket gets the last 50)

export class ChatPanel {
  /** root: the #chat aside; send(message) -> bool; config: the page's config. */
  constructor(root, { send, config }) {
    this.root = root;
    this.send = send;
    this.config = config;
    this.list = root.querySelector("#chat-messages");
    this.body = root.querySelector("#chat-body");
    this.toggle = root.querySelector("#chat-toggle");
    this.form = root.querySelector("#chat-form");
    this.mutedNote = root.querySelector("#chat-muted");
    this.messages = new Map(); // id -> message, oldest first
    this.muted = new Set(); // user ids, as this viewer may see them (docs/protocol.md)
    this.me = null;
    this.isHost = false;
    this.unread = 0;
    this.pending = null; // a line sent and not yet back from the server

    const emotes = root.querySelector("#chat-emotes");
    for (const [key, words] of config.chatEmotes || []) {
      emotes.append(h("button", {
        type: "button", class: "tool chat-emote-button", dataset: { emote: key },
        onclick: () => this.send({ type: "chat", emote: key }),
      }, words));
    }
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = this.form.elements.text;
      const text = input.value.trim();
      if (!text) return;
      // The line stays in the box until it comes back from the server, so a refused
      // line (too fast, muted) is not lost.
      if (this.send({ type: "chat", text })) this.pending = text;
    });
    this.toggle.addEventListener("click", () => {
      setPref("chatHidden", !this.hidden);
      this.showHidden();
    });
    this.showHidden();
    this.draw();
  }

  get hidden() {
    return getPref("chatHidden", false);
  }

  showHidden() {
    if (!this.hidden) this.unread = 0;
    this.body.hidden = this.hidden;
    this.toggle.setAttribute("aria-pressed", String(this.hidden));
    this.toggle.textContent = this.hidden
      ? `Show chat${this.unread ? ` (${this.unread})` : ""}` : "Hide chat";
    if (!this.hidden) this.list.scrollTop = this.list.scrollHeight;
  }

  /** Who is looking, from each table view: the host (or staff) gets the mute buttons. */
  viewer(you, host) {
    if (!you) return;
    const isHost = Boolean(you.is_host);
    const hostId = host ? host.user_id : null;
    if (you.user_id === this.me && isHost === this.isHost && hostId === this.hostId) return;
    this.me = you.user_id;
    this.isHost = isHost;
    this.hostId = hostId; // the host cannot be muted
    this.draw();
  }

  /** A chat frame from the socket: `chat`, `chat_history` or `chat_mutes`. */
  receive(frame) {
    if (frame.type === "chat_history") {
      // Lines that came live while the socket opened may also be in the history: by id.
      const lines = [...frame.messages, ...this.messages.values()];
      lines.sort((a, b) => a.id - b.id);
      this.messages = new Map(lines.map((m) => [m.id, m]));
      this.muted = new Set(frame.muted);
    } else if (frame.type === "chat") {
      const line = frame.message;
      this.messages.set(line.id, line);
      if (this.hidden) this.unread += 1;
      const input = this.form.elements.text;
      if (line.user_id === this.me && this.pending !== null && input.value.trim() === this.pending) {
        input.value = "";
        this.pending = null;
      }
    } else if (frame.type === "chat_mutes") {
      this.muted = new Set(frame.muted);
    } else {
      return;
    }
    while (this.messages.size > KEPT) this.messages.delete(this.messages.keys().next().value);
    this.draw();
    if (this.hidden) this.showHidden(); // the unread count on the switch
  }

  draw() {
    const nearBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    clear(this.list);
    for (const line of this.messages.values()) this.list.append(this.row(line));
    if (!this.messages.size) this.list.append(h("li", { class: "muted" }, "No messages yet."));
    if (nearBottom) this.list.scrollTop = this.list.scrollHeight;
    this.mutedNote.hidden = !this.muted.has(this.me);
  }

  row(line) {
    const at = new Date(line.at);
    const mayMute = this.isHost && line.user_id !== this.me && line.user_id !== this.hostId;
    const muted = this.muted.has(line.user_id);
    return h(
      "li",
      { class: line.emote ? "chat-line chat-emote" : "chat-line",
        dataset: { id: line.id, user: line.user_id }, title: at.toLocaleTimeString() },
      h("span", { class: "chat-author" }, line.player),
      mayMute ? h("button", {
        type: "button", class: "tool chat-mute", "aria-pressed": String(muted),
        title: muted ? `Let ${line.player} chat again` : `Stop ${line.player} chatting here`,
        onclick: () => this.send({ type: "chat_mute", user_id: line.user_id, muted: !muted }),
      }, muted ? "Unmute" : "Mute") : null,
      h("span", { class: "chat-text" }, line.text),
    );
  }
}
