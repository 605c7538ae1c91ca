// The table socket: connects, reconnects with backoff, asks for a snapshot after a gap.
// Built from `location`, so it is ws: on http and wss: on https, behind any proxy.
// A server process that is restarting (1012, or 4012 from daphne) or shutting down (1001) is
// one of several behind the proxy: the first reconnect goes at once, to another, and resyncs.

const CLOSE_UNAUTHENTICATED = 4401;
const CLOSE_NO_SUCH_TABLE = 4404;
const CLOSE_FLOODING = 4429;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 8000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_SERVICE_RESTART = 1012;
const CLOSE_SERVER_RESTART = 4012; // daphne's 1012 (games/live/background.py)
const RECONNECT_AT_ONCE = new Set([CLOSE_GOING_AWAY, CLOSE_SERVICE_RESTART, CLOSE_SERVER_RESTART]);

// Commands that carry no table version carry a request id, new for each request, so that
// the server refuses a repeated copy instead of applying it twice (docs/protocol.md).
const NEEDS_REQUEST_ID = new Set([
  "sit", "stand", "sit_out", "sit_back", "chat_mute", "add_chips", "host", "client_seed",
  "straddle", "show_cards",
]);
// Chat frames carry no table version: they go to the chat panel as they come.
const CHAT_FRAMES = new Set(["chat", "chat_history", "chat_mutes"]);

/** 32 random hex digits (crypto.getRandomValues works on plain-http LAN pages too). */
export function newRequestId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function socketUrl(path, where = window.location) {
  const scheme = where.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${where.host}${path}`;
}

/**
 * Milliseconds to wait before reconnecting after a close with `code`, when `attempts`
 * reconnects in a row have failed: none for the first after a restart or shutdown, else a
 * jittered backoff up to `longestMs` (so that a room of pages does not come back in one
 * burst).
 */
export function reconnectDelay(code, attempts, longestMs = LAST_RETRY_MS) {
  if (attempts === 0 && RECONNECT_AT_ONCE.has(code)) return 0;
  const backoff = Math.min(longestMs, FIRST_RETRY_MS * 2 ** attempts);
  return backoff * (0.8 + Math.random() * 0.4);
}

// An update carries the public view of the table, and for a person with a personal part
// (their hole cards, legal actions...) also `mine`: [path, value] patches that set each value
// at its path in the view (docs/protocol.md). The server sends one public frame to every
// socket; only your own part is added to yours.
export function applyPersonal(table, patches) {
  for (const [path, value] of patches || []) {
    let container = table;
    for (const key of path.slice(0, -1)) container = container[key];
    container[path[path.length - 1]] = value;
  }
  return table;
}

/**
 * The hand's log, the table's notices and its house rules as this socket has them. A snapshot carries the
 * hand's last rows and every notice kept; an update only what its version added: `log` holds
 * the hand's rows from index `log_from` on, `notices` the new ones (docs/protocol.md, "What
 * an update carries"). The page always gets whole views.
 */
export class KeptHistory {
  constructor() {
    this.hand = null; // the number of the hand the rows are of (null: none on show)
    this.from = 0; // the index in the hand's log of the first row kept
    this.rows = [];
    this.notices = [];
    this.rules = []; // the games and house rules explained (sent again only when they change)
  }

  /** Take a snapshot's log and notices as they are. */
  reset(table) {
    this.hand = table.hand ? table.hand.number : null;
    this.from = table.log_from || 0;
    this.rows = table.log;
    this.notices = table.notices || [];
    this.rules = table.house_rules || [];
  }

  /** Add an update's rows and notices; false when rows between are missing (a version was
   * lost): the rows kept start again from the update's, and a snapshot will fill them. */
  add(table) {
    const hand = table.hand ? table.hand.number : null;
    const from = table.log_from || 0;
    const end = this.from + this.rows.length;
    let whole = true;
    if (hand !== this.hand || from < this.from) {
      this.hand = hand;
      this.from = from;
      this.rows = table.log;
    } else if (from <= end) {
      this.rows = this.rows.slice(0, from - this.from).concat(table.log);
    } else {
      whole = false;
      this.from = from;
      this.rows = table.log;
    }
    const bySeq = new Map(this.notices.map((n) => [n.seq, n]));
    for (const notice of table.notices || []) bySeq.set(notice.seq, notice);
    const kept = table.notices_kept || bySeq.size;
    this.notices = [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-kept);
    if (table.house_rules) this.rules = table.house_rules; // null: unchanged
    return whole;
  }

  /** `table` with the whole log and notices kept in place of the frame's. */
  fill(table) {
    table.log = this.rows;
    table.log_from = this.from;
    table.notices = this.notices;
    table.house_rules = this.rules;
    return table;
  }
}

export class TableSocket {
  /**
   * handlers: onView(view, frame), onError(reason), onStatus("connecting" | "open" |
   * "reconnecting" | "closed", detail), optional onChat(frame).
   */
  constructor(path, handlers) {
    this.url = socketUrl(path);
    this.handlers = handlers;
    this.version = -1;
    this.history = new KeptHistory();
    this.attempts = 0;
    this.socket = null;
    this.timer = null;
    this.stopped = false;
    this.everOpened = false;
    window.addEventListener("online", () => this.retryNow());
    window.addEventListener("pagehide", () => this.stop());
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) { // back from the page cache: start again
        this.stopped = false;
        this.connect();
      }
    });
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (socket !== this.socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempts = 0;
      this.handlers.onStatus("open");
      // The server sends a snapshot on connect; after a reconnect ask for one explicitly too.
      if (reconnected) this.send({ type: "sync" });
    });
    socket.addEventListener("message", (event) => {
      if (socket === this.socket) this.receive(event.data);
    });
    socket.addEventListener("close", (event) => {
      if (socket === this.socket) this.closed(event);
    });
  }

  receive(data) {
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      this.handlers.onError("The server sent something this page cannot read.");
      return;
    }
    if (frame.type === "error") {
      this.handlers.onError(frame.reason || "The server refused that.");
    } else if (CHAT_FRAMES.has(frame.type)) {
      if (this.handlers.onChat) this.handlers.onChat(frame);
    } else if (frame.type === "presence") {
      if (this.handlers.onPresence) this.handlers.onPresence(frame);
    } else if (frame.type === "snapshot") {
      this.version = frame.version;
      const table = applyPersonal(frame.table, frame.mine);
      this.history.reset(table);
      this.handlers.onView(this.history.fill(table), frame);
    } else if (frame.type === "update") {
      if (frame.version <= this.version) return; // stale: we already have newer
      const gap = this.version >= 0 && frame.version > this.version + 1;
      this.version = frame.version;
      const table = applyPersonal(frame.table, frame.mine);
      const whole = this.history.add(table);
      this.handlers.onView(this.history.fill(table), frame);
      if (gap || !whole) this.send({ type: "sync" });
    }
  }

  closed(event) {
    this.socket = null;
    if (this.stopped) return;
    if (event.code === CLOSE_UNAUTHENTICATED) {
      this.handlers.onStatus("closed", "You are not logged in any more. Reload the page to join.");
      return;
    }
    if (event.code === CLOSE_FLOODING) {
      this.handlers.onStatus(
        "closed", "This page sent too many messages and was cut off. Reload the page to rejoin.",
      );
      return;
    }
    if (event.code === CLOSE_NO_SUCH_TABLE) {
      this.handlers.onStatus("closed", "This table is closed or no longer exists.");
      return;
    }
    const delay = reconnectDelay(event.code, this.attempts);
    this.attempts += 1;
    this.handlers.onStatus("reconnecting", delay);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (this.timer !== null && !this.stopped) this.connect();
  }

  /** Send a message; false (and nothing sent) when the socket is not open. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    if (NEEDS_REQUEST_ID.has(message.type) && !message.request_id) {
      message = { ...message, request_id: newRequestId() };
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
