"""Card codes: parsing, names and packs."""

import pytest

from app.cards import Card, CardError, Pack


@pytest.mark.parametrize(
    ("text", "code"),
    [("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("qs", "QS"), (" JD ", "JD"), ("2c", "2C")],
)
def test_card_codes_parse_case_insensitively_with_t_for_ten(text, code):
    assert Card.parse(text).code == code


@pytest.mark.parametrize("text", ["", "H", "1H", "11S", "QX", "Q", "10", "KK", "♠Q"])
def test_malformed_card_codes_are_rejected_with_a_message(text):
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_card_names_are_spoken_words():
    assert Card.parse("QS").name == "queen of spades"
    assert Card.parse("10d").label == "10♦"
    assert Card.parse("AH").is_red and not Card.parse("AC").is_red


def test_bezique_pack_holds_two_copies_of_thirty_two_cards():
    pack = Pack(("A", "10", "K", "Q", "J", "9", "8", "7"), "SHDC", 2)
    assert pack.size == 64
    assert pack.full()[Card.parse("QS")] == 2
    assert not pack.contains(Card.parse("2S"))
