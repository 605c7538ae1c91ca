// The felt: seats around an oval, the board, pots and the result of the hand. The live table
// (table.js) and the replayer (replayer.js) both draw it from the server's felt view for this
// viewer (games/felt.py, docs/protocol.md): `seats` rows and the `hand` part.
import { cardBack, cardFace, cardSlot } from "./cards.js";
import { clear, count, h } from "./dom.js";

/** Where seat `number` sits, in % of the felt, with the viewer's own seat at the bottom. */
export function seatAngle(number, maxSeats, anchor) {
  const k = (((number - anchor) % maxSeats) + maxSeats) % maxSeats;
  return Math.PI / 2 + (k * 2 * Math.PI) / maxSeats;
}

function at(angle, radius) {
  return {
    left: `${(50 + 50 * radius * Math.cos(angle)).toFixed(2)}%`,
    top: `${(50 + 50 * radius * Math.sin(angle)).toFixed(2)}%`,
  };
}

/** The five cards that won, for highlighting at showdown (empty before). */
function winningCards(view) {
  const hand = view.hand;
  if (!hand || !hand.complete || !hand.results.length) return new Set();
  const winners = new Set(hand.results.flatMap((pot) => pot.winners.map((w) => w.seat)));
  const cards = new Set();
  for (const seat of view.seats) {
    if (winners.has(seat.number) && seat.best_five) seat.best_five.forEach((c) => cards.add(c));
  }
  return cards;
}

function mark(code, best) {
  if (!best.size) return "";
  return best.has(code) ? "best" : "dim";
}

function holeCards(seat, best, hand) {
  if (seat.cards) return seat.cards.map((c) => cardFace(c, mark(c, best)));
  // Backs for a hand not shown: as many as the game deals (the server says).
  if (seat.has_cards) return Array.from({ length: dealt(hand) }, () => cardBack());
  return [];
}

function dealt(hand) {
  return hand && hand.hole_cards ? hand.hole_cards : 2;
}

/** Whether the viewer may be offered a free chair: the server says (games/viewer_status.py). */
function maySit(view, onSit) {
  return Boolean(onSit) && Boolean(view.viewer && view.viewer.may_sit);
}

function seatElement(seat, view, best, winners, opts) {
  const { anchor, onSit, money } = opts;
  const hand = view.hand;
  const me = view.you.seat === seat.number;
  const toAct = hand && !hand.complete && hand.to_act === seat.number;
  const classes = ["seat", "taken"];
  if (me) classes.push("me");
  if (toAct) classes.push("to-act");
  // The replayer marks who made the step on show.
  if (opts.acting === seat.number) classes.push("acting");
  if (seat.folded || seat.sitting_out) classes.push("inactive");
  if (winners.has(seat.number)) classes.push("winner");
  // A player who left after the hand on show: their showdown stays, their chair is free.
  if (seat.left) classes.push("left");
  const status = seat.badge;
  // The server says which seated players have no page open (the live table only).
  const gone = (opts.away || []).some((a) => a.seat === seat.number && a.player === seat.player);
  if (gone) classes.push("away");
  const angle = seatAngle(seat.number, view.max_seats, anchor);
  return h(
    "div",
    {
      class: classes.join(" "),
      style: at(angle, 1),
      dataset: { seat: seat.number, stack: seat.stack },
    },
    h("div", { class: dealt(hand) > 2 ? "hole four" : "hole" }, holeCards(seat, best, hand)),
    // On the plate's top edge, out of the flow: a crowded felt keeps its layout.
    gone ? h("div", { class: "presence", title: "Their page is closed or lost its connection" },
      "Disconnected") : null,
    h(
      "div",
      { class: "plate" },
      h("div", { class: "name", title: seat.player },
        h("span", { class: "name-text" }, seat.name_shown || seat.player),
        seat.bot ? h("span", { class: "bot-badge", title: "A computer player" }, "BOT") : "",
        opts.positions && seat.position ? h("span", { class: "position" }, seat.position) : ""),
      h("div", { class: "stack" }, money(seat.stack),
        seat.bet > 0 ? h("span", { class: "plate-bet" }, ` · bet ${money(seat.bet)}`) : null),
      status ? h("div", { class: "status" }, status) : null,
      toAct ? h("div", { class: "clock", "aria-hidden": "true" }, h("span")) : null,
      toAct && hand.on_time_bank ? h("div", { class: "time-bank" }, "Time bank") : null,
    ),
    seat.description
      ? h("div", { class: "shown-desc", title: seat.description }, seat.description)
      : null,
    seat.left && maySit(view, onSit)
      ? h("button", { type: "button", class: "sit-here-small", onclick: () => onSit(seat.number) },
        "Sit here")
      : null,
  );
}

function emptySeat(number, view, anchor, onSit) {
  const angle = seatAngle(number, view.max_seats, anchor);
  const held = (view.requests || []).find((r) => r.seat === number);
  if (held) {
    return h(
      "div",
      { class: "seat empty held", style: at(angle, 1), dataset: { seat: number } },
      h("span", { class: "muted" }, `Held for ${held.player}`),
    );
  }
  if (maySit(view, onSit)) {
    return h(
      "button",
      {
        type: "button",
        class: "seat empty sit-here",
        style: at(angle, 1),
        dataset: { seat: number },
        onclick: () => onSit(number),
      },
      "Sit here",
    );
  }
  return h(
    "div",
    { class: "seat empty", style: at(angle, 1), dataset: { seat: number } },
    h("span", { class: "muted" }, `Seat ${number}`),
  );
}

function centre(view, best, { idleText, money, results }) {
  const hand = view.hand;
  const board = hand ? hand.board : [];
  const cards = board.map((c) => cardFace(c, mark(c, best)));
  while (hand && cards.length < 5) cards.push(cardSlot());
  const parts = [];
  if (hand) {
    // Which game is dealt (dealer's choice changes it each orbit), on a line above the
    // board and out of the flow: the board stays where the seats leave room for it.
    // Its rules in words on hover (games/house_rules.py), and under dealer's choice the
    // game of the next orbit (the server's words, `next_game`).
    const rules = (view.house_rules || []).find((r) => r.topic === "game" && r.game === hand.game);
    const labels = [h("span", { class: "game-name", dataset: { role: "game", game: hand.game },
      title: rules ? rules.text : null }, hand.game_label)];
    if (view.next_game) {
      labels.push(h("span", { class: "game-name next-game", dataset: { role: "next-game" } },
        view.next_game));
    }
    if (hand.bomb_pot) {
      labels.push(h("span", { class: "game-name bomb-pot", dataset: { role: "bomb-pot" } },
        hand.boards === 2 ? "Bomb pot, two boards" : "Bomb pot"));
    }
    if (hand.bounty) {  // the 7-2 bounty of this hand (games/engine/bounty.py)
      labels.push(h("span", { class: "game-name bounty", dataset: { role: "bounty-on" } },
        `7-2 bounty ${money(hand.bounty)}`));
    }
    parts.push(h("div", { class: "game-line" }, labels));
  }
  const runs = hand ? hand.runs || [] : [];
  parts.push(h("div", { class: "board", role: "group", dataset: { board: 1 },
    "aria-label": runs.length ? "first board" : "board" }, cards));
  runs.forEach((run, i) => {
    parts.push(h("div", { class: "board run", role: "group", dataset: { board: i + 2 },
      "aria-label": i === 0 ? "second board" : `board ${i + 2}` },
    run.map((c) => cardFace(c, ""))));
  });
  if (hand && (hand.runout_voters || []).length) {
    parts.push(h("div", { class: "runout-asked", dataset: { role: "runout-asked" } },
      "Run it twice? Waiting for the all-in players to answer"));
  }
  if (hand) {
    parts.push(
      h("div", { class: "pot", dataset: { pot: hand.total_pot } }, `Pot ${money(hand.total_pot)}`),
    );
    if (hand.pots.length > 1) {
      parts.push(
        h(
          "div",
          { class: "side-pots" },
          // The server names each pot ("Main pot", "Side pot 1"): games/engine/types.py.
          hand.pots.map((pot) => h("span", { class: "side-pot" }, `${pot.name}: ${money(pot.amount)}`)),
        ),
      );
    }
  }
  if (hand && hand.complete && hand.results.length) {
    if (results) parts.push(resultsList(view, "in-felt"));
  } else if (!hand) {
    parts.push(h("div", { class: "waiting", dataset: { role: "between-hands" } }, idleText(view)));
  }
  return h("div", { class: "centre" }, parts);
}

/** Who won what from which pots, as a list (the server's sentences); null before the end. */
export function resultsList(view, where) {
  const hand = view.hand;
  if (!hand || !hand.complete || !hand.results.length) return null;
  // Then the 7-2 bounty's payments, each "bob pays alice 20 (7-2 bounty)".
  const bounties = (hand.bounties || []).map((b) => h("li", { class: "bounty-paid",
    dataset: { role: "bounty", payer: b.payer, collector: b.collector, amount: b.amount } }, b.text));
  return h(
    "ul",
    { class: `results ${where}` },
    [...hand.results.flatMap((pot) =>
      pot.winners.map((w) => h("li", { dataset: { pot: pot.covers.join(" "), board: (pot.board || 0) + 1,
        amount: w.amount } }, w.text)),
    ), ...bounties],
  );
}

export function lowerFirst(text) {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

function chips(seat, view, { anchor, money }) {
  const angle = seatAngle(seat.number, view.max_seats, anchor);
  return h(
    "div",
    { class: "bet", style: at(angle, 0.58), dataset: { seat: seat.number } },
    h("span", { class: "chip", "aria-hidden": "true" }),
    money(seat.bet),
  );
}

function button(seatNumber, view, anchor) {
  const angle = seatAngle(seatNumber, view.max_seats, anchor) - 0.35 / Math.max(1, view.max_seats / 6);
  return h("div", { class: "dealer-button", style: at(angle, 0.7), title: "Dealer" }, "D");
}


/**
 * Draw the whole felt for `view` into `felt`. Options: `onSit(number)`, offered on free seats;
 * `idleText(view)` between hands; `anchor`, the seat drawn at the bottom (default: yours);
 * `money(n)` writes amounts (default: whole chips); `positions`, tag BTN, SB, BB on the plates;
 * `acting`, the seat to mark as acting; `results` (default true), winners in the middle.
 */
export function renderFelt(felt, view, options = {}) {
  const opts = {
    anchor: view.you.seat || 1, money: count, results: true, ...options,
  };
  const { anchor, onSit } = opts;
  const best = winningCards(view);
  const winners = new Set(
    view.hand && view.hand.complete
      ? view.hand.results.flatMap((pot) => pot.winners.map((w) => w.seat))
      : [],
  );
  const bySeat = new Map(view.seats.map((s) => [s.number, s]));
  const children = [centre(view, best, opts)];
  for (let number = 1; number <= view.max_seats; number += 1) {
    const seat = bySeat.get(number);
    children.push(
      seat ? seatElement(seat, view, best, winners, opts)
        : emptySeat(number, view, anchor, onSit),
    );
    if (seat && seat.bet > 0) children.push(chips(seat, view, opts));
  }
  if (view.hand && view.hand.button) children.push(button(view.hand.button, view, anchor));
  felt.dataset.seats = String(view.max_seats);
  clear(felt).append(...children);
}
