// The hand log beside the felt: the server's sentences, with card codes drawn as small cards.
import { rankText } from "./cards.js";
import { clear, h } from "./dom.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const CARD = /\b([2-9TJQKA])([shdc])\b/g;

/** `text` as nodes, each card code ("Td") drawn as a small coloured "10♦". */
export function withCards(text) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(CARD)) {
    nodes.push(text.slice(last, match.index));
    nodes.push(
      h(
        "span",
        { class: `mini-card suit-${match[2]}`, dataset: { card: match[0] } },
        rankText(match[1]),
        SUITS[match[2]],
      ),
    );
    last = match.index + match[0].length;
  }
  nodes.push(text.slice(last));
  return nodes;
}

function row(entry) {
  const classes = [`log-${entry.kind}`];
  if (entry.kind === "deal_board") classes.push("street");
  return h("li", { class: classes.join(" "), dataset: { kind: entry.kind } }, withCards(entry.text));
}

/** Draw the last few hands (a Map of hand number -> rows), newest at the bottom. */
export function renderLog(list, hands) {
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  clear(list);
  for (const [number, rows] of hands) {
    list.append(h("li", { class: "hand-head" }, `Hand #${number}`));
    for (const entry of rows) list.append(row(entry));
  }
  if (!hands.size) list.append(h("li", { class: "muted" }, "No hand played yet at this table."));
  if (nearBottom) list.scrollTop = list.scrollHeight;
}
