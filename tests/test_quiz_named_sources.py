"""A question names the source of every law its answer rests on.

A prompt that says which reading of a disputed rule it follows ("following Foster 1897")
must not leave a law of another authority behind that name: Auction Pitch's revoke penalty
is an encyclopedia's, not Foster's (the fourth blind audit's D4, D30, D99, D105).
"""

from __future__ import annotations

from functools import cache

from quizzes.bank import default_bank
from quizzes.questions import Question, QuestionError

BANK = default_bank()
SEEDS = range(2)
# The Auction Pitch laws of the play, asked with the revoke penalty the play can lead to.
PLAY_LAWS = ("plain-suit-lead-trump-allowed", "void-trump-or-discard", "revoke-penalty")


@cache
def _auction_pitch() -> tuple[Question, ...]:
    out = []
    for info in BANK.items.values():
        if info.law not in {f"auction-pitch.american.{x}" for x in PLAY_LAWS}:
            continue
        for seed in SEEDS:
            try:
                out.append(BANK.generate(info.type, info.law, seed))
            except QuestionError:
                continue
    return tuple(out)


def test_a_prompt_following_one_authority_names_the_source_of_every_other_law_cited():
    content = BANK.content
    checked = 0
    for q in _auction_pitch():
        named = [a for law_id in q.laws if (a := content.laws[law_id].authority)
                 and f"following {a}" in q.prompt]
        if not named:
            continue
        for law_id in q.laws:
            law = content.laws[law_id]
            if law.authority not in named:
                checked += 1
                assert law.book in q.prompt, (q.id, q.prompt)
    assert checked >= 3  # the revoke penalty is asked under the Foster reading of the play


def test_the_auction_pitch_revoke_penalty_is_put_on_the_encyclopedia_not_on_foster():
    # Asked of the law that gives its figure, the encyclopedia's (the eighth round's #72).
    q = BANK.generate("penalty", "auction-pitch.american.revoke-penalty", 0)
    assert "auction-pitch.american.plain-suit-lead-trump-allowed" in q.laws
    assert q.prompt.startswith(
        'Under the American laws, following Foster 1897, with the penalty for a revoke from '
        'the Encyclopedia article "Auction Pitch", ')
