"""The contrast tables of the domain digest, §(c): each row appears in the compare grid."""

import pytest

from app.corpus.loading import load_content
from ui.compare.compare_grid import NOT_COVERED, cell_text, compare_rows

CONTENT = load_content()


def row_holding(game: str, *law_ids: str):
    codes = list(CONTENT.games[game].codes)
    for row in compare_rows(CONTENT.laws_for(game), codes):
        held = {law.id for laws in row.cells.values() for law in laws}
        if set(law_ids) <= held:
            return row
    raise AssertionError(f"no compare row of {game} holds {law_ids}")


# C1: the Bézique family, English against French (and Foster's Pinochle against France).
C1 = [
    ("rubicon-bezique", "rubicon-bezique.english.adversary-presumed-rogue",
     "rubicon-bezique.french.status-quo-principle"),
    ("rubicon-bezique", "rubicon-bezique.english.forgot-to-draw",
     "rubicon-bezique.french.forgot-to-draw"),
    ("bezique", "bezique.english.forgot-to-draw", "bezique.french.forgot-to-draw"),
    ("pinochle", "pinochle.american.replay-after-failure-to-follow-or-win",
     "pinochle.french.counts-nothing-after-failure-to-follow-or-win"),
]
# C2: Écarté, English Club Code against Foster (American) and French usage.
C2 = [
    ("ecarte", "ecarte.english.first-dealer-highest", "ecarte.american.first-dealer-lowest",
     "ecarte.french.first-dealer-highest"),
    ("ecarte", "ecarte.english.wrong-count-dealt", "ecarte.american.wrong-count-dealt"),
    ("ecarte", "ecarte.english.several-turned-before-looking",
     "ecarte.american.several-turned-before-seen"),
    ("ecarte", "ecarte.english.several-turned-after-looking",
     "ecarte.american.several-turned-after-seen"),
    ("ecarte", "ecarte.english.imperfect-pack", "ecarte.american.imperfect-pack"),
    ("ecarte", "ecarte.english.wrong-dealer-before-turn-up",
     "ecarte.american.wrong-dealer-before-turn-up"),
    ("ecarte", "ecarte.english.wrong-dealer-after-turn-up",
     "ecarte.american.wrong-dealer-after-turn-up"),
    ("ecarte", "ecarte.english.bystander-advice", "ecarte.french.bystander-advice"),
    ("ecarte", "ecarte.english.named-suit-not-played", "ecarte.french.named-suit-not-played"),
]


@pytest.mark.parametrize(
    ("game", "ids"),
    [(game, ids) for game, *ids in C1 + C2],
    ids=[ids[0].split(".")[-1] for _, *ids in C1 + C2],
)
def test_each_contrast_row_shows_every_codes_remedy_and_its_tag(game, ids):
    row = row_holding(game, *ids)
    for law_id in ids:
        law = CONTENT.laws[law_id]
        text = cell_text(row.cells[law.code])
        assert text != NOT_COVERED and law.brief in text
    assert row.contrasts, "the row says how the codes differ"
    assert row.tag_text()


# C3 and C4: rival readings inside Foster's code, shown side by side in one cell.
C3_C4 = [
    ("conquian", "conquian.american.pack-without-8-9-10", "conquian.american.pack-ace-to-ten"),
    ("conquian", "conquian.american.tableau-counter-to-pool",
     "conquian.american.tableau-stake-to-next-winner"),
    ("auction-pitch", "auction-pitch.american.low-to-player-dealt",
     "auction-pitch.american.low-to-trick-winner"),
    ("auction-pitch", "auction-pitch.american.plain-suit-lead-trump-allowed",
     "auction-pitch.american.plain-suit-lead-must-follow"),
]


@pytest.mark.parametrize(("game", "default", "other"), C3_C4)
def test_rival_readings_are_shown_side_by_side_default_first(game, default, other):
    row = row_holding(game, default, other)
    text = cell_text(row.cells["american"])
    usual, rival = text.split("\n")
    assert CONTENT.laws[default].brief in usual and usual.startswith("Usual reading")
    assert CONTENT.laws[other].brief in rival and rival.startswith("Other reading")
