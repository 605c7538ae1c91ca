// Cards, written once for every script: rank and suit names, suit symbols, the card-code
// pattern and cards drawn with CSS. Codes are the server's: "As", "Td", "7c" (rank then suit).
// The Python side of the same facts is evaluator/cards.py.
import { h } from "./dom.js";

/** Rank letters from the ace down, the order pickers and grids list them in. */
export const RANKS = "AKQJT98765432";
/** Suit letter -> filled symbol, spades first (the order pickers list suits in). */
export const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
/** Suit letter -> outlined symbol: read in typed text, never drawn. */
export const OUTLINE_SUITS = { s: "♤", h: "♡", d: "♢", c: "♧" };
export const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
export const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven",
  6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

const SUIT_LETTERS = Object.keys(SUITS).join("");
/** One card code as a whole word in the server's text ("Td"): rank in group 1, suit in 2. */
export const CARD_CODE = new RegExp(`\\b([${RANKS}])([${SUIT_LETTERS}])\\b`);
// Typed cards, as the Python parser reads them: "10♥", "t h", "As", "a♤".
const TYPED_CARD = new RegExp(
  `(10|[${RANKS}])\\s*([${SUIT_LETTERS}${Object.values(SUITS).join("")}` +
    `${Object.values(OUTLINE_SUITS).join("")}])`,
  "gi",
);
const LETTER_OF = Object.fromEntries(
  Object.keys(SUITS).flatMap((letter) => [
    [letter, letter], [SUITS[letter], letter], [OUTLINE_SUITS[letter], letter],
  ]),
);

/** Every card code in the server's text, as matches (`.index`, `[0]` code, `[1]` rank, `[2]` suit). */
export function cardCodesIn(text) {
  return text.matchAll(new RegExp(CARD_CODE.source, "g"));
}

/** Card codes ("As", "Td") in text a person typed, in order: "10♥ ks" -> ["Th", "Ks"]. */
export function typedCards(text) {
  return [...text.matchAll(TYPED_CARD)].map(([, rank, suit]) => {
    const r = rank === "10" ? "T" : rank.toUpperCase();
    return r + LETTER_OF[suit.toLowerCase()];
  });
}

/** The rank as printed on a card's corner: "10" for the ten. */
export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** "ace of spades" for "As". */
export function cardName(code) {
  const rank = code[0];
  const suit = code[1].toLowerCase();
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suit] || suit}`;
}

/**
 * A face-up card; `mark` is "best" (part of the winning five), "dim" or "". `base` is the
 * CSS class of the card (a page with its own card look passes its own).
 */
export function cardFace(code, mark = "", base = "card") {
  const rank = code[0];
  const suit = code[1].toLowerCase();
  return h(
    "span",
    {
      class: `${base} suit-${suit}${mark ? ` ${mark}` : ""}`,
      dataset: { card: code },
      role: "img",
      "aria-label": cardName(code),
    },
    h("span", { class: "rank" }, rankText(rank)),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit] || suit),
  );
}

/** A small card inside a line of text: "10♦", coloured by its suit. */
export function miniCard(code) {
  const suit = code[1].toLowerCase();
  return h(
    "span",
    { class: `mini-card suit-${suit}`, dataset: { card: code } },
    rankText(code[0]),
    SUITS[suit] || suit,
  );
}

export function cardBack(base = "card") {
  return h("span", { class: `${base} back`, role: "img", "aria-label": "face-down card" });
}

/** An empty place on the board for a card still to come. */
export function cardSlot(base = "card") {
  return h("span", { class: `${base} slot`, "aria-hidden": "true" });
}
