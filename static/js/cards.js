// Cards drawn with CSS: a rank and a suit symbol. Codes are the server's: "As", "Td", "7c".
import { h } from "./dom.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** A face-up card; `mark` is "best" (part of the winning five), "dim" or "". */
export function cardFace(code, mark = "") {
  const rank = code[0];
  const suit = code[1].toLowerCase();
  return h(
    "span",
    {
      class: `card suit-${suit}${mark ? ` ${mark}` : ""}`,
      dataset: { card: code },
      role: "img",
      "aria-label": `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit] || suit}`,
    },
    h("span", { class: "rank" }, rankText(rank)),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit] || suit),
  );
}

export function cardBack() {
  return h("span", { class: "card back", role: "img", "aria-label": "face-down card" });
}

/** An empty place on the board for a card still to come. */
export function cardSlot() {
  return h("span", { class: "card slot", "aria-hidden": "true" });
}
