// Short animations over a felt just drawn (felt.js draws the state; this only moves what is
// already in place, so nothing waits for them): hole cards dealt, chips slid from a seat to
// its bet, bets swept into the pot when a street ends, the pot to its winners. None when the
// person asks their system for reduced motion (and the CSS says the same: site.css).
import { seatAngle } from "./felt.js";

export const reducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function centreOf(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/** Give `element` the CSS animation `name`, starting from where `from` is drawn. */
function slideFrom(element, from, name) {
  const here = centreOf(element);
  element.style.setProperty("--from-x", `${Math.round(from.x - here.x)}px`);
  element.style.setProperty("--from-y", `${Math.round(from.y - here.y)}px`);
  element.classList.add(name);
}

/** A chip flying from `from` to `to` (page points), gone when it lands. */
function flyingChip(felt, from, to) {
  const base = felt.getBoundingClientRect();
  const chip = document.createElement("span");
  chip.className = "chip flying-chip";
  chip.setAttribute("aria-hidden", "true");
  chip.style.left = `${Math.round(to.x - base.left)}px`;
  chip.style.top = `${Math.round(to.y - base.top)}px`;
  felt.append(chip);
  slideFrom(chip, from, "fly");
  chip.addEventListener("animationend", () => chip.remove());
}

function betSpot(felt, view, number, anchor) {
  const angle = seatAngle(number, view.max_seats, anchor);
  const box = felt.getBoundingClientRect();
  return { x: box.left + box.width * (0.5 + 0.29 * Math.cos(angle)),
    y: box.top + box.height * (0.5 + 0.29 * Math.sin(angle)) };
}

/** Animate what changed on `felt` from `before` to `after` (both as drawn). */
export function animateFelt(felt, before, after) {
  if (reducedMotion() || !before || !after.hand) return;
  const hand = after.hand;
  const was = before.hand;
  const anchor = after.you.seat || 1;
  if (!was || was.number !== hand.number) {
    if (hand.complete) return;
    felt.querySelectorAll(".seat .hole").forEach((hole, seatIndex) => {
      hole.querySelectorAll(".card").forEach((card, i) => {
        card.style.animationDelay = `${(i * 4 + seatIndex) * 30}ms`;
        card.classList.add("deal-in");
      });
    });
    return;
  }
  const old = new Map(before.seats.map((s) => [s.number, s]));
  for (const seat of after.seats) {
    const prior = old.get(seat.number);
    const spot = felt.querySelector(`.bet[data-seat="${seat.number}"]`);
    const plate = felt.querySelector(`.seat[data-seat="${seat.number}"]`);
    if (!prior || !(seat.bet > prior.bet)) continue;
    if (spot && plate) slideFrom(spot, centreOf(plate), "chips-in");
    // On a phone the bet is written on the plate instead (site.css): it lights up.
    const onPlate = plate && plate.querySelector(".plate-bet");
    if (onPlate) onPlate.classList.add("bet-pop");
  }
  const pot = felt.querySelector(".pot");
  // A street's end (or the hand's): the bets on the felt go into the pot.
  if (pot && (was.street !== hand.street || (hand.complete && !was.complete))) {
    for (const seat of before.seats) {
      if (seat.bet > 0) flyingChip(felt, betSpot(felt, before, seat.number, anchor), centreOf(pot));
    }
  }
  if (pot && hand.complete && !was.complete) {
    const winners = new Set(hand.results.flatMap((p) => p.winners.map((w) => w.seat)));
    for (const number of winners) {
      const plate = felt.querySelector(`.seat[data-seat="${number}"] .plate`);
      if (!plate) continue;
      flyingChip(felt, centreOf(pot), centreOf(plate));
      plate.classList.add("won");
    }
  }
}
