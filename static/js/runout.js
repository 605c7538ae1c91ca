// All-in run-outs street by street. The server deals the rest of the board at once and the
// hand ends in that same version (games/runout.py); this page reveals the streets one at a
// time, `view.runout_street_seconds` apart, and holds back what would tell the ending early
// (the winners, the final descriptions, the payouts and the log rows after that street).
// Each seat's stack before the payouts is the server's (`stack_before_result`, games/felt.py);
// who busted is held back too: while the streets are revealed, your status line, your
// "Rebuy", the notices and a tournament's line are those of the view before the run-out.

/** Log rows up to the deal of board card number `cards` (the rows after it stay hidden). */
function logUpTo(log, cards) {
  const rows = [];
  let dealt = 0;
  for (const row of log) {
    if (row.kind === "deal_board") {
      dealt += row.cards.length;
      if (dealt > cards) break;
    }
    rows.push(row);
  }
  return rows;
}

/**
 * `view` as it stood when only `cards` board cards were out: the hand not yet over.
 * `before`: the last view drawn before the run-out began (the server's words then for you,
 * the notices and the tournament), so that no bust is told before the river is out.
 */
export function stagedView(view, cards, before = null) {
  const hand = view.hand;
  const untold = before && before.hand && before.hand.number === hand.number
    ? { viewer: before.viewer, you: before.you || view.you, notices: before.notices,
      tournament: before.tournament }
    : {};
  return {
    ...view,
    ...untold,
    seats: view.seats.map((seat) => ({
      ...seat,
      stack: seat.stack_before_result, // the server's: nothing won yet
      badge: seat.badge_before_result, // nobody out of chips before the river is out
      busted: false, // not before the river is out: it would tell who lost
      bet: 0,
      description: null,
      best_five: null,
    })),
    hand: {
      ...hand,
      board: hand.board.slice(0, cards),
      // The street that `cards` board cards open (the server's `hand.streets`).
      street: (hand.streets.find(([size]) => size === cards) || [cards, hand.street])[1],
      complete: false,
      results: [],
      your_hand: null,
      to_act: null,
      seconds_left: null,
    },
    log: logUpTo(view.log, cards),
  };
}

/** Decides, for each view the server sends, what to draw now. */
export class Runout {
  constructor(redraw) {
    this.redraw = redraw; // called when the next street is due
    this.hand = null; // the hand number being followed
    this.shown = 0; // board cards shown so far for it
    this.timer = null;
    this.before = null; // the last view drawn as the server sent it (not staged)
  }

  /** The view to draw for `view`: itself, or a staged copy while a run-out is revealed. */
  stage(view) {
    const drawn = this.choose(view);
    if (drawn === view) this.before = view;
    return drawn;
  }

  choose(view) {
    const hand = view.hand;
    if (!hand) {
      this.stop();
      this.hand = null;
      return view;
    }
    if (this.hand !== hand.number) {
      // A hand first seen now (a new deal, or a page opened mid-hand): nothing to reveal.
      this.stop();
      this.hand = hand.number;
      this.shown = hand.board.length;
      return view;
    }
    const target = hand.board.length;
    // Waiting for the pause between streets.
    if (this.timer !== null) return stagedView(view, this.shown, this.before);
    if (target <= this.shown || hand.to_act !== null) {
      this.shown = target;
      return view;
    }
    const next = hand.streets.map(([size]) => size).find((n) => n > this.shown);
    if (next === undefined || next >= target) {
      this.shown = target;
      return view;
    }
    this.shown = next;
    const pause = Math.max(0, Number(view.runout_street_seconds) || 0) * 1000;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.redraw();
    }, pause);
    return stagedView(view, next, this.before);
  }

  stop() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
