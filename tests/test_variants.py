"""Readings of a disputed law belong to one code: choosing one changes that code's ruling and
no other. The changes each reading makes are declared on its law in content."""

from __future__ import annotations

import copy

import pytest

from app.corpus.loading import load_content
from app.engine import rule
from app.model.games import build_games
from app.model.scenario import ScenarioError, parse_scenario

CONTENT = load_content()
GAMES = build_games(CONTENT)

HOFFMANN = {"bezique-duty-to-win-last-eight": "bezique.english.follow-suit-only-last-eight"}
FOSTER_OPTIONAL = {"ecarte-trump-when-void": "ecarte.american.trump-when-void-optional"}

# The last eight tricks of Bézique, hearts trumps: South leads the nine of spades and North,
# holding the king, follows with the seven. He followed suit but did not win the trick.
BEZIQUE_LAST_EIGHT = {
    "game": "bezique", "players": ["North", "South"], "dealer": "South",
    "stage": "stock-exhausted", "trump": "H", "tricks_played": 26,
    "hands": {"North": ["KS", "7S", "AD", "9C", "8C", "10H"]},
    "trick": {"leader": "South", "cards": ["9S"]},
    "event": {"type": "play", "player": "North", "card": "7S"},
}
# Écarté, hearts trumps: South leads the queen of spades; North has no spade, holds the nine
# of trumps, and discards the eight of clubs.
ECARTE_DISCARD_WHEN_VOID = {
    "game": "ecarte", "players": ["North", "South"], "dealer": "South", "stage": "play",
    "turn_up": "7H", "tricks_played": 1,
    "hands": {"North": ["KD", "9H", "8C", "7D"]},
    "trick": {"leader": "South", "cards": ["QS"]},
    "event": {"type": "play", "player": "North", "card": "8C"},
}


def outcomes(raw: dict, variants: dict | None = None) -> dict[str, str]:
    raw = copy.deepcopy(raw)
    if variants:
        raw["variants"] = variants
    ruling = rule(parse_scenario(raw, GAMES), GAMES, CONTENT)
    return {r.code: r.outcome for r in ruling.rulings}


def test_hoffmanns_last_eight_changes_only_the_english_ruling():
    assert outcomes(BEZIQUE_LAST_EIGHT)["english"] == "revoke"  # Enquire Within: follow and win
    chosen = outcomes(BEZIQUE_LAST_EIGHT, HOFFMANN)
    assert chosen["english"] == "legal"  # Hoffmann: follow suit, no duty to win
    assert chosen["french"] == "revoke"  # the French duty to go higher is untouched


def test_fosters_optional_trumping_changes_only_the_american_ruling():
    assert outcomes(ECARTE_DISCARD_WHEN_VOID)["american"] == "revoke"
    chosen = outcomes(ECARTE_DISCARD_WHEN_VOID, FOSTER_OPTIONAL)
    assert chosen["american"] == "legal"
    assert chosen["english"] == "revoke"  # the Club Code still obliges him to trump


def test_a_reading_changes_only_the_stage_it_names():
    game = GAMES["bezique"]
    english = game.for_code("english", HOFFMANN)
    assert english.stage_rule("stock-exhausted").rule == "follow"
    assert english.stage_rule("play").rule == "free"
    assert game.for_code("french", HOFFMANN).stage_rule("stock-exhausted").rule == (
        "follow-and-win")


def test_a_pack_reading_changes_the_cards_on_the_table():
    conquian = GAMES["conquian"]
    ace_to_ten = {"conquian-pack": "conquian.american.pack-ace-to-ten"}
    assert "K" in conquian.pack.ranks and "10" not in conquian.pack.ranks
    assert conquian.for_table(ace_to_ten).pack.ranks[0] == "10"
    assert "K" not in conquian.for_code("american", ace_to_ten).pack.ranks


@pytest.mark.parametrize(
    ("variants", "field", "words"),
    [
        ({"bezique-duty-to-win-last-eight": "bezique.english.nowhere"},
         "variants.bezique-duty-to-win-last-eight", "not a reading of this group"),
        ({"ecarte-trump-when-void": "ecarte.american.trump-when-void-optional"},
         "variants.ecarte-trump-when-void", "Bézique has no variant group"),
        ({"bezique-duty-to-win-last-eight": ["a list"]},
         "variants.bezique-duty-to-win-last-eight", "not a reading"),
        (["not", "a", "mapping"], "variants", "must map a variant group"),
    ],
)
def test_unknown_readings_are_refused_naming_the_field(variants, field, words):
    raw = {**BEZIQUE_LAST_EIGHT, "variants": variants}
    with pytest.raises(ScenarioError) as info:
        parse_scenario(raw, GAMES)
    assert info.value.field == field
    assert words in info.value.message


def test_every_variant_group_is_of_one_game_and_one_code():
    for group, readings in CONTENT.variants.items():
        assert len({(law.game, law.code) for law in readings}) == 1, group
