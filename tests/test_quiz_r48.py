"""The forty-eighth blind round's findings, as a learner reads them.

#51: two Cinch cards led together said twice to be the leader's lead, and the why's call for
his lead "before the trick before it is quitted" of a card exposed on this trick. #81: "where
Foster's laws held here are silent". #103: a wrong choice in which the offender's partner's
right-hand adversary's call falls to a player calling on himself. #169: Portland law 21's game
won, worth 1700, offered as wrong beside Foster's report of the same case (1500 added, play
on). #10: two cards drawn at Enquire Within's Bézique read beside the forfeit of a surplus hand.
"""

from __future__ import annotations

from app.engine import CodeRuling
from app.engine.ruling import Decision
from app.engine.terms import Option
from quizzes.sides import calls_on_himself
from tests.bank_questions import BANK, generated


def test_two_cards_led_together_say_the_lead_once():  # #51
    q = BANK.question("ruling:cinch.american.exposed-two-cards-to-a-trick:970361")
    assert q.situation.count("It was his lead.") == 1
    assert "It was North's lead" not in q.situation
    assert "A call for North's lead is due" not in q.explanation


def test_the_encyclopedia_completes_the_laws_in_this_trainer():  # #81
    q = BANK.question("penalty:ecarte.american.turned-king-scores:236959")
    # (the clause "where Foster's laws in this trainer are silent" read as pointing at the
    # trainer, the 58th round's #71: "completed by" says it)
    assert "as completed by the Encyclopedia Americana, " in q.prompt
    assert "held here" not in q.prompt and "in this trainer" not in q.prompt


def test_no_wrong_choice_has_a_player_call_on_himself():  # #103
    def holding(holder: str) -> CodeRuling:
        option = Option("call-trump-lead", holder, text="Call on North to lead a trump.")
        return CodeRuling("american", Decision("penalty", (), "", options=(option,)))

    assert calls_on_himself(holding("North"))
    assert not calls_on_himself(holding("East"))
    for seed in (861799, *range(1, 10)):
        q = generated("ruling", "cinch.american.lead-in-partners-turn", seed)
        if q is None:
            continue
        for choice in q.choices:
            for seat in ("North", "East", "South", "West"):
                assert f"{seat} may call on {seat} " not in choice.text, choice.text


def test_the_look_is_not_said_once_tricks_are_gathered():  # (noted beside #183)
    q = BANK.question("ruling:rubicon-bezique.english.surplus-after-first-trick:461839")
    assert "Tricks played: 34." in q.situation
    assert "taken up their cards" not in q.situation


def test_another_account_of_the_same_case_is_no_wrong_choice():  # #169
    q = BANK.question("ruling:rubicon-bezique.english.surplus-and-short:672749")
    assert "as Foster reports them" in q.prompt
    assert not any(c.text.startswith("The game is won by") for c in q.choices)
    # (the figures are those of this table: North short, South long, South 100 so far)
    assert "Play goes on. North adds 1400 to his score." in [c.text for c in q.choices]


def test_two_cards_drawn_are_put_right_as_they_are_drawn():  # #10
    q = BANK.question("ruling:bezique.english.drew-two-cards:528206")
    assert ("The error is seen as the cards are drawn and put right at once, before a card of "
            "the next trick is played.") in q.situation
    assert "never found holding too many in play" in q.explanation
