// The coach panel: your equity, outs (against their likely hands) and pot odds, and a
// verdict and a grade (the EV it lost, games/bots/grading.py) on each of your decisions.
// It asks the server (GET coachUrl) for your own figures whenever the table moves on while
// you are in the hand, and shows the summary of your decisions once the hand is over.
import { clear, h } from "./dom.js";

const pct = (share) => `${Math.round(share * 100)}%`;

export class Coach {
  constructor(root, url) {
    this.root = root;
    this.url = url;
    this.open = localStorage.getItem("poker.coach") !== "closed";
    this.key = null;
    this.pending = false;
    this.again = false;
    this.report = null;
    this.draw();
  }

  update(table) {
    const hand = table.hand;
    const key = hand ? `${hand.number}:${table.version}` : null;
    if (!hand || key === this.key || table.you.seat === null) return;
    this.key = key;
    this.fetch();
  }

  async fetch() {
    if (this.pending) { this.again = true; return; }
    this.pending = true;
    try {
      const response = await fetch(this.url, { credentials: "same-origin" });
      if (response.ok) this.report = await response.json();
    } catch (error) {
      // The next update asks again.
    } finally {
      this.pending = false;
    }
    this.draw();
    if (this.again) { this.again = false; this.fetch(); }
  }

  toggle() {
    this.open = !this.open;
    localStorage.setItem("poker.coach", this.open ? "open" : "closed");
    this.draw();
  }

  draw() {
    const head = h("div", { class: "coach-head" },
      h("h2", {}, "Coach"),
      h("button", { type: "button", class: "tool", id: "coach-toggle", "aria-expanded": String(this.open),
        onclick: () => this.toggle() }, this.open ? "Hide" : "Show"));
    clear(this.root).append(head);
    if (!this.open) return;
    const report = this.report;
    if (!report || report.hand === null) {
      this.root.append(h("p", { class: "muted" }, "Figures appear once you are dealt in."));
      return;
    }
    if (report.note) this.root.append(h("p", { class: "muted", "data-coach": "note" }, report.note));
    const now = report.now;
    if (now) {
      // In Omaha the coach has no ranges (equity null): only the figure against random hands.
      const facts = now.equity === null
        ? h("dl", { class: "coach-now" },
          h("dt", {}, "Equity vs random hands"), h("dd", { "data-coach": "equity-random" }, pct(now.equity_random)))
        : h("dl", { class: "coach-now" },
          h("dt", {}, "Equity vs likely ranges"), h("dd", { "data-coach": "equity" }, pct(now.equity)),
          h("dt", {}, "vs random hands"), h("dd", { "data-coach": "equity-random" }, pct(now.equity_random)));
      if (now.standing && now.outs !== null) {
        // Counted against their likely hands: when you are ahead, outs are not the question.
        const outs = now.standing.ahead ? "ahead" : String(now.standing.outs.length);
        facts.append(h("dt", {}, "Outs"), h("dd", { "data-coach": "outs" }, outs));
      }
      if (now.pot_odds !== null) {
        facts.append(h("dt", {}, "Pot odds"),
          h("dd", { "data-coach": "pot-odds" }, `call ${now.to_call} into ${now.pot}: need ${pct(now.pot_odds)}`));
      }
      this.root.append(facts);
      if (now.standing) this.root.append(h("p", { class: "coach-standing", "data-coach": "standing" }, now.standing.text));
    }
    if (report.decisions.length) {
      this.root.append(h("h3", {}, report.complete ? "Hand summary" : "Your decisions"));
      const list = h("ol", { class: "coach-verdicts" });
      for (const d of report.decisions) {
        const odds = d.pot_odds !== null ? ` · pot odds ${pct(d.pot_odds)}` : "";
        const g = d.grade;  // null in Omaha: the grades model hold'em
        const reasons = h("ul", { class: "coach-reasons muted" });
        for (const line of g ? g.reasons : []) reasons.append(h("li", {}, line));
        const equity = d.equity === null ? `equity vs random hands ${pct(d.equity_random)}` : `equity ${pct(d.equity)}`;
        list.append(h("li", { class: "verdict" },
          h("span", { class: "street" }, d.street), " ",
          g ? h("strong", { class: `grade grade-${g.label.toLowerCase()}`, "data-coach": "grade" },
            `${g.label} (-${g.loss_bb.toFixed(1)} bb)`) : "", g ? " " : "", d.verdict,
          h("span", { class: "muted" }, ` (${equity}${odds})`), reasons));
      }
      this.root.append(list);
      const s = report.summary;
      if (s) this.root.append(h("p", { class: "coach-summary", "data-coach": "summary" },
        `${s.decisions} decision(s), ${s.lost_bb.toFixed(1)} bb lost by the coach's model `
        + `(error rate ${s.error_rate.toFixed(2)} bb a decision). `,
        report.complete ? h("a", { href: report.review_url }, "Review this hand") : ""));
    }
  }
}
