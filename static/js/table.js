// The table page: opens the socket, draws each view the server sends, sends your choices.
import { ActionBar } from "./actions.js";
import { ChatPanel } from "./chat.js";
import { TableSocket } from "./connection.js";
import { clamp, clear, count, h } from "./dom.js";
import { renderFelt, resultsList } from "./felt.js";
import { cardFace } from "./cards.js";
import { getPref, setPref } from "./prefs.js";
import { play, played, soundControls, soundsBetween, unlockAudio } from "./sounds.js";
import { animateFelt } from "./motion.js";
import { NoteBook } from "./notes.js";
import { renderLog } from "./log.js";
import { Coach } from "./coach.js";
import { FairPanel, myClientSeed } from "./fairness.js";
import { HostPanel } from "./host.js";
import { Runout } from "./runout.js";
import { betweenText, secondsUntil, statusText } from "./status.js";
import { askPermission, canNotify, subscribePush, tellTurnIfHidden } from "./turn_alerts.js";

const config = JSON.parse(document.getElementById("table-config").textContent);
const $ = (id) => document.getElementById(id);
const root = $("poker");
const felt = $("felt");
const banner = $("banner");
const youHave = $("you-have");
const turnClock = $("turn-clock");
const sitDialog = $("sit-dialog");
const baseTitle = document.title;

let view = null;
let drawn = null; // the view as last drawn (a run-out's street so far): what moved since
let wasMyTurn = false;
// The acting seat's deadline on this page's own clock (immune to clock skew).
let deadline = null;
// When the next hand deals, on this page's clock (null: none planned).
let nextDeal = null;
// When a tournament's level ends, on this page's clock (null: by hands, or the last level).
let levelEnds = null;
const nextDealIn = () => (nextDeal === null ? null : secondsUntil(nextDeal));
// When a busted player's chair is freed, on this page's clock (null: not busted).
let rebuyEnds = null;
const rebuyIn = () => (rebuyEnds === null ? null : secondsUntil(rebuyEnds));
let lastNotice = null; // the newest notice this page has seen (null: none yet)
let away = []; // seated players with no page open: [{seat, player}] (games/outbound/presence.py)
const hands = new Map(); // hand number -> log rows, the last few hands

// ---------------------------------------------------------------- messages to the player

function toast(text, kind = "error") {
  const box = $("toasts");
  const item = h(
    "div",
    { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" },
    h("span", {}, text),
    h("button", { type: "button", class: "close", "aria-label": "Dismiss",
      onclick: () => item.remove() }, "×"),
  );
  box.append(item);
  while (box.children.length > 4) box.firstChild.remove();
  setTimeout(() => item.remove(), kind === "error" ? 8000 : 4000);
}

function showBanner(text, kind) {
  banner.textContent = text;
  banner.className = `banner ${kind}`;
  banner.hidden = false;
}

// ---------------------------------------------------------------- the socket

function send(message) {
  if (socket.send(message)) return true;
  toast("Not connected to the table right now; reconnecting…");
  return false;
}

const actionBar = new ActionBar($("action-bar"), {
  send,
  status: (table) => statusText(table, nextDealIn(), rebuyIn()),
});
const coach = config.coachUrl ? new Coach($("coach"), config.coachUrl) : null;
const chat = new ChatPanel($("chat"), { send, config });
// Only a host's own game has the panel (not a tournament's table, nor practice).
const hostPanel = $("host-panel") ? new HostPanel($("host-panel"), { send, schema: config.hostSettings }) : null;
const fairPanel = new FairPanel($("fair"), { send });
const notes = new NoteBook(config.notesUrl, $("note-dialog"), {
  redraw: () => { if (view) render(view); },
  toast,
});

const socket = new TableSocket(config.socketPath, {
  onView(table) {
    render(table);
  },
  onError(reason) {
    toast(reason);
    actionBar.refused();
  },
  onChat(frame) {
    chat.receive(frame);
  },
  onPresence(frame) {
    away = frame.away;
    if (view) render(view);
  },
  onStatus(status, detail) {
    root.dataset.state = status;
    if (status === "open") {
      banner.hidden = true;
    } else if (status === "reconnecting") {
      showBanner("Connection lost. Reconnecting…", "warn");
    } else if (status === "closed") {
      showBanner(detail, "error");
    }
  },
});

// ---------------------------------------------------------------- drawing a view

const runout = new Runout(() => {
  if (view) render(view);
});

function render(latest) {
  // Public updates (the same bytes for every spectator) carry no `you`: keep the last one.
  if (!latest.you) latest.you = view.you;
  const fresh = latest !== view; // a frame from the server, not a redraw of the last one
  view = latest;
  // What to draw: the view itself, or, while an all-in run-out is revealed street by street,
  // the view as it stood at the street reached so far.
  const table = runout.stage(latest);
  const hand = table.hand;
  if (fresh) {
    nextDeal = latest.next_hand_in === null || latest.next_hand_in === undefined
      ? null : performance.now() + latest.next_hand_in * 1000;
    const rebuy = latest.viewer ? latest.viewer.rebuy_seconds_left : null;
    rebuyEnds = rebuy === null || rebuy === undefined ? null : performance.now() + rebuy * 1000;
    const level = latest.tournament ? latest.tournament.seconds_to_next_level : null;
    levelEnds = level === null || level === undefined ? null : performance.now() + level * 1000;
  }
  // Notices about you pop up once drawn: a bust waits for the run-out's river.
  tellNotices(table);
  renderFelt(felt, table, {
    onSit: openSitDialog,
    away,
    idleText: (shown) => betweenText(shown, nextDealIn()),
  });
  notes.decorate(felt, table);
  if (drawn !== table) {
    animateFelt(felt, drawn, table);
    soundsBetween(drawn, table).forEach(play);
  }
  drawn = table;
  actionBar.update(table);
  if (hand) hands.set(hand.number, table.log);
  while (hands.size > 5) hands.delete(hands.keys().next().value);
  renderLog($("log"), hands, table.notices || []);
  if (coach) coach.update(table);
  chat.viewer(table.you, table.host);
  if (hostPanel) hostPanel.update(table);
  fairPanel.update(latest); // the hand as dealt, not a run-out's street so far
  const hostTools = $("host-tools");
  if (hostTools) hostTools.hidden = !(table.you.is_host && table.status !== "closed");
  // Closed while open: nobody is asked in any more, and the ledger (if offered) shows.
  const invite = $("invite");
  if (invite) invite.hidden = table.status === "closed";
  const ledgerLink = $("table-ledger");
  if (ledgerLink) {
    if (table.you.seat !== null) ledgerLink.dataset.played = "1";
    ledgerLink.hidden = table.status !== "closed" || !ledgerLink.dataset.played;
  }
  showTable(table);
  showHouseRules(latest.house_rules || []);

  const results = resultsList(table, "below");
  clear($("results-below")).append(...(results ? [results] : []));
  // Your cards once more, big (shown by site.css on a phone's nine- or ten-seat felt only).
  const ownSeat = table.seats.find((s) => s.number === table.you.seat);
  const myCards = ownSeat && hand && ownSeat.cards ? ownSeat.cards : [];
  clear($("my-cards")).append(...myCards.map((c) => cardFace(c, "")));
  $("my-cards").hidden = !myCards.length;
  youHave.textContent = hand && hand.your_hand ? `You have: ${hand.your_hand}` : "";
  youHave.hidden = !youHave.textContent;

  const acting = hand && !hand.complete && hand.to_act !== null && hand.seconds_left !== null;
  if (fresh || !acting) deadline = acting ? performance.now() + hand.seconds_left * 1000 : null;
  tick();

  const myTurn = Boolean(hand && !hand.complete && hand.legal);
  if (myTurn && !wasMyTurn) {
    play("turn");
    if (getPref("turnAlerts", false)) {
      const toCall = hand.legal.call ? `${hand.legal.call} to call` : "you may check";
      tellTurnIfHidden({
        title: `Your turn at ${config.tableName || "the table"}`,
        body: `Hand ${hand.number}: ${toCall}.`,
        url: location.pathname,
      });
    }
    // On a small screen the bar may be below the fold: bring it up.
    const bar = $("action-bar").getBoundingClientRect();
    if (bar.bottom > window.innerHeight) $("action-bar").scrollIntoView({ block: "end" });
  }
  wasMyTurn = myTurn;
  document.title = myTurn ? `● Your turn · ${baseTitle}` : baseTitle;

  const seated = table.you.seat !== null;
  // A tournament's table plays its own chips: the bankroll is not at stake there.
  const bankroll = $("bankroll");
  bankroll.hidden = Boolean(table.tournament) || table.you.bankroll === undefined;
  bankroll.querySelector('[data-field="chips"]').textContent = String(table.you.bankroll);
  const chipsButton = $("add-chips");
  const mine = addChipsRange(table);
  chipsButton.hidden = !mine || Boolean(table.tournament); // tournament chips: none added
  if (mine) chipsButton.textContent = mine.rebuy ? "Rebuy" : "Add chips";
  const sitOut = $("sit-out");
  sitOut.hidden = !seated;
  sitOut.textContent = table.you.sitting_out ? "Sit back in" : "Sit out";
  sitOut.setAttribute("aria-pressed", String(table.you.sitting_out));
  // Live straddles, where the host allows them: the server says if you will straddle.
  const straddle = $("straddle");
  const mySeat = table.seats.find((s) => s.number === table.you.seat);
  const spots = [table.button_straddles_allowed && "on the button",
    table.straddles_allowed && "under the gun"].filter(Boolean).join(" or ");
  straddle.hidden = !seated || !spots;
  straddle.setAttribute("aria-pressed", String(Boolean(mySeat && mySeat.straddle_next)));
  straddle.textContent = `${mySeat && mySeat.straddle_next ? "Straddling" : "Straddle"} ${spots}`;
  // A tournament's player still in may propose a deal while none waits (the tournament's
  // own page shows its figures; one proposed during a hand is put when the hand ends).
  const proposeDeal = $("propose-deal");
  if (proposeDeal) {
    proposeDeal.hidden = !table.tournament || Boolean(table.tournament.deal)
      || !mySeat || !mySeat.stack || table.tournament.status !== "running";
  }
  const leave = $("leave");
  // Someone waiting for the host's approval leaves (withdraws) with the same button.
  const asking = table.requests.some((r) => r.user_id === table.you.user_id);
  // A tournament is left by busting (or sitting out to be blinded out), never with chips.
  leave.hidden = (!seated && !asking) || Boolean(table.tournament);
  leave.disabled = Boolean(table.you.leaving);
  leave.textContent = table.you.leaving ? "Leaving after this hand"
    : asking && !seated ? "Withdraw my request" : "Leave table";
}

/** The games and house rules in words (games/house_rules.py): their titles on one line,
 * each explained when opened. Drawn again only when they change (an open panel stays open). */
let shownRules = null;
function showHouseRules(rules) {
  const key = JSON.stringify(rules);
  if (key === shownRules) return;
  shownRules = key;
  const panel = $("house-rules");
  panel.hidden = !rules.length;
  panel.querySelector("[data-field=topics]").textContent = rules.map((r) => r.title).join(" · ");
  clear(panel.querySelector("[data-field=rules]")).append(...rules.flatMap((r) => [
    h("dt", { dataset: { topic: r.topic, game: r.game } }, r.title),
    h("dd", { dataset: { topic: r.topic, game: r.game } }, r.text),
  ]));
  // The straddle button says what a straddle is, for whoever hovers over it.
  const straddle = rules.find((r) => r.topic === "straddle");
  $("straddle").title = straddle ? straddle.text : "";
}

/** The stakes line and the banner everyone sees: the table's state, a request of yours. */
function showTable(table) {
  const ante = table.ante ? ` · ante ${table.ante}` : "";
  const host = table.host ? ` · host ${table.host.name}` : "";
  let stakes = `${table.game_label} · blinds ${table.small_blind}/${table.big_blind}${ante}`
    + ` · buy-in ${table.min_buy_in}–${table.max_buy_in}${host}`;
  const dealt = table.hand && !table.hand.complete ? table.hand.blinds : null;
  if (dealt && (dealt.small_blind !== table.small_blind || dealt.big_blind !== table.big_blind
    || dealt.ante !== table.ante)) {
    stakes += ` (this hand: ${dealt.small_blind}/${dealt.big_blind}; the new blinds start next hand)`;
  }
  $("stakes").textContent = table.tournament ? tournamentText(table.tournament) : stakes;

  // The server's words for the table and for you (games/viewer_status.py).
  const text = table.viewer ? table.viewer.banner : "";
  const tableBanner = $("table-banner");
  tableBanner.textContent = text;
  tableBanner.hidden = !text;
  tableBanner.dataset.state = table.viewer ? table.viewer.state : "";
}

/** A sit-and-go's line (games/tournament_line.py): level, blinds, the next level and
 * when, players left, average stack, prize pool and payouts, late registration and the
 * add-on while they last, a deal waiting. */
function tournamentText(t) {
  const blinds = (b) => `${b.small_blind}/${b.big_blind}${b.ante ? ` ante ${b.ante}` : ""}`;
  let text = `${t.name} · level ${t.level} · blinds ${blinds(t.blinds)}`;
  if (t.next_blinds) {
    let when = "";
    if (levelEnds !== null) {
      const left = Math.max(0, Math.ceil((levelEnds - performance.now()) / 1000));
      when = ` in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    } else if (t.hands_to_next_level !== null) {
      when = ` in ${t.hands_to_next_level} hand${t.hands_to_next_level === 1 ? "" : "s"}`;
    }
    text += ` · next ${blinds(t.next_blinds)}${when}`;
  }
  text += ` · players ${t.players_left}/${t.entrants}`;
  if (t.average_stack !== null) text += ` · average ${t.average_stack}`;
  const paid = t.payouts.map((p) => `${p.place}: ${p.prize}`).join(", ");
  text += ` · prize pool ${t.prize_pool} (${paid})`;
  if (t.late_registration_until) text += ` · Late registration until level ${t.late_registration_until}`;
  if (t.addon) {
    const when = t.addon.level === t.level ? "available" : `in level ${t.addon.level}`;
    text += ` · Add-on ${when}: ${count(t.addon.chips)} chips for ${count(t.addon.price)}`;
  }
  if (t.deal && t.deal.pending) {
    text += ` · ${t.deal.proposed_by} proposes a deal: put to everyone when this hand ends`;
  } else if (t.deal) {
    const yes = t.deal.players.filter((p) => p.agreed).length;
    text += ` · a deal waits: ${yes} of ${t.deal.players.length} agreed`;
  }
  return text;
}

/** A notice about you (the host removed you, adjusted your stack...) also pops up. */
function tellNotices(table) {
  const notices = table.notices || [];
  const newest = notices.length ? notices[notices.length - 1].seq : 0;
  if (lastNotice !== null) {
    for (const notice of notices) {
      // Your own top-up needs no news; what the host or the clock did to you does.
      const mine = notice.player === table.you.name && notice.kind !== "top_up";
      if (notice.seq > lastNotice && mine) toast(notice.text, "info");
    }
  }
  lastNotice = Math.max(lastNotice || 0, newest);
}

/** What you may add now, by the server's rule (`you.add_chips`): null when nothing. */
function addChipsRange(table) {
  return table.you.add_chips || null;
}

/** Run the acting player's clock and the countdown to the next deal down between frames. */
function tick() {
  if (view) {
    actionBar.showStatus();
    const idle = felt.querySelector('[data-role="between-hands"]');
    if (idle) idle.textContent = betweenText(view, nextDealIn());
    if (view.tournament && levelEnds !== null) $("stakes").textContent = tournamentText(view.tournament);
  }
  const bar = felt.querySelector(".seat.to-act .clock > span");
  if (deadline === null || !view) {
    turnClock.hidden = true;
    return;
  }
  const left = Math.max(0, deadline - performance.now());
  const bank = Boolean(view.hand && view.hand.on_time_bank);
  const full = bank ? view.time_bank_seconds : view.action_seconds;
  const share = clamp(left / (Math.max(1, full) * 1000), 0, 1);
  if (bar) {
    bar.style.width = `${(share * 100).toFixed(1)}%`;
    bar.parentElement.classList.toggle("low", left < 5000);
    bar.parentElement.classList.toggle("bank", bank);
  }
  const mine = view.hand && view.hand.legal;
  turnClock.hidden = !mine;
  if (mine) {
    turnClock.textContent = bank
      ? `Time bank · ${Math.ceil(left / 1000)} s` : `Your turn · ${Math.ceil(left / 1000)} s`;
  }
  turnClock.classList.toggle("low", left < 5000);
}
setInterval(tick, 200);

// ---------------------------------------------------------------- taking a seat

function openSitDialog(number) {
  if (!view) return;
  const form = sitDialog.querySelector("form");
  const bankroll = view.you.bankroll;
  const offer = view.you.buy_in; // the range and first amount, worked out by the server
  form.elements.buy_in.min = String(offer.min);
  form.elements.buy_in.max = String(offer.max);
  form.elements.buy_in.value = String(offer.suggested);
  form.elements.post_now.checked = false;
  sitDialog.querySelector('[data-field="seat"]').textContent = String(number);
  sitDialog.querySelector('[data-field="range"]').textContent =
    `Between ${view.min_buy_in} and ${view.max_buy_in} chips; your bankroll is ${bankroll}.`;
  sitDialog.dataset.seat = String(number);
  sitDialog.returnValue = "";
  sitDialog.showModal();
  form.elements.buy_in.focus();
  form.elements.buy_in.select();
}

sitDialog.addEventListener("close", () => {
  if (sitDialog.returnValue !== "sit") return;
  const form = sitDialog.querySelector("form");
  const buyIn = Math.round(Number(form.elements.buy_in.value));
  if (!Number.isFinite(buyIn) || buyIn <= 0) {
    toast("The buy-in must be a whole number of chips.");
    return;
  }
  send({
    type: "sit",
    seat: Number(sitDialog.dataset.seat),
    buy_in: buyIn,
    post_now: form.elements.post_now.checked,
    client_seed: myClientSeed(),
  });
});

// ---------------------------------------------------------------- tools and keys

$("sit-out").addEventListener("click", () => {
  if (view) send({ type: view.you.sitting_out ? "sit_back" : "sit_out" });
});
$("leave").addEventListener("click", () => send({ type: "stand" }));
$("straddle").addEventListener("click", () => {
  const mine = view && view.seats.find((s) => s.number === view.you.seat);
  if (mine) send({ type: "straddle", straddle: !mine.straddle_next });
});

const chipsDialog = $("chips-dialog");
$("add-chips").addEventListener("click", () => {
  const range = view && addChipsRange(view);
  if (!range) return;
  const form = chipsDialog.querySelector("form");
  form.elements.amount.min = String(range.min);
  form.elements.amount.max = String(range.max);
  form.elements.amount.value = String(range.suggested); // never the maximum by default
  chipsDialog.querySelector('[data-field="title"]').textContent =
    range.rebuy ? "Rebuy at your seat" : "Top up your stack";
  chipsDialog.querySelector('[data-field="range"]').textContent = range.rebuy
    ? `Between ${range.min} and ${range.max} chips; your bankroll is ${view.you.bankroll}.`
    : `Up to ${range.max} chips (your stack may reach the maximum buy-in of ${view.max_buy_in}); `
      + `your bankroll is ${view.you.bankroll}.`;
  chipsDialog.returnValue = "";
  chipsDialog.showModal();
  form.elements.amount.select();
});
chipsDialog.addEventListener("close", () => {
  if (chipsDialog.returnValue !== "add") return;
  const amount = Math.round(Number(chipsDialog.querySelector("form").elements.amount.value));
  if (!Number.isFinite(amount) || amount <= 0) {
    toast("Add a whole number of chips.");
    return;
  }
  send({ type: "add_chips", amount });
});

soundControls($("sound"), $("volume"));

// "Alert me on my turn": asks the browser's permission once (it must come from a click),
// then notifies through the service worker while this tab is hidden (turn_alerts.js), and
// where the site offers Web Push, also while no page of the table is open.
function showTurnAlerts() {
  const on = getPref("turnAlerts", false) && Notification.permission === "granted";
  $("turn-alerts").textContent = on ? "Turn alerts on" : "Alert me on my turn";
  $("turn-alerts").setAttribute("aria-pressed", String(on));
}
if (canNotify()) {
  $("turn-alerts").hidden = false;
  $("turn-alerts").addEventListener("click", async () => {
    if (getPref("turnAlerts", false) && Notification.permission === "granted") {
      setPref("turnAlerts", false);
    } else if (await askPermission()) {
      setPref("turnAlerts", true);
      subscribePush(config.push || {}).catch(() => {
        toast("Alerts work while the table is open in a tab; the browser refused the rest.", "info");
      });
    } else {
      toast("The browser blocks notifications for this site; allow them in its settings.");
    }
    showTurnAlerts();
  });
  showTurnAlerts();
}

function showDeck() {
  const four = getPref("fourColour", false);
  document.documentElement.classList.toggle("four-colour", four);
  $("four-colour").setAttribute("aria-pressed", String(four));
}
$("four-colour").addEventListener("click", () => {
  setPref("fourColour", !getPref("fourColour", false));
  showDeck();
});
showDeck();

const copyInvite = $("copy-invite");
if (copyInvite) {
  copyInvite.addEventListener("click", async () => {
    const input = $("invite-url");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      toast("Invite link copied.", "info");
    } catch {
      toast("Copy the selected link with Ctrl+C (or long-press on a phone).", "info");
    }
  });
}

document.addEventListener("pointerdown", unlockAudio);
document.addEventListener("keydown", (event) => {
  unlockAudio();
  if (event.ctrlKey || event.metaKey || event.altKey || sitDialog.open || chipsDialog.open) return;
  const tag = event.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (event.key === "Enter" && tag === "BUTTON") return;
  if (actionBar.handleKey(event)) event.preventDefault();
});

// For people debugging in the console (and the browser tests): the live socket and view.
window.pokerTable = {
  socket,
  sounds: played,
  get view() {
    return view;
  },
};

clear($("log"));
socket.connect();
notes.load();
