// The hand log beside the felt: the server's sentences, with card codes drawn as small cards.
import { cardCodesIn, miniCard } from "./cards.js";
import { clear, h } from "./dom.js";

/** `text` as nodes, each card code ("Td") drawn as a small coloured "10♦". */
export function withCards(text) {
  const nodes = [];
  let last = 0;
  for (const match of cardCodesIn(text)) {
    nodes.push(text.slice(last, match.index), miniCard(match[0]));
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

function noticeRow(notice) {
  return h("li", { class: `log-notice log-${notice.kind}`, dataset: { kind: "notice" } },
    notice.text);
}

/**
 * Draw the last few hands (a Map of hand number -> rows), newest at the bottom, with the
 * table's notices (host actions, top-ups, freed seats) after the hand they followed.
 */
export function renderLog(list, hands, notices = []) {
  const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  clear(list);
  const shown = new Set(hands.keys());
  // Notices from before the oldest hand on show (or before any hand) come first.
  for (const notice of notices) if (!shown.has(notice.hand)) list.append(noticeRow(notice));
  for (const [number, rows] of hands) {
    list.append(h("li", { class: "hand-head" }, `Hand #${number}`));
    for (const entry of rows) list.append(row(entry));
    for (const notice of notices) if (notice.hand === number) list.append(noticeRow(notice));
  }
  if (!hands.size && !notices.length) {
    list.append(h("li", { class: "muted" }, "No hand played yet at this table."));
  }
  if (nearBottom) list.scrollTop = list.scrollHeight;
}
