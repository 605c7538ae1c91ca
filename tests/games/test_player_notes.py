"""Private notes on players (games/player_views.py): kept per author and target, answered
to their author only, and refused with the problem named."""

import json

from games import services, snapshots
from games.engine import FULL_DECK
from games.models import PlayerNote
from games.projection import encode, personal_view, public_view


def post(client, **body):
    return client.post("/notes/", json.dumps(body), content_type="application/json")


def test_a_note_is_kept_per_author_and_target_and_read_by_its_author_only(
        db, alice, bob, carol, client):
    client.force_login(alice)
    kept = post(client, player="bob", text="  Bluffs rivers ", colour="red")
    assert kept.status_code == 200
    assert kept.json() == {"player": "bob", "text": "Bluffs rivers", "colour": "red"}
    post(client, player="bob", text="Bluffs rivers a lot", colour="blue")  # edited, not added
    post(client, player="carol", text="", colour="green")  # a colour tag alone
    assert PlayerNote.objects.filter(author=alice).count() == 2
    assert client.get("/notes/").json() == {"notes": {
        "bob": {"text": "Bluffs rivers a lot", "colour": "blue"},
        "carol": {"text": "", "colour": "green"},
    }}
    # Bob (the note's target) and carol read their own notes: none.
    client.force_login(bob)
    assert client.get("/notes/").json() == {"notes": {}}
    post(client, player="alice", text="Tight", colour="")
    assert client.get("/notes/").json() == {"notes": {"alice": {"text": "Tight", "colour": ""}}}
    client.force_login(alice)
    assert set(client.get("/notes/").json()["notes"]) == {"bob", "carol"}
    # Both empty: the note is gone.
    post(client, player="carol", text="", colour="")
    assert set(client.get("/notes/").json()["notes"]) == {"bob"}


def test_no_view_of_a_table_carries_a_note(db, alice, bob, carol, table, client):
    client.force_login(alice)
    post(client, player="bob", text="secret-note-words", colour="red")
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    services.start_next_hand(table.id, deck=list(FULL_DECK))
    snapshot = snapshots.load(table.id, carol.id)
    public = public_view(snapshot)
    for user in (alice, bob, carol):
        frame = encode("snapshot", personal_view(snapshot, public, user.id))
        assert "secret-note-words" not in frame


def test_bad_notes_are_refused_with_the_problem_named(db, alice, client):
    assert client.get("/notes/").status_code == 302  # nobody logged in
    client.force_login(alice)
    assert post(client, player="nobody", text="x").json() == {
        "error": "There is no player called nobody."}
    assert "not on yourself" in post(client, player="alice", text="me").json()["error"]
    pink = post(client, player="alice", colour="pink")
    assert '"pink" is not a colour tag' in pink.json()["error"]
    long = post(client, player="alice", text="x" * 501)
    assert long.status_code == 400 and "at most 500 characters" in long.json()["error"]
    broken = client.post("/notes/", "{", content_type="application/json")
    assert broken.status_code == 400 and "player's name" in broken.json()["error"]
    assert PlayerNote.objects.count() == 0
