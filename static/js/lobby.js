// The lobby's list of tables, live. A read-only socket sends every public table's row when
// what the lobby shows of it changes (docs/protocol.md, "Lobby socket"); rows are added,
// replaced and removed in place, built exactly as templates/games/_lobby_row.html renders
// them. Text goes in through textContent only: a table or player name cannot inject markup.

import { reconnectDelay, socketUrl } from "./connection.js";

const CLOSE_FLOODING = 4429;
const LAST_RETRY_MS = 15000;
const COLUMNS = 7;

function textEl(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = text;
  return el;
}

function link(href, text, className = "") {
  const a = textEl("a", className, text);
  a.href = href;
  return a;
}

function cell(className, ...children) {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.append(...children);
  return td;
}

/** One table's row, the same markup as the server's. */
export function rowElement(table) {
  const tr = document.createElement("tr");
  tr.dataset.tableId = String(table.id);
  tr.dataset.status = table.status;
  const name = cell("name", link(table.url, table.name));
  if (table.status === "paused") name.append(" ", textEl("span", "status", "paused"));
  const ante = table.ante ? ` ante ${table.ante}` : "";
  const players = table.players.length
    ? textEl("td", "players", table.players.join(", "))
    : cell("players", textEl("span", "muted", "nobody yet"));
  const free = table.seats_taken < table.max_seats;
  tr.append(
    name,
    textEl("td", "blinds", `${table.small_blind}/${table.big_blind}${ante}`),
    textEl("td", "num seats", `${table.seats_taken}/${table.max_seats}`),
    players,
    textEl("td", "buy-in", `${table.min_buy_in}–${table.max_buy_in}`),
    textEl("td", "num hands", String(table.hands_played)),
    cell("", link(table.url, free ? "Join" : "Watch", "button small")),
  );
  return tr;
}

/** The table body of the lobby: one row per table, newest (highest id) first. */
export class LobbyList {
  constructor(tbody) {
    this.tbody = tbody;
    this.emptyText = tbody.dataset.empty || "No open tables yet.";
  }

  rows() {
    return Array.from(this.tbody.querySelectorAll("tr[data-table-id]"));
  }

  find(id) {
    return this.rows().find((row) => Number(row.dataset.tableId) === id) || null;
  }

  showAll(tables) {
    this.tbody.replaceChildren(...tables.map(rowElement));
    this.showEmpty();
  }

  put(table) {
    const row = rowElement(table);
    const old = this.find(table.id);
    if (old) {
      old.replaceWith(row);
    } else {
      const older = this.rows().find((each) => Number(each.dataset.tableId) < table.id);
      this.tbody.insertBefore(row, older || null);
    }
    this.showEmpty();
  }

  remove(id) {
    const old = this.find(id);
    if (old) old.remove();
    this.showEmpty();
  }

  showEmpty() {
    const empty = this.tbody.querySelector("tr.empty");
    const any = this.rows().length > 0;
    if (any && empty) empty.remove();
    if (!any && !empty) {
      const td = textEl("td", "", this.emptyText);
      td.colSpan = COLUMNS;
      const tr = document.createElement("tr");
      tr.className = "empty";
      tr.append(td);
      this.tbody.append(tr);
    }
  }

  /** Apply one frame of the lobby socket. */
  apply(frame) {
    if (frame.type === "lobby") this.showAll(frame.tables);
    else if (frame.type === "lobby_table") this.put(frame.table);
    else if (frame.type === "lobby_removed") this.remove(frame.table_id);
  }
}

/**
 * Keep `list` up to date over the socket at `path`, reconnecting as the table socket does
 * (at once after a server restart, else with backoff); each
 * connection starts with the whole list. `onStatus("open" | "reconnecting" | "closed")`.
 */
export function watchLobby(path, list, onStatus = () => {}) {
  let socket = null;
  let attempts = 0;
  let timer = null;
  let stopped = false;

  function connect() {
    clearTimeout(timer);
    timer = null;
    const current = new WebSocket(socketUrl(path));
    socket = current;
    current.addEventListener("open", () => {
      attempts = 0;
      onStatus("open");
    });
    current.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return; // not a frame of ours: the next snapshot or row puts things right
      }
      if (current === socket) list.apply(frame);
    });
    current.addEventListener("close", (event) => {
      if (current !== socket || stopped) return;
      socket = null;
      if (event.code === CLOSE_FLOODING) {
        onStatus("closed");
        return;
      }
      const delay = reconnectDelay(event.code, attempts, LAST_RETRY_MS);
      attempts += 1;
      onStatus("reconnecting");
      timer = setTimeout(connect, delay);
    });
  }

  window.addEventListener("online", () => {
    if (timer !== null && !stopped) connect();
  });
  window.addEventListener("pagehide", () => {
    stopped = true;
    clearTimeout(timer);
    if (socket) socket.close();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) { // back from the page cache: start again
      stopped = false;
      connect();
    }
  });
  connect();
}

const table = document.getElementById("lobby");
if (table) {
  const list = new LobbyList(table.tBodies[0]);
  table.dataset.live = "connecting";
  watchLobby(table.dataset.socketPath, list, (status) => {
    table.dataset.live = status;
  });
}
