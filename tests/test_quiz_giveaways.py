"""A 'which law decides this?' question never gives its answer away by its words, and a 'which
code?' question names no code's authority (issue 25; the blind audit of 2026-12-02, classes f
and its #86 and #115).

A giveaway, as the audit judged it: the right choice can be found by matching the stem's
distinctive words alone, and no wrong choice shares them as much.
"""

from __future__ import annotations

import pytest

from quizzes.bank import default_bank
from quizzes.judge import judge, restated_alone, title_weights
from quizzes.questions import Choice, QuestionError

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
    assert checked >= 2 * 150


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
    assert checked >= 4 * 15  # 19 code items, each with no rival reading of its ruling
