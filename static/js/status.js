// Texts derived from the table view alone, recomputed on every update (nothing can go stale):
// the status line under the felt, each seat's badge, and the countdown to the next deal.

/** Whole seconds until `at` (a performance.now() time), at least 0. */
export function secondsUntil(at, now = performance.now()) {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The badge under a player's name ("" for none). */
export function seatBadge(seat, hand) {
  if (seat.sitting_out) return seat.timed_out ? "Sitting out (timed out)" : "Sitting out";
  if (seat.busted || (seat.stack === 0 && !seat.in_hand)) return "Out of chips";
  if (seat.leaving) return "Leaving";
  if (seat.all_in) return "All-in";
  if (seat.folded) return "Folded";
  if (seat.mucked) return "Mucked";
  const live = hand && !hand.complete;
  if (live && seat.in_hand) return "";
  if (seat.posting) return "Posts BB next hand";
  if (seat.waiting) return "Waits for BB";
  if (live && !seat.has_cards) return "Next hand";
  return "";
}

/** Between hands: when the next one deals, or what it waits for. */
export function betweenText(view, nextDealIn) {
  const ready = view.seats.filter((s) => !s.left && !s.sitting_out && s.stack > 0).length;
  if (view.status !== "open") return `The table is ${view.status}.`;
  if (ready < 2) return "Waiting for players: the next hand deals when two are ready.";
  if (nextDealIn === null) return "Waiting for players: the next hand deals when two are ready.";
  return nextDealIn > 0 ? `Next hand in ${nextDealIn} s.` : "Dealing the next hand…";
}

function personal(view, me) {
  if (!me) return "";
  if (view.you.leaving) return "You leave the table when this hand ends.";
  if (view.you.top_up_queued) {
    return `${view.you.top_up_queued} chips are added to your stack when this hand ends.`;
  }
  if (me.sitting_out) {
    return me.timed_out
      ? "You were sat out after timing out twice. Sit back in to be dealt in again."
      : "You are sitting out. Sit back in to be dealt the next hand.";
  }
  if (me.posting) return "You post a big blind to play the next hand.";
  if (me.waiting) return "You are dealt in when the big blind reaches your seat.";
  return "";
}

/**
 * The one status line: whose turn it is, or when the next hand deals, and what that means
 * for you. `nextDealIn`: whole seconds to the next deal (null: none planned).
 */
export function statusText(view, nextDealIn) {
  const hand = view.hand;
  const me = view.seats.find((s) => s.number === view.you.seat && !s.left) || null;
  const parts = [];
  if (!me) {
    parts.push(view.seats.filter((s) => !s.left).length < view.max_seats
      ? "You are watching. Pick an empty seat to play." : "You are watching.");
  }
  const mine = personal(view, me);
  if (hand && !hand.complete) {
    if (mine) parts.push(mine);
    else if (me && !me.in_hand && !me.folded && !me.has_cards) parts.push("You are dealt in from the next hand.");
    const actor = hand.to_act === null ? null : view.seats.find((s) => s.number === hand.to_act);
    if (actor) {
      const bank = hand.on_time_bank ? " (on their time bank)" : "";
      parts.push(`Waiting for ${actor.player} to act${bank}.`);
    }
    else if (hand.to_act === null) parts.push("Dealing the rest of the board…");
  } else {
    if (mine) parts.push(mine);
    parts.push(betweenText(view, nextDealIn));
  }
  return parts.join(" ");
}
