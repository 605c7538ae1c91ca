// Provably fair deals in the browser: your client seed, and "Verify this deal", which
// recomputes a hand's deck from its seeds with WebCrypto exactly as the server does
// (docs/fairness.md is the specification; games/engine/fair_deck.py the server's copy).
import { RANKS, SUITS } from "./cards.js";
import { clear, h } from "./dom.js";

export const VERSION = "fair-deal-v1";
const CLIENT_SEED = /^[A-Za-z0-9_-]{0,64}$/;
const SEED_KEY = "poker.clientSeed";
const TWO_32 = 2 ** 32;
// Card-id order: rank 2 to ace, suits c d h s within a rank.
const SUIT_ORDER = Object.keys(SUITS).sort();
export const START_DECK = [...RANKS].reverse().flatMap((r) => SUIT_ORDER.map((s) => r + s));

export const PROVES = "It proves the deck was fixed before the first card was dealt and not "
  + "changed afterwards: the server committed to its seed (the SHA-256 shown as the next hand's "
  + "commitment) before the deal, and the revealed seed matches it. It also proves that every "
  + "dealt-in player's client seed went into the shuffle, and the server could not choose its "
  + "seed against a client seed set after the commitment was shown: change yours then and no "
  + "seed the server picked can have been picked for the deck it gives.";
export const DOES_NOT_PROVE = "It does not prove the server is honest during the hand: the "
  + "server knows the deck while the hand is played, so a dishonest server could still leak "
  + "cards or collude. When no seed changed after the commitment, the server knew every "
  + "client seed when it drew its own. The times in the record are the server's word; what "
  + "your own page saw before the deal is yours. Once the seed is revealed, anyone can compute "
  + "every card, folded and mucked hands too.";

/** When the record says the commitment was shown, relative to the deal and the seeds. */
export function timingText(record) {
  if (!record.commitment_shown_at) {
    return "Drawn at the deal, knowing the client seeds: no commitment was shown before it.";
  }
  const after = record.seeds_set_after || [];
  const seeds = after.length ? `client seeds set after it: seat${after.length > 1 ? "s" : ""} `
    + after.join(", ") : "no client seed was set after it";
  return `Shown from ${record.commitment_shown_at}, before the deal; ${seeds}.`;
}

/** 32 random hex digits from the browser's CSPRNG (works on plain-http pages too). */
export function newClientSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Why a client seed would be refused, or null when it is fine (the server says the same). */
export function clientSeedProblem(seed) {
  if (seed.length > 64) return `A client seed is at most 64 characters, not ${seed.length}.`;
  if (!CLIENT_SEED.test(seed)) return "A client seed may hold only letters, digits, '-' and '_'.";
  return null;
}

/** This browser's client seed, made once and kept in local storage. */
export function myClientSeed() {
  let seed = null;
  try { seed = localStorage.getItem(SEED_KEY); } catch { /* storage may be off */ }
  if (seed === null || clientSeedProblem(seed)) {
    seed = newClientSeed();
    setMyClientSeed(seed);
  }
  return seed;
}

export function setMyClientSeed(seed) {
  try { localStorage.setItem(SEED_KEY, seed); } catch { /* storage may be off */ }
}

/** Whether this page may use WebCrypto's digest and HMAC (secure pages only). */
export function canVerify() {
  return Boolean(globalThis.crypto && crypto.subtle);
}

const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text) => new Uint8Array(text.match(/../g).map((x) => parseInt(x, 16)));
const u32 = (n) => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n); return b; };
const ascii = (text) => new TextEncoder().encode(text);
const lp = (bytes) => concat([u32(bytes.length), bytes]);

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/** SHA-256 of the seed's 32 bytes, as hex. */
export async function commitmentOf(serverSeed) {
  return hex(await crypto.subtle.digest("SHA-256", fromHex(serverSeed)));
}

/** The HMAC message before the block counter: version, hand, then each seed by seat. */
export function dealMessage(clientSeeds, handNumber) {
  const seeds = [...clientSeeds].sort((a, b) => a.seat - b.seat);
  return concat([lp(ascii(VERSION)), u32(handNumber), u32(seeds.length),
    ...seeds.flatMap((s) => [u32(s.seat), lp(ascii(s.seed))])]);
}

/** The deck the seeds make (docs/fairness.md): HMAC-SHA256 in counter mode, Fisher-Yates
 * from the end, rejection sampling for each draw. */
export async function fairDeck(serverSeed, clientSeeds, handNumber, deckSize = 52) {
  const key = await crypto.subtle.importKey(
    "raw", fromHex(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const message = dealMessage(clientSeeds, handNumber);
  let block = -1;
  let words = [];
  const next = async () => {
    if (!words.length) {
      block += 1;
      const digest = await crypto.subtle.sign("HMAC", key, concat([message, u32(block)]));
      const view = new DataView(digest);
      words = Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i));
    }
    return words.shift();
  };
  // The game's deck: the last deckSize cards of the 52 (short deck: 36, six up).
  const deck = START_DECK.slice(START_DECK.length - deckSize);
  for (let i = deck.length - 1; i > 0; i -= 1) {
    const n = i + 1;
    const limit = TWO_32 - (TWO_32 % n);
    let x = await next();
    while (x >= limit) x = await next();
    const j = x % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** Check a record and the cards this page knows ("??" elsewhere, in deal order). */
export async function verifyDeal(record, known) {
  if (record.version !== VERSION) {
    return { ok: false, text: `Unknown deal version ${record.version}; this page knows ${VERSION}.` };
  }
  if (!record.server_seed) return { ok: false, text: "The server seed is revealed when the hand ends." };
  if (await commitmentOf(record.server_seed) !== record.commitment) {
    return { ok: false, text: "The server seed does not match the commitment." };
  }
  const deck = await fairDeck(record.server_seed, record.client_seeds, record.hand_number,
    record.deck_size || 52);
  const wrong = [];
  let checked = 0;
  known.forEach((card, at) => {
    if (card === "??") return;
    checked += 1;
    if (card !== deck[at]) wrong.push(`card ${at + 1} is ${card} in the hand but ${deck[at]} by the seeds`);
  });
  if (wrong.length) return { ok: false, text: `The seed matches the commitment, but ${wrong.join("; ")}.` };
  return { ok: true, text: `Verified: the server seed matches the commitment, and all ${checked} `
    + "cards you know are where the seeds put them." };
}

/** Where each card of a hand of ``n`` players lies in the deck, as games/engine/deal_order.py
 * deals: hole cards one at a time from the left of the button, then burn and flop, burn and
 * turn, burn and river. */
export function dealPositions(n) {
  const holes = Array.from({ length: n }, (_, i) => [i, n + i]);
  const board = [2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7];
  return { holes, board, size: 2 * n + 8 };
}

/** The cards a table view shows of its hand, in deal order ("??" for the rest). */
export function knownFromTable(table) {
  const hand = table.hand;
  const seats = hand.fair_deal.client_seeds.map((s) => s.seat).sort((a, b) => a - b);
  const order = [...seats.filter((s) => s > hand.button), ...seats.filter((s) => s <= hand.button)];
  const { holes, board, size } = dealPositions(order.length);
  const known = Array(size).fill("??");
  for (const row of table.seats) {
    const i = order.indexOf(row.number);
    if (i >= 0 && row.cards) {
      known[holes[i][0]] = row.cards[0];
      known[holes[i][1]] = row.cards[1];
    }
  }
  hand.board.forEach((card, k) => { known[board[k]] = card; });
  return known;
}

const short = (text) => `${text.slice(0, 16)}…`;

/** The "Fair deal" box: the record, a verify button once the seed is out, and what it means. */
export function fairBox(record, known,
  { title = "Fair deal", open = false, buttonClass = "", seenBefore = "" } = {}) {
  const result = h("p", { class: "fair-result", role: "status" });
  const button = h("button", { type: "button", class: buttonClass, "data-role": "verify-deal" },
    "Verify this deal");
  button.addEventListener("click", async () => {
    if (!canVerify()) {
      result.textContent = "This browser verifies only on a secure page (https, or this computer's "
        + "own address); use manage.py verify_deal with the hand's export instead.";
      result.dataset.ok = "false";
      return;
    }
    result.textContent = "Checking…";
    const outcome = await verifyDeal(record, known());
    result.textContent = outcome.text;
    result.dataset.ok = String(outcome.ok);
  });
  const seeds = record.client_seeds.map((s) => `seat ${s.seat}: ${s.seed ? s.seed : "(none)"}`);
  return h("details", { class: "fair-deal", ...(open ? { open: "" } : {}) },
    h("summary", {}, `${title} · commitment ${short(record.commitment)}`),
    h("dl", {},
      h("dt", {}, "Commitment (SHA-256 of the server seed)"), h("dd", { class: "mono" }, record.commitment),
      h("dt", {}, "Server seed"),
      h("dd", { class: "mono", "data-role": "server-seed" },
        record.server_seed || "revealed when the hand ends"),
      h("dt", {}, "Client seeds"), h("dd", { class: "mono" }, seeds.join(", ")),
      h("dt", {}, "Commitment shown"), h("dd", { "data-role": "commitment-shown" }, timingText(record)),
      ...(seenBefore ? [h("dt", {}, "Seen by this page"),
        h("dd", { "data-role": "seen-before" }, seenBefore)] : []),
      h("dt", {}, "Hand, version"), h("dd", {}, `${record.hand_number}, ${record.version}`)),
    record.server_seed ? button : "",
    result,
    h("p", { class: "muted" }, PROVES),
    h("p", { class: "muted" }, DOES_NOT_PROVE));
}

/** The table's fair-deal panel: your client seed, and the hand on show's record. */
export class FairPanel {
  constructor(root, { send }) {
    this.root = root;
    this.send = send;
    this.sent = null; // the seed last sent, so a page never repeats itself
    this.shownKey = null;
    this.nextKey = undefined;
    this.seen = new Map(); // commitment -> when this page first saw it announced
    this.seedBox = h("div", { class: "fair-seed" });
    this.nextBox = h("div", { class: "fair-next", "data-role": "next-deal" });
    this.handBox = h("div", { class: "fair-hand" });
    root.append(h("h2", {}, "Fair deal"), this.seedBox, this.nextBox, this.handBox);
    this.drawSeed();
  }

  drawSeed() {
    const input = h("input", { type: "text", maxlength: "64", value: myClientSeed(),
      "aria-label": "Your client seed", spellcheck: "false", class: "mono" });
    const use = (seed) => {
      const problem = clientSeedProblem(seed);
      if (problem) { note.textContent = problem; return; }
      setMyClientSeed(seed);
      input.value = seed;
      note.textContent = "Used from the next hand you are dealt into.";
      if (this.seated) this.offer(seed);
    };
    const note = h("p", { class: "muted", role: "status" },
      "Your browser's entropy for the shuffle of your next hands.");
    clear(this.seedBox).append(
      h("label", {}, "Your client seed ", input),
      h("button", { type: "button", class: "tool", onclick: () => use(input.value.trim()) }, "Use"),
      h("button", { type: "button", class: "tool", onclick: () => use(newClientSeed()) }, "New seed"),
      note);
  }

  /** The next hand's commitment, shown before its deal (and before your seed is final). */
  drawNext(next) {
    const key = next ? next.commitment : null;
    if (key === this.nextKey) return;
    this.nextKey = key;
    if (key && !this.seen.has(key)) this.seen.set(key, new Date());
    clear(this.nextBox).append(next
      ? h("p", {}, "Next hand's commitment: ", h("span", { class: "mono" }, short(next.commitment)),
        h("br"), h("span", { class: "muted" }, "The server has drawn its seed for the next hand. "
          + "A client seed you set now goes into that deck, and the server could not have "
          + "chosen its seed against it."))
      : h("p", { class: "muted" }, "The next hand's commitment is shown when this hand ends."));
  }

  offer(seed) {
    if (this.sent === seed) return;
    if (this.send({ type: "client_seed", seed })) this.sent = seed;
  }

  /** Each view: keep the server's copy of your seed in step; show the hand's record. */
  update(table) {
    this.seated = table.you.seat !== null;
    if (this.seated && table.you.client_seed !== myClientSeed()) this.offer(myClientSeed());
    if (table.you.client_seed === myClientSeed()) this.sent = myClientSeed();
    this.latest = table; // the cards the verifier compares are this view's
    this.drawNext(table.next_deal);
    const hand = table.hand;
    const record = hand ? hand.fair_deal : null;
    const key = record ? `${record.commitment}:${record.server_seed}` : `none:${Boolean(hand)}`;
    if (key === this.shownKey) return;
    this.shownKey = key;
    const seen = record && this.seen.get(record.commitment);
    clear(this.handBox).append(record
      ? fairBox(record, () => knownFromTable(this.latest), {
        title: `Hand #${hand.number}`, buttonClass: "tool",
        seenBefore: seen ? `Yes: this page saw this commitment announced at ${seen.toLocaleTimeString()}, `
          + "before the hand was dealt." : "" })
      : h("p", { class: "muted" }, hand ? "This hand was dealt from a given deck: nothing to verify."
        : "Each hand's commitment appears here when it is dealt."));
  }
}
