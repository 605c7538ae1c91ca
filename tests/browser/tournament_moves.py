"""Moves at a tournament table in Chromium, for the tournament browser tests: read a bankroll,
wait for the next hand, and play a hand where one chosen pair goes all in and everyone else
folds."""

from tests.browser.people import Person


def bankroll(page) -> int:
    text = page.locator("#my-bankroll strong").inner_text()
    return int(text.replace(",", ""))


def next_hand(watcher: Person, after: int) -> int:
    return watcher.page.wait_for_function(
        """n => { const h = window.pokerTable.view && window.pokerTable.view.hand;
                  return h && h.number > n && !h.complete ? h.number : null; }""",
        arg=after, timeout=30_000,
    ).json_value()


def click_action(person: Person, version: int, plan: str) -> None:
    """On the actor's own page: fold, or put every chip in (a shove or the call of one)."""
    page = person.page
    legal = page.wait_for_function(
        """v => { const t = window.pokerTable.view;
                  return t.version >= v && t.hand && t.hand.legal ? t.hand.legal : null; }""",
        arg=version,
    ).json_value()
    bar = page.locator("#action-bar.your-turn")
    if plan == "fold":
        bar.locator("button.act.fold").click()
    elif plan == "call" and legal.get("call"):
        bar.locator("button.act.call").click()
    elif legal.get("raise") or legal.get("bet"):
        bar.locator("button.preset[data-preset='All-in']").click()
        bar.locator("button.act.raise").click()
    else:
        bar.locator("button.act.all-in").click()


def play_hand(by_seat: dict[int, Person], watcher: Person, number: int, pair) -> None:
    """Play hand ``number`` to its end: the pair's first to act shoves, the other calls,
    everyone else folds (with no pair, everyone folds to the big blind)."""
    seen, shoved = 0, False
    while True:
        turn = watcher.page.wait_for_function(
            """a => { const t = window.pokerTable.view, h = t.hand;
                      if (h && h.number > a.n) return {done: true};  // over (clocked out)
                      if (!h || h.number !== a.n) return null;
                      if (h.complete) return {done: true};
                      return t.version > a.seen && h.to_act ? {seat: h.to_act,
                             version: t.version} : null; }""",
            arg={"n": number, "seen": seen}, timeout=30_000,
        ).json_value()
        if turn.get("done"):
            return
        seat, seen = turn["seat"], turn["version"]
        if pair and seat in pair:
            click_action(by_seat[seat], seen, "call" if shoved else "shove")
            shoved = True
        else:
            click_action(by_seat[seat], seen, "fold")
