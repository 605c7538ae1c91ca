"""Omaha hands in "My hands": a real pot-limit Omaha file uploads with the hero's four cards,
PokerStars' pot-limit Omaha hi/lo and five-card Omaha are read, and every other Omaha game
a real file holds (six cards, Courchevel, limit and no-limit Omaha, other sites' hi/lo and
five-card) is refused with a sentence naming the game and why; nothing is stored for a
refused hand."""

import pytest

from games.history.imports.owned_hands import row
from games.history.imports.reading import read_hands
from games.history.presenters import card_faces
from games.models import ImportedHand
from tests.history.test_omaha_corpus import GGPOKER, STARS
from tests.history.test_omaha_more_sites import corpus as other_site
from tests.history.test_uploads import upload_in_steps

HI_LO = "the engine plays Omaha hi/lo from PokerStars texts only."
FOUR_CARDS = "the engine deals four-card Omaha only, or five-card from PokerStars texts."


@pytest.mark.parametrize(("corpus", "number", "sentence"), [
    (STARS, "123520812521",
     "unsupported game (Tournament #986831247, $37.50+$37.50+$7.00 USD Omaha Hi/Lo No Limit); "
     "the engine plays Omaha hi/lo pot-limit only."),
    (STARS, "211860382557",
     f"unsupported game (6 Card Omaha Pot Limit ($0.25/$0.50 USD)); {FOUR_CARDS}"),
    (STARS, "96353118546",
     f"unsupported game (Courchevel Pot Limit ($0.10/$0.25 USD)); {FOUR_CARDS}"),
    (STARS, "3434271432",
     "unsupported game (Omaha Fixed Limit ($30/$60.00)); the engine plays Omaha pot-limit only."),
    (GGPOKER, "OM1349864", f"unsupported game (PLO-5 ($2/$5)); {FOUR_CARDS}"),
    (GGPOKER, "TM2697462",
     "unsupported game (Tournament #25942319, Omaholic Bounty $8.40 Omaha (NL postflop)); the "
     "engine plays Omaha pot-limit only."),
    (other_site("888poker"), "424764397",
     f"unsupported game (Pot Limit OmahaHL); {HI_LO}"),
    (other_site("fulltilt"), "24378450480",
     "unsupported game ($400 Pot Limit Omaha Hi); the engine plays pot-limit Omaha without a "
     "cap."),
])
def test_each_omaha_game_the_engine_does_not_play_is_refused_naming_it(corpus, number, sentence):
    text, _ = corpus.the_hand(number)
    (hand,) = read_hands(text)
    assert hand.replayed is None
    assert hand.error.endswith(f"#{number}: {sentence}"), hand.error


@pytest.mark.parametrize(("number", "code"), [("35874998500", "PO/8"), ("96318916658", "PO5")])
def test_pokerstars_omaha_hi_lo_and_five_card_omaha_are_read(number, code):
    text, _ = STARS.the_hand(number)
    (hand,) = read_hands(text)
    assert hand.error is None and hand.replayed is not None
    assert hand.replayed.state.config.game.code == code


@pytest.mark.django_db
def test_a_pot_limit_omaha_file_uploads_with_the_heros_four_cards_and_hi_lo_too(
        client, alice):
    client.force_login(alice)
    plo = (STARS.folder / "cash" / "PLO-FR-USD-0.01-0.02-201006.sidepots.txt").read_text()
    hi_lo = (STARS.folder / "cash" / "PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt"
             ).read_text()
    last = upload_in_steps(client, text=plo + "\n\n\n" + hi_lo)[-1]
    assert last["imported"] == 4 and not last["refused"]
    assert ImportedHand.objects.filter(owner=alice).count() == 4
    hand = ImportedHand.objects.get(owner=alice, site_hand="22865231671")
    assert hand.names[str(hand.hero_seat)] == "Hero"
    assert hand.hole_cards == "6d3c5sAs"  # "Dealt to Hero [6d 3c 5s As]"
    assert row(hand)["hole"] == card_faces("6d3c5sAs")  # what the list of my hands shows
    assert client.get(f"/hands/imported/{hand.id}/").status_code == 200
    assert client.get("/hands/?view=imported").status_code == 200
    hi_lo_hand = ImportedHand.objects.exclude(site_hand__in=["22865231671"]).filter(
        owner=alice, text__contains="Omaha Hi/Lo Pot Limit").get()
    page = client.get(f"/hands/imported/{hi_lo_hand.id}/")
    assert page.status_code == 200 and "Pot-limit Omaha hi/lo" in page.content.decode()
