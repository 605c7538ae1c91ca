"""Fair deals in Chromium: the browser's verifier (WebCrypto) against the documented vectors,
and a hand dealt live, verified on the table page, in the replayer and by the command."""

import os
import re
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from tests.browser.people import Person, wait_for_new_hand
from tests.fair_vectors import fair_vectors
from tests.servers import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

expect.set_options(timeout=15_000)

COMPUTE = """async (vector) => {
  const fair = await import("/static/js/fairness.js");
  const message = Array.from(fair.dealMessage(vector.client_seeds, vector.hand_number),
    (b) => b.toString(16).padStart(2, "0")).join("");
  const deck = await fair.fairDeck(vector.server_seed, vector.client_seeds, vector.hand_number,
                                   vector.deck_size || 52);
  return {
    commitment: await fair.commitmentOf(vector.server_seed),
    message,
    deck: deck.join(" "),
    verdict: await fair.verifyDeal({...vector, version: fair.VERSION}, vector.deck.split(" ")),
  };
}"""


def test_the_browser_computes_the_documented_vectors(clean_page):
    clean_page.goto("/")
    for vector in fair_vectors():
        got = clean_page.evaluate(COMPUTE, vector)
        assert got["commitment"] == vector["commitment"], vector["name"]
        assert got["message"] == vector.get("message", got["message"]), vector["name"]
        assert got["deck"] == vector["deck"], vector["name"]
        assert got["verdict"]["ok"], got["verdict"]


def verify_with_the_command(site, path) -> str:
    env = {**os.environ, **{k: v for k, v in site.env.items() if v is not None}}
    env.pop("REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "verify_deal", str(path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    return done.stdout + done.stderr


def test_a_live_hand_is_verified_at_the_table_in_the_replayer_and_by_the_command(
    chromium, site, tmp_path, artifacts
):
    alice, bob = (Person(chromium, site, name) for name in ("fairalice", "fairbob"))
    try:
        alice.join_as_guest()
        alice.create_table("Fair deal table")
        alice.sit(1)
        # The first hand's commitment is on show before anyone is dealt a card.
        announced = alice.view()["next_deal"]["commitment"]
        expect(alice.page.locator("#fair [data-role=next-deal]")).to_contain_text(announced[:16])
        bob.open_table_of(alice)
        # Bob picks his own client seed before sitting: it goes with "sit".
        bob.page.locator("#fair input").fill("bobs-own-seed")
        bob.page.locator("#fair").get_by_role("button", name="Use").click()
        expect(bob.page.locator("#fair")).to_contain_text("Used from the next hand")
        bob.sit(2)
        number = wait_for_new_hand([alice, bob])
        alice_seed = alice.page.evaluate("localStorage.getItem('poker.clientSeed')")
        record = alice.view()["hand"]["fair_deal"]
        assert record["server_seed"] is None and len(record["commitment"]) == 64
        assert {s["seat"]: s["seed"] for s in record["client_seeds"]} == {
            1: alice_seed, 2: "bobs-own-seed",
        }
        expect(alice.page.locator("#fair")).to_contain_text(record["commitment"])
        assert record["commitment"] == announced and record["commitment_shown_at"]
        expect(alice.page.locator("#fair [data-role=commitment-shown]")).to_contain_text(
            "before the deal")
        expect(alice.page.locator("#fair [data-role=seen-before]")).to_contain_text(
            "this page saw this commitment announced")
        expect(alice.page.locator("#fair")).to_contain_text("revealed when the hand ends")

        # Pause, so that no next hand replaces this one on the page; then the actor folds.
        alice.page.evaluate("window.pokerTable.socket.send({type: 'host', control: 'pause'})")
        for person in (alice, bob):
            person.page.wait_for_function("() => window.pokerTable.view.status === 'paused'")
        actor = alice if alice.my_turn() else bob
        actor.page.evaluate(
            "window.pokerTable.socket.send({type: 'act', action: 'fold',"
            " version: window.pokerTable.view.version})"
        )
        alice.page.wait_for_function(
            "n => { const h = window.pokerTable.view.hand;"
            " return h && h.number === n && h.complete && h.fair_deal.server_seed; }",
            arg=number,
        )
        seed = alice.view()["hand"]["fair_deal"]["server_seed"]
        following = alice.view()["next_deal"]["commitment"]  # the next hand's, seed unseen
        assert following != announced
        expect(alice.page.locator("#fair [data-role=next-deal]")).to_contain_text(following[:16])
        fair = alice.page.locator("#fair")
        expect(fair.locator("[data-role=server-seed]")).to_have_text(seed)
        fair.locator("summary").click()
        fair.get_by_role("button", name="Verify this deal").click()
        expect(fair.locator(".fair-result")).to_have_text(re.compile(r"^Verified: "))
        expect(fair).to_contain_text("It does not prove the server is honest")
        alice.page.screenshot(path=artifacts / "fair-deal-table-1280.png", full_page=True)

        alice.page.goto("/hands/")
        link = alice.page.locator("table.hh-list a", has_text=f"#{number}").first
        hand_path = link.get_attribute("href")
        alice.page.goto(hand_path)
        replayer = alice.page.locator("#rp-fair")
        expect(replayer.locator("[data-role=server-seed]")).to_have_text(seed)
        replayer.get_by_role("button", name="Verify this deal").click()
        expect(replayer.locator(".fair-result")).to_have_text(re.compile(r"^Verified: "))
        alice.page.screenshot(path=artifacts / "fair-deal-replayer-1280.png", full_page=True)

        for name in ("hand.phh", "pokerstars.txt"):
            export = alice.page.request.get(f"{hand_path}{name}").text()
            assert seed in export
            path = tmp_path / name
            path.write_text(export)
            said = verify_with_the_command(site, path)
            assert f"hand {number}, verified: " in said and "1 verified, 0 not" in said, said
        assert not alice.problems and not bob.problems, alice.problems + bob.problems
    finally:
        alice.close()
        bob.close()
