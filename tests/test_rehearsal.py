"""Rehearsing a deal: play it forward, make a mistake happen, apply the remedy, branch."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.cards import Card
from app.corpus.loading import CONTENT_DIR, load_content
from app.model.games import build_games
from app.model.scenario import parse_scenario
from app.rehearsal import document
from app.rehearsal.driver import full_pack, play_out
from app.rehearsal.melds import is_meld
from app.rehearsal.play import RehearsalError, legal_cards, settle_draws
from app.rehearsal.session import Rehearser, Start, Step
from app.rehearsal.state import to_scenario

CONTENT = load_content()
GAMES = build_games(CONTENT)
REHEARSER = Rehearser(GAMES, CONTENT)
EXAMPLES = sorted((CONTENT_DIR / "scenarios").glob("*.json"))
REHEARSALS = sorted((CONTENT_DIR / "rehearsals").glob("*.json"))


def start(game: str, seed: int = 3, **kw: object) -> Start:
    seats = GAMES[game].default_seats()
    return Start(game, tuple(seats), seats[-1], seed, **kw)  # type: ignore[arg-type]


def play_lawfully(s: Start, steps: int) -> list:
    """The moments of `steps` lawful plays, each the first lawful card of the player to move."""
    game = REHEARSER.game(s)
    moments = [REHEARSER.first(s)]
    for _ in range(steps):
        ready = settle_draws(moments[-1].state, game)
        card = legal_cards(ready, game)[0]
        moments.append(REHEARSER.advance(
            moments[-1], Step("play", {"player": ready.to_move, "card": card.code}), s))
    return moments


@pytest.mark.parametrize(("game", "total"), [
    ("bezique", 16 * 10 + 10),  # sixteen brisques and the last trick
    ("rubicon-bezique", 32 * 10 + 50),
    ("pinochle", 2 * 4 * (11 + 10 + 4 + 3 + 2) + 10),  # 240 in the cards, 10 the last trick
])
def test_a_whole_deal_counts_every_point_in_the_cards(game: str, total: int) -> None:
    moments = play_out(REHEARSER, start(game), random.Random(1), mistakes=0.0)
    last = moments[-1].state
    assert last.status == "hand-over"
    assert sum(last.counted.values()) == total
    assert sum(last.tricks_won.values()) == GAMES[game].tricks_per_hand


def test_the_stock_runs_out_the_turn_up_goes_last_and_the_last_tricks_bind() -> None:
    game = GAMES["pinochle"]
    moments = play_out(REHEARSER, start("pinochle"), random.Random(4), mistakes=0.0)
    stages = [m.state.stage for m in moments]
    assert "stock-exhausted" in stages
    first_strict = next(m.state for m in moments if m.state.stage == "stock-exhausted")
    assert first_strict.turn_up is None and not first_strict.stock
    assert first_strict.tricks_played == game.drawing_tricks
    in_play = sum(len(first_strict.hand(p)) for p in first_strict.players)
    assert in_play + len(first_strict.trick.cards if first_strict.trick else ()) == 24


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
@example(seed=2681)  # Cinch: a lead out of turn onto a begun trick closed it at three cards
def test_random_deals_with_random_mistakes_never_lose_a_card(game: str, seed: int) -> None:
    s = start(game, seed)
    pack = Counter(full_pack(REHEARSER.game(s)))
    for moment in play_out(REHEARSER, s, random.Random(seed), mistakes=0.15):
        state = moment.state
        assert state.placed() == pack, moment.step
        # Every table along the way is one the scenario parser accepts.
        parse_scenario(to_scenario(state, REHEARSER.game(s), {"type": "wrong-count"}), GAMES)


def test_an_unlawful_card_is_refused_naming_the_obligation() -> None:
    s = start("pinochle", 5)
    game = REHEARSER.game(s)
    moments = play_out(REHEARSER, s, random.Random(5), mistakes=0.0)
    # The first table of the last twelve tricks where the second player holds a card he
    # may not play.
    for m in moments[:-1]:
        state = settle_draws(m.state, game)
        if state.stage != "stock-exhausted" or state.trick is None:
            continue
        lawful = legal_cards(state, game)
        wrong = [c for c in state.hand(state.to_move) if c not in lawful]
        if wrong:
            break
    else:
        pytest.skip("no table with a forbidden card in this deal")
    with pytest.raises(RehearsalError, match=r"may not be played now.*Follow suit"):
        REHEARSER.advance(m, Step("play", {"player": state.to_move, "card": wrong[0].code}), s)
    # Played anyway, it is a mistake the engine rules, and the replay takes it back.
    moment = REHEARSER.advance(m, Step("mistake", {"event": {
        "type": "play", "player": state.to_move, "card": wrong[0].code}}), s)
    american = next(r for r in moment.mistake.ruling.rulings if r.code == "american")
    assert american.outcome == "revoke"
    assert "replay" in [o.id for o in american.options]
    back = REHEARSER.advance(moment, Step("remedy", {"code": "american", "option": "replay"}), s)
    assert wrong[0] in back.state.hand(state.to_move)
    assert back.state.trick == state.trick


def test_forgot_to_draw_the_french_remedies_are_applied_to_the_table() -> None:
    s = start("bezique", 8, codes=("french",))
    moments = play_lawfully(s, 2)  # one trick played: the draws are due
    m = moments[-1]
    offender = m.state.players[0]
    wrong = REHEARSER.advance(m, Step("mistake", {"event": {
        "type": "failed-to-draw", "player": offender}}), s)
    assert len(wrong.state.hand(offender)) == 7  # one card short
    ruling = wrong.mistake.ruling.rulings[0]
    assert {o.id for o in ruling.options} == {"void-deal", "draw-two-next"}
    void = REHEARSER.advance(wrong, Step("remedy", {"code": "french", "option": "void-deal"}), s)
    assert void.state.status == "void"
    two = REHEARSER.advance(wrong, Step("remedy", {"code": "french",
                                                   "option": "draw-two-next"}), s)
    assert two.state.draw_extra == {offender: 1}
    # At the next draw he takes two cards and holds eight again.
    game = REHEARSER.game(s)
    after = two
    while after.state.tricks_played < 2:
        ready = settle_draws(after.state, game)
        card = legal_cards(ready, game)[0]
        after = REHEARSER.advance(after, Step("play", {"player": ready.to_move,
                                                       "card": card.code}), s)
    drawn = settle_draws(after.state, game)
    assert len(drawn.hand(offender)) == 8


def test_rubicon_surplus_from_the_example_abandons_the_game_with_the_penalty() -> None:
    raw = json.loads((CONTENT_DIR / "scenarios" /
                      "rubicon-bezique-surplus-after-first-trick.json").read_text("utf-8"))
    s = REHEARSER.start_from_table(raw, seed=1)
    first = REHEARSER.first(s)
    ruled = REHEARSER.advance(first, Step("mistake", {"event": raw["event"]}), s)
    english = ruled.mistake.ruling.rulings[0]
    assert english.outcome == "game-abandoned"
    done = REHEARSER.advance(ruled, Step("remedy", {"code": "english"}), s)
    assert done.state.status == "abandoned"
    gained = {p: done.state.score(p) - first.state.score(p) for p in s.players}
    assert gained == {p: english.score.get(p, 0) for p in s.players}
    assert max(gained.values()) >= 1300


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_table_can_be_rehearsed_and_rules_as_in_the_builder(path: Path) -> None:
    raw = json.loads(path.read_text("utf-8"))
    s = REHEARSER.start_from_table(raw, seed=2)
    first = REHEARSER.first(s)
    assert first.state.placed() == Counter(full_pack(REHEARSER.game(s)))
    ruled = REHEARSER.advance(first, Step("mistake", {"event": raw["event"]}), s)
    for code, expected in raw.get("expected", {}).items():
        got = next(r for r in ruled.mistake.ruling.rulings if r.code == code)
        assert got.outcome == expected["outcome"], code


def test_ecarte_hand_is_scored_by_the_engine() -> None:
    moments = play_out(REHEARSER, start("ecarte", 11), random.Random(11), mistakes=0.0)
    last = moments[-1]
    assert last.state.status == "hand-over"
    assert last.hand_ruling is not None
    tricks = last.state.counted
    assert sum(tricks.values()) == 5
    assert sum(last.state.scores.values()) in (1, 2)


def test_conquian_melds_seven_and_jack_touch_but_the_ace_is_low() -> None:
    game = GAMES["conquian"]
    assert is_meld([Card.parse(c) for c in ("6H", "7H", "JH")], game)
    assert not is_meld([Card.parse(c) for c in ("QH", "KH", "AH")], game)
    assert is_meld([Card.parse(c) for c in ("5H", "5S", "5D")], game)


def test_branches_save_and_reopen_to_the_same_tables(tmp_path: Path) -> None:
    s = start("bezique", 21, codes=("french", "english"))
    moments = play_lawfully(s, 4)
    steps = [m.step for m in moments[1:]]
    mistake = Step("mistake", {"event": {"type": "failed-to-draw",
                                         "player": moments[-1].state.players[1]}})
    r = document.Rehearsal(s).with_steps(0, [*steps, mistake,
                                             Step("remedy", {"code": "french",
                                                             "option": "void-deal"})])
    r, index = r.branch_from(0, len(steps) + 1, "Draw two instead")
    r = r.with_steps(index, [*r.branches[index].steps,
                             Step("remedy", {"code": "french", "option": "draw-two-next"})])
    path = tmp_path / "deal.cardlaws-rehearsal.json"
    document.write_file(path, r)
    again, timelines = document.read_file(path, REHEARSER)
    assert again == r
    assert timelines[0][-1].state.status == "void"
    assert timelines[1][-1].state.status == "playing"
    assert timelines[1][-1].state.draw_extra


@pytest.mark.parametrize(("text", "field"), [
    ("[]", "file"),
    ("{}", "format"),
    ('{"format": "cardlaws-rehearsal", "version": 1, "start": {"game": "bezique", '
     '"players": ["A", "B"], "dealer": "C", "seed": 1}, "branches": []}', "start.dealer"),
    ('{"format": "cardlaws-rehearsal", "version": 1, "start": {"game": "bezique", '
     '"players": ["A", "B"], "dealer": "B", "seed": 1}, "branches": [{"name": "x", '
     '"steps": [{"kind": "play", "player": "A", "card": "ZZ"}]}]}', "branches[0].steps"),
    ("[" * 5000 + "]" * 5000, "file"),
    ("not json", "file"),
])
def test_a_bad_rehearsal_file_names_the_field(tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(document.RehearsalFileError) as err:
        document.read_file(path, REHEARSER)
    assert err.value.field == field


@pytest.mark.parametrize("path", REHEARSALS, ids=lambda p: p.stem)
def test_every_shipped_rehearsal_replays_with_its_irregularity_ruled(path: Path) -> None:
    rehearsal, timelines = document.read_file(path, REHEARSER)
    assert rehearsal.start.title
    mistakes = [m for line in timelines for m in line if m.mistake is not None]
    assert mistakes, "each example rehearsal injects at least one irregularity"
    assert all(line[-1].state.over for line in timelines[:1]), "the main line reaches the end"


def test_every_game_has_a_shipped_rehearsal() -> None:
    games = {json.loads(p.read_text("utf-8"))["start"]["game"] for p in REHEARSALS}
    assert games == {g for g, game in GAMES.items() if game.facts.play is not None}


def test_rubicon_first_marriage_fixes_trumps_and_a_false_declaration_is_refused() -> None:
    s = start("rubicon-bezique", 1)
    game = REHEARSER.game(s)
    moments = play_lawfully(s, 2)
    m = moments[-1]
    winner = m.state.last_winner
    assert winner is not None and m.state.trump is None
    hand = m.state.hand(winner)
    kings = {c.suit for c in hand if c.rank == "K"}
    queens = {c.suit for c in hand if c.rank == "Q"}
    married = sorted(kings & queens)
    unmarried = sorted(set("SHDC") - set(married))
    with pytest.raises(RehearsalError, match="does not hold"):
        REHEARSER.advance(m, Step("declare", {"player": winner, "declaration": "marriage",
                                              "suit": unmarried[0], "points": 40}), s)
    assert married, "this deal gives the winner a marriage"
    after = REHEARSER.advance(m, Step("declare", {"player": winner, "declaration": "marriage",
                                                  "suit": married[0], "points": 40}), s)
    assert after.state.trump == married[0]
    assert after.state.score(winner) == m.state.score(winner) + 40
    # Only the winner of the last trick may declare, and only before he draws.
    loser = next(p for p in s.players if p != winner)
    with pytest.raises(RehearsalError, match="only the winner"):
        REHEARSER.advance(m, Step("declare", {"player": loser, "declaration": "four-aces",
                                              "points": 100}), s)
    assert game.has_trumps


def test_the_lawful_cards_follow_the_first_code_and_its_reading() -> None:
    """Foster's optional trumping (American reading) frees a void player at Écarté; the
    Club Code (English) obliges him to trump."""
    game = GAMES["ecarte"]
    group = next(g for g, laws in game.variant_groups.items() if laws[0].code == "american"
                 and "trump" in g)
    free = next(law.id for law in game.variant_groups[group] if not law.variant_default)
    for codes, must_trump in ((("english",), True), (("american",), False)):
        s = start("ecarte", 2, codes=codes, variants={group: free})
        rules = REHEARSER.game(s)
        assert rules.stage_rule("play").trump_when_void is must_trump, codes


def test_each_law_knows_the_examples_and_rehearsals_whose_rulings_cite_it() -> None:
    from app.engine import rule
    from app.rehearsal.citations import Citations

    citations = Citations(CONTENT, GAMES, CONTENT_DIR)
    cited = citations.citing("cinch.american.lead-in-partners-turn")
    assert [(c.kind, c.path.name) for c in cited] == [
        ("example", "cinch-lead-in-partners-turn.json"),
        ("rehearsal", "cinch-lead-in-partners-turn.json")]
    # Every example is cited by the laws its own ruling gives (the engine's, not a list).
    for path in EXAMPLES[:12]:
        raw = json.loads(path.read_text(encoding="utf-8"))
        ruling = rule(parse_scenario(raw, GAMES), GAMES, CONTENT)
        for law in {law for r in ruling.rulings for law in r.laws}:
            assert path in [c.path for c in citations.citing(law)], (path.name, law)
    assert citations.citing("no.such.law") == []


def test_ecarte_renounce_replays_the_whole_hand_under_the_club_code() -> None:
    # Club Code law 43: the adversary may require "the hands to be played again", the whole
    # hand from its first card, not the play since the error (Portland law 55's replay).
    game = REHEARSER.game(start("ecarte", codes=("english",)))

    def renounce_due(state):
        if state.over or state.tricks_played == 0 or state.trick is None or not state.trick.plays:
            return []
        lawful = legal_cards(state, game)
        return [c for c in state.hand(state.to_move) if c not in lawful]

    found = None
    for seed in range(40):
        s = start("ecarte", seed, codes=("english",))
        moments = play_lawfully(s, 7)
        found = next(((m, renounce_due(m.state)) for m in moments if renounce_due(m.state)),
                     None)
        if found:
            break
    if found is None:
        pytest.skip("no Écarté deal with a renounce possible after the first trick")
    m, wrong = found
    state = m.state
    moment = REHEARSER.advance(m, Step("mistake", {"event": {
        "type": "play", "player": state.to_move, "card": wrong[0].code}}), s)
    english = moment.mistake.ruling.rulings[0]
    adversary = next(p for p in state.players if p != state.to_move)
    assert [(o.id, o.by) for o in english.options if o.id == "replay-hand"] == [
        ("replay-hand", adversary)]
    back = REHEARSER.advance(moment, Step("remedy", {"code": "english",
                                                     "option": "replay-hand"}), s)
    assert back.state.tricks_played == 0 and back.state.trick is None
    assert {p: len(back.state.hand(p)) for p in state.players} == {p: 5 for p in state.players}
    assert back.state.to_move == moments[0].state.to_move  # the first leader leads again


def test_a_lead_out_of_turn_onto_a_begun_trick_is_refused() -> None:
    """A lead begins a trick: one made onto a trick in progress, or a second card of one
    player's in a trick, is no table (it closed a Cinch trick at three cards, and the hand
    ran to a seventh trick); the user is told, and nothing changes."""
    s = start("cinch", 3)
    first = REHEARSER.first(s)
    state = settle_draws(first.state, REHEARSER.game(s))
    leader = state.to_move
    card = legal_cards(state, REHEARSER.game(s))[0]
    played = REHEARSER.advance(first, Step("play", {"player": leader, "card": card.code}), s)
    other = next(p for p in played.state.players if p != leader)
    with pytest.raises(RehearsalError, match="already begun"):
        REHEARSER.advance(played, Step("mistake", {"event": {
            "type": "lead-out-of-turn", "player": other,
            "card": played.state.hand(other)[0].code}}), s)
    with pytest.raises(RehearsalError, match="already played to this trick"):
        REHEARSER.advance(played, Step("mistake", {"event": {
            "type": "play-out-of-turn", "player": leader,
            "card": played.state.hand(leader)[0].code}}), s)
