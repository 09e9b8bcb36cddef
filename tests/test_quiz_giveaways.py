"""A 'which law decides this?' question never gives its answer away by its words, and a 'which
code?' question names no code's authority (issue 25; the blind audit of 2026-12-02, classes f
and its #86 and #115).

A giveaway, as the audit judged it: the right choice can be found by matching the stem's
distinctive words alone, and no wrong choice shares them as much.
"""

from __future__ import annotations

import pytest

from quizzes.bank import default_bank
from quizzes.judge import judge
from quizzes.questions import Choice, QuestionError
from quizzes.stem_echoes import matched_stem, restated_alone, title_weights, told_on_table

BANK = default_bank()
PROMPT = "Under the English laws, which law decides this?"


def _asked(stem: str, right: str, *wrong: str) -> bool:
    return restated_alone([Choice("right", right)], [Choice(f"w{i}", w) for i, w in
                                                     enumerate(wrong)],
                          f"{stem}\n{PROMPT}", title_weights(BANK.content))


@pytest.mark.parametrize(("stem", "right", "wrong"), [
    # #16: only the right choice speaks of a revoke
    ("Deciding whether a player's failure to follow or to obey a penalty is a revoke.",
     "What counts as a revoke",
     ("Discarding plain cards and filling to six",
      "A card shown on the table outside regular play", "One bid each, from 1 to 14")),
    # #18: only the right choice names the code the stem names
    ("An irregularity at Écarté is judged under the English Club Code, including a case it "
     "does not expressly cover.",
     "The Club Code gives the remedy to the player not in fault",
     ("Who may shuffle", "Bystanders may not advise (English écarté)", "Calling for new cards")),
    # #68: the only choice about shuffling
    ("A player shuffles the pack.", "How the pack may be shuffled",
     ("Cutting for deal", "Card exposed in the cut to the dealer",
      "Dealer deals the cards wrongly")),
    # #117: dropped, dropped
    ("A player accidentally drops a card.", "Cards dropped by accident",
     ("Dealer exposes the adversary's card or a stock card",
      "Faced card found in the pack before play", "Faced card found in the stock during play")),
])
def test_the_audits_giveaways_are_judged_giveaways(stem, right, wrong):
    assert _asked(stem, right, *wrong)


def test_a_word_with_its_consonant_doubled_is_the_same_word():
    # "The players cut to decide who deals first" and "Cutting for deal": "cut" is "cutting".
    assert _asked("The players cut to decide who deals first.",
                  "Cutting for deal: the highest card has the choice",
                  "Playing out of turn", "Playing without having drawn", "Drawing out of turn")


def test_the_authority_a_reading_follows_is_no_clue():
    # "following Hoffmann 1909" said nothing of "Follow suit and win in the last eight tricks",
    # which echoed it and so hid that only the right choice spoke of cutting for the deal.
    stem = matched_stem("The players cut to decide who deals first.",
                        "Under the English laws of Bézique, following Hoffmann 1909, which law "
                        "decides this?", "Bézique")
    assert "follow" not in stem.casefold()
    assert restated_alone([Choice("r", "Cutting for deal: the highest card has the choice")],
                          [Choice("w", "Follow suit and win in the last eight tricks"),
                           Choice("v", "Playing out of turn")], stem,
                          title_weights(BANK.content))


def test_a_table_question_is_matched_on_what_happened_not_on_its_header():
    # Rubicon, "North led the ten of clubs out of turn" and "Lead out of turn" beside three
    # choices that say nothing of a lead: "Scores so far" and "Tricks played" in the header,
    # shared with every table, made "Playing a card of a combination not yet scored" a rival.
    situation = ("Rubicon Bézique, in the final tricks, the stock exhausted; North dealt. Trumps "
                 "are diamonds. Tricks played: 61. Scores so far: North 100 and South 80.\n"
                 "North led the ten of clubs out of turn. Nobody has played to it yet.")
    stem = matched_stem(told_on_table(situation), "Under the English laws of Rubicon Bézique, "
                        "which law decides this?", "Rubicon Bézique")
    assert restated_alone([Choice("r", "Lead out of turn")],
                          [Choice("a", "Missing cards found on the floor"),
                           Choice("b", "Playing a card of a combination not yet scored"),
                           Choice("c", "Declaring carte blanche")], stem,
                          title_weights(BANK.content))
    assert "law:rubicon-bezique.english.lead-out-of-turn" not in BANK.items


def test_a_wrong_choice_in_the_same_words_is_a_rival_not_a_giveaway():
    # (the audit: "one hand too long, the other too short" against "both have too many")
    assert not _asked("A player sees more than one card of the stock while drawing.",
                      "Trick winner sees two cards in drawing",
                      "Trick loser sees two cards in drawing", "Who may shuffle",
                      "Cutting for deal")


def test_no_law_question_of_the_bank_is_a_giveaway():
    """Every law item, two seeds each, judged by quizzes.judge (weighed words)."""
    checked = 0
    for info in BANK.items.values():
        if info.type != "law":
            continue
        for seed in range(2):
            try:
                q = BANK.generate("law", info.law, seed)
            except QuestionError:
                continue
            checked += 1
            found = [str(f) for f in judge(q, BANK.content, BANK.games) if f.cls == "giveaway"]
            assert found == [], (q.id, q.situation, [c.text for c in q.choices])
    # (5 law items: asked on tables, with two near neighbours or more of what the stem says
    # went wrong; where the stem states the hands' counts, of those very counts (round 6's
    # #135, #118): quizzes.generators.law; 3 since round 7's #82, no law beside one the right
    # law takes in)
    assert checked >= 2 * 3


def test_a_code_question_names_no_authority():
    checked = 0
    for info in BANK.items.values():
        if info.type != "code":
            continue
        for seed in range(4):
            q = BANK.generate("code", info.law, seed)
            checked += 1
            assert "following" not in q.prompt, (q.id, q.prompt)
            assert judge(q, BANK.content, BANK.games) == [], q.id
    # (7 code items: none another code's reading or principle also gives, none of a right the
    # stem says was not used, none another code may give whose remedy is not held: the Club
    # Code's renounce law 43 is no longer asked beside Foster's missing one, round 6's #176;
    # nor English Bézique's false lead played to, on which Foster's general laws are silent,
    # round 9's #10; nor its play out of turn, whose English side rests on a forfeits list of
    # no identified book, round 14's #62)
    assert checked >= 4 * 5
