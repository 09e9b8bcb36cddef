"""A Conquian table is dealt from the pack of the laws the question names (the blind audit of
round 5, #70 and #175): Foster's 1897 Conquian strips the eights, nines and tens
(conquian.american.pack-without-8-9-10, the usual reading); his Cooncan laws of 1913 play ace to
ten without court cards (conquian.american.pack-ace-to-ten), and a question dealt from that
pack says so in its stem. And a deal stage is told in words that fit the cards dealt."""

from __future__ import annotations

import re

from app.cards import RANKS, SUITS, Card
from app.model.scenario import parse_scenario
from quizzes.possible import table_problems
from quizzes.stem import table_text
from quizzes.table_header import table_words
from tests.bank_questions import BANK, built

NAMES = {c.name: c for c in (Card(r, s) for r in RANKS for s in SUITS)}
NAMED = re.compile(r"\b(?:ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
                   r" of (?:spades|hearts|diamonds|clubs)\b")


def _seen(q) -> str:
    """What the learner reads: the stem, the table drawn beside it, the question and choices."""
    choices = " ".join(c.text for c in q.choices or ())
    return f"{q.situation}\nThe table: {table_text(q.table)}\n{q.prompt}\n{choices}"


def _named_pack(text: str):
    """The pack the stem names: a reading of the pack other than the usual one, by its own
    words, or else the game's usual pack."""
    game = BANK.games["conquian"]
    for readings in game.variant_groups.values():
        for reading in readings[1:]:
            if reading.changes.ranks and reading.title in text:
                return game.for_table({reading.variant_of: reading.id}).pack
    return game.pack


def test_every_conquian_table_is_dealt_from_the_pack_its_question_names():
    """Property: over every item and several seeds, no card a learner reads in a Conquian
    question lies outside the pack of the code and reading the question names. Before, a law
    of Foster's 1913 laws was dealt ace to ten (eights, nines and tens) while the stem named
    only "the American laws", whose pack has none."""
    asked = 0
    for q in built(range(4)):
        if not q.table or q.table.get("game") != "conquian":
            continue
        asked += 1
        assert table_problems(q.table, BANK.games) == [], (q.id, q.table)
        text = _seen(q)
        pack = _named_pack(text)
        foreign = [m for m in NAMED.findall(text) if not pack.contains(NAMES[m])]
        assert not foreign, (q.id, foreign, text)
    assert asked >= 15, asked


def test_a_table_dealt_from_the_1913_pack_says_so():
    """Where a reading in force changes the pack, the table's words name it."""
    game = BANK.games["conquian"]
    raw = {"game": "conquian", "players": ["North", "South"], "dealer": "South",
           "stage": "play", "variants": {"conquian-pack": "conquian.american.pack-ace-to-ten"},
           "event": {"type": "drew-out-of-turn", "player": "North"}}
    scenario = parse_scenario(raw, BANK.games)
    words = table_words(scenario, game)
    assert "The pack: 40 cards, ace to ten, no court cards (1913)." in words, words
    usual = parse_scenario({k: v for k, v in raw.items() if k != "variants"}, BANK.games)
    assert "The pack" not in table_words(usual, game)


def test_a_deal_stage_with_every_hand_dealt_is_not_told_as_during_the_deal():
    """#175: "during the deal" beside two hands of ten dealt in full. A table at the deal stage
    whose every hand holds its cards is told as just after the deal, in every game."""
    seen = 0
    for q in built(range(3)):
        table = q.table or {}
        hands = table.get("hands") or {}
        if table.get("stage") != "deal" or not hands or not all(hands.values()):
            continue
        seen += 1
        assert "during the deal" not in q.situation, (q.id, q.situation)
        assert "just after the deal" in q.situation, (q.id, q.situation)
    assert seen >= 10, seen


COURT = re.compile(r"\b(?:jack|queen|king) of ")


def test_every_conquian_table_is_dealt_from_the_pack_of_the_edition_whose_law_it_asks():
    """Round 6, #69, #96 and #151: rulings of Foster's Cooncan laws of 1913 (ace to ten, no
    court cards) were asked on tables dealt from the 1897 pack, kings and queens turned from
    the stock. A question on a law of the 1913 laws is dealt from the 1913 pack and says so
    in its stem; a law of 1897 is dealt from the usual pack, of which nothing need be said."""
    laws = BANK.content.laws
    by_edition = {"Foster 1913": 0, "Foster 1897": 0}
    for q in built(range(3)):
        if not q.table or q.table.get("game") != "conquian":
            continue
        law_id = q.id.split(":")[1]
        authority = laws[law_id].authority if law_id in laws else None
        if authority not in by_edition:
            continue
        by_edition[authority] += 1
        text = _seen(q)
        said = "The pack: 40 cards, ace to ten, no court cards (1913)." in q.situation
        if authority == "Foster 1913":
            assert said, (q.id, q.situation)
            assert not COURT.search(text), (q.id, text)
        else:
            assert not said, (q.id, q.situation)
            assert not re.search(r"\b(?:eight|nine|ten) of ", text), (q.id, text)
    assert by_edition["Foster 1913"] >= 5 and by_edition["Foster 1897"] >= 3, by_edition
