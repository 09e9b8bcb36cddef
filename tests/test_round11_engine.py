"""The eleventh blind round's engine and games-text findings (/work/round11).

- #5: a remedy whose law names its condition ("if he has none of it, he must play as his
  adversary wishes") is the remedy the table's facts select, never both as an unconditional
  "or": North holding clubs is made to play clubs; South directs his card only if he has none.
- The games file's rubicon said "1300 plus the loser's score"; Portland law 58 has the winner
  add the loser's score to his own (each without fractions of a hundred) and 1300 for the game,
  law 59 counting a loser under 100 as 100.
"""

from __future__ import annotations

import bank_questions

from app.corpus.loading import load_content

BANK = bank_questions.BANK
FRENCH = "ecarte.french.named-suit-not-played"


def test_the_audited_french_named_suit_ruling_gives_the_remedy_the_hand_selects() -> None:
    q = BANK.generate("ruling", FRENCH, 651833)
    assert "North announced that he would lead clubs, then led the queen of hearts." in q.situation
    assert bank_questions.marked_words(q) == (
        "A penalty. South may insist that the suit named be played.")
    assert not any("direct which card" in c.text and "South" in c.text and "insist" in c.text
                   for c in q.choices)


def test_the_french_ruling_beside_an_english_question_is_the_held_suits_too() -> None:
    q = BANK.generate("ruling", "ecarte.english.named-suit-not-played", 693404)
    said = " ".join(str(v) for v in vars(q).values() if isinstance(v, str))
    assert "direct which card the offender plays" not in said


def test_every_built_french_named_suit_question_fits_the_leaders_hand() -> None:
    for seed in range(40):
        q = BANK.generate("ruling", FRENCH, seed)
        marked = bank_questions.marked_words(q)
        if "insist" in marked:
            assert "direct which card" not in marked, (seed, marked)


def test_the_games_text_gives_portland_law_58s_rubicon_exactly() -> None:
    game = load_content().games["rubicon-bezique"]
    rows = dict(game.scores)
    rubicon = next(v for k, v in rows.items() if k.startswith("Rubicon"))
    assert rubicon == ("The winner's score plus the loser's, each in whole hundreds (the "
                       "loser's at least 100), plus 1300 (1000 game + 300 brisques)")
    assert ("adds the loser's score to his own, each counted in whole hundreds (a loser "
            "under 100 counting 100), and wins that sum plus 1300") in game.target
    assert "The winner adds 500;" not in game.target
    assert ("the winner wins the difference between the two scores, each counted in whole "
            "hundreds (a difference under 100 counting 100), plus 500") in game.target


def test_the_auction_pitch_games_text_gives_the_bidders_count_out() -> None:
    # "The first to get rid of all seven" alone answers wrongly when two count out together.
    target = load_content().games["auction-pitch"].target
    assert ("If two players can count out on the same deal and one of them is the bidder, the "
            "bidder takes the pool, provided he has made his bid") in target
