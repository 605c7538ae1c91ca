// Texts derived from the table view alone, recomputed on every update (nothing can go stale):
// the status line under the felt and the countdown to the next deal (each seat's badge is the
// server's, `seat.badge`).

/** Whole seconds until `at` (a performance.now() time), at least 0. */
export function secondsUntil(at, now = performance.now()) {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Between hands: when the next one deals, or what the table is waiting for. */
export function betweenText(view, nextDealIn) {
  // The server says what a paused, unstarted or closed table is doing (games/viewer_status.py).
  if (view.table_state && view.table_state.state !== "open") return view.table_state.text;
  // No deal planned: the server says what the table waits for (the rule it deals by).
  if (nextDealIn === null) return (view.table_state && view.table_state.waiting) || "";
  return nextDealIn > 0 ? `Next hand in ${nextDealIn} s.` : "Dealing the next hand…";
}

/** The server's line for this viewer, its `{seconds}` run down by the page's clock. */
export function viewerLine(view, rebuyIn) {
  const viewer = view.viewer;
  if (!viewer) return "";
  return viewer.text.replace("{seconds}", String(rebuyIn === null ? 0 : rebuyIn));
}

/**
 * The one status line: where you stand (the server's words for your state), then whose
 * turn it is or when the next hand deals. `nextDealIn`, `rebuyIn`: whole seconds (null: none).
 */
export function statusText(view, nextDealIn, rebuyIn = null) {
  const hand = view.hand;
  const state = view.viewer ? view.viewer.state : "spectator";
  const parts = [viewerLine(view, rebuyIn)];
  if (state === "closed") return parts.join(" ");
  if (hand && !hand.complete) {
    const actor = hand.to_act === null ? null : view.seats.find((s) => s.number === hand.to_act);
    if (actor) {
      const bank = hand.on_time_bank ? " (on their time bank)" : "";
      parts.push(`Waiting for ${actor.player} to act${bank}.`);
    } else if (hand.to_act === null) parts.push("Dealing the rest of the board…");
  } else if (!view.table_state || view.table_state.state === "open") {
    parts.push(betweenText(view, nextDealIn));
  }
  return parts.filter(Boolean).join(" ");
}
