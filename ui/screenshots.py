"""`--screenshots DIR`: render every screen offscreen into DIR/<screen>.png, then exit.

Screens join the registry with the @shot decorator: a function that brings the window to
the state worth showing. Each picks its example from the loaded content, not by fixed ids.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from app.corpus.laws import Content, Law
from ui.compat import quiet_offscreen
from ui.main_window import MainWindow
from ui.threads import HANG_MS

Prepare = Callable[[MainWindow], None]
SHOTS: dict[str, Prepare] = {}


def shot(name: str) -> Callable[[Prepare], Prepare]:
    """Register a screenshot under a file name (without .png)."""
    def register(prepare: Prepare) -> Prepare:
        if name in SHOTS:
            raise ValueError(f"screenshot {name!r} registered twice")
        SHOTS[name] = prepare
        return prepare
    return register


def _showcase_law(content: Content) -> Law:
    """A law with the most to show: a situation (not a principle) with counterparts in other
    codes and the most related laws, from the game whose laws have the most counterparts."""
    linked: dict[str, int] = {}
    for law in content.laws.values():
        linked[law.game] = linked.get(law.game, 0) + len(law.counterparts)

    def richness(law: Law) -> tuple[int, bool, bool, int]:
        return (linked[law.game], law.topic != "general-principles",
                bool(law.counterparts), len(law.related))
    return max(content.laws.values(), key=richness)


@shot("browser-law")
def _browser_law(window: MainWindow) -> None:
    window.show_screen("browser")
    window.browser.search("")
    window.browser.show_law(_showcase_law(window.content).id)


@shot("browser-search")
def _browser_search(window: MainWindow) -> None:
    window.show_screen("browser")
    window.browser.search("lead out of turn")


@shot("browser-game")
def _browser_game(window: MainWindow) -> None:
    window.show_screen("browser")
    window.browser.search("")
    window.browser.open("game:rubicon-bezique")


@shot("compare")
def _compare(window: MainWindow) -> None:
    window.show_screen("compare")
    window.compare.filter_box.clear()
    window.compare.show_game("rubicon-bezique")


@shot("compare-unfolded")
def _compare_unfolded(window: MainWindow) -> None:
    window.show_screen("compare")
    window.compare.show_game("rubicon-bezique")
    window.compare.model.unfold_all()


@shot("compare-ecarte")
def _compare_ecarte(window: MainWindow) -> None:
    window.show_screen("compare")
    window.compare.show_game("ecarte")
    window.compare.model.unfold_all(False)


@shot("glossary")
def _glossary(window: MainWindow) -> None:
    window.show_screen("glossary")
    terms = window.content.terms
    term = next((t for t in terms.values() if t.french and t.synonyms), None) or next(
        iter(terms.values()))
    window.glossary.show_term(term.id)
    # The term's laws are found on a worker thread: the picture shows them, not "Finding…".
    _until(lambda: not getattr(window.glossary, "_looking", ()))


def _until(done: Callable[[], bool], seconds: float = HANG_MS / 1000) -> None:
    """Process events until `done()` (a worker's answer has arrived), at most `seconds`."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.005)
    QApplication.processEvents()


def _richest_example(game: str) -> Path:
    """The example scenario of a game with the most on the table: cards listed, a trick."""
    import json

    from app.corpus.loading import content_dir
    from app.table_builder import examples_by_game

    def richness(path: Path) -> tuple[int, int, int]:
        raw = json.loads(path.read_text(encoding="utf-8"))
        hands = raw.get("hands", {}).values()
        cards = sum(len(h) for h in hands if isinstance(h, list))
        return (cards, len(raw.get("hands", {})), int("trick" in raw))

    examples = examples_by_game(content_dir() / "scenarios")[game]
    return max((e.path for e in examples), key=richness)


def _settle() -> None:
    # A new table changes the minimum sizes inside scroll areas; they follow over a few passes.
    for _ in range(3):
        QApplication.processEvents()


@shot("ask")
def _ask(window: MainWindow) -> None:
    window.show_screen("ask")
    ask = window.screen("ask")
    ask.choose_game("ecarte")  # type: ignore[attr-defined]
    ask.event_filter.setText("two cards turned")  # type: ignore[attr-defined]
    ask.choose_event("several-trumps-turned")  # type: ignore[attr-defined]
    ask.answer("South")  # type: ignore[attr-defined]
    _settle()


@shot("ask-ruled")
def _ask_ruled(window: MainWindow) -> None:
    _ask(window)
    window.screen("ask").answer("no")  # type: ignore[attr-defined]
    _settle()


@shot("ask-chart")
def _ask_chart(window: MainWindow) -> None:
    # A chart of four seats with a question under every answer: Cinch's lead out of turn,
    # with the leader named, so the path taken is marked.
    window.show_screen("ask")
    ask = window.screen("ask")
    if ask.game_box.findData("cinch") < 0:  # type: ignore[attr-defined]
        return  # the content shown has not the game
    ask.choose_game("cinch")  # type: ignore[attr-defined]
    ask.event_filter.setText("led out of turn")  # type: ignore[attr-defined]
    ask.choose_event("lead-out-of-turn")  # type: ignore[attr-defined]
    ask.answer("North")  # type: ignore[attr-defined]
    ask.tabs.setCurrentWidget(ask.chart_panel)  # type: ignore[attr-defined]
    _settle()


@shot("builder-empty")
def _builder_empty(window: MainWindow) -> None:
    window.show_builder().new_scenario()  # guidance, not three "not covered" columns
    _settle()


@shot("builder-two-players")
def _builder_two_players(window: MainWindow) -> None:
    window.show_builder().open_example(_richest_example("rubicon-bezique"))
    _settle()


@shot("builder-four-players")
def _builder_four_players(window: MainWindow) -> None:
    window.show_builder().open_example(_richest_example("cinch"))
    _settle()


@shot("builder-five-players")
def _builder_five_players(window: MainWindow) -> None:
    window.show_builder().open_example(_richest_example("auction-pitch"))
    _settle()


def _builder_play(window: MainWindow, game: str) -> None:
    # A card played, dealt at random: the event's fields are those a law in force reads (the
    # Club Code's "Taken back?" at Écarté, none such at Pinochle).
    builder = window.show_builder()
    if builder.game_box.findData(game) < 0:
        return  # the content shown has not the game
    builder.set_game(game)
    box = builder.event_form.type_box
    box.setCurrentIndex(box.findData("play"))
    builder.deal_at_random()
    builder.document.start(builder.raw)  # shown as unsaved-free, so closing asks nothing
    _settle()


@shot("builder-play-ecarte")
def _builder_play_ecarte(window: MainWindow) -> None:
    _builder_play(window, "ecarte")


@shot("builder-play-pinochle")
def _builder_play_pinochle(window: MainWindow) -> None:
    _builder_play(window, "pinochle")


@shot("builder-duty")
def _builder_duty(window: MainWindow) -> None:
    # The first example whose ruling lays a duty on a side ("North must draw two cards at the
    # next draw"), found by the engine's rulings the builder shows, not by a fixed id.
    from app.corpus.loading import content_dir
    from app.table_builder import examples_by_game, set_codes

    builder = window.show_builder()
    for examples in examples_by_game(content_dir() / "scenarios").values():
        for example in examples:
            builder.open_example(example.path)
            ruling = builder.ruling
            owing = [r.code for r in ruling.rulings if r.duties] if ruling is not None else []
            if owing:
                # Only the codes whose ruling holds the duty, so its column is in view.
                builder.document.start(set_codes(builder.raw, owing, builder.game))
                _settle()
                return
    _settle()


@shot("builder-impossible")
def _builder_impossible(window: MainWindow) -> None:
    from app.table_builder import give_card

    builder = window.show_builder()
    builder.open_example(_richest_example("rubicon-bezique"))
    raw = builder.raw
    for _ in range(4):  # a fifth queen of spades: more copies than the four packs hold
        raw = give_card(raw, "South", "QS", builder.game)
    builder.document.start(raw)  # shown as unsaved-free, so closing asks nothing
    _settle()


@shot("quiz-modules")
def _quiz_modules(window: MainWindow) -> None:
    from ui.quiz import screenshot_states

    screenshot_states.quiz_modules(window)


@shot("quiz-question")
def _quiz_question(window: MainWindow) -> None:
    from ui.quiz import screenshot_states

    screenshot_states.quiz_question(window)


@shot("quiz-feedback")
def _quiz_feedback(window: MainWindow) -> None:
    from ui.quiz import screenshot_states

    screenshot_states.quiz_feedback(window)


@shot("quiz-exam-result")
def _quiz_exam_result(window: MainWindow) -> None:
    from ui.quiz import screenshot_states

    screenshot_states.exam_result(window)


@shot("statistics")
def _statistics(window: MainWindow) -> None:
    from ui.quiz import screenshot_states

    screenshot_states.statistics(window)


@shot("rehearse-ruling")
def _rehearse_ruling(window: MainWindow) -> None:
    from app.corpus.loading import content_dir

    window.open_rehearsal(content_dir() / "rehearsals" / "pinochle-failure-to-win.json")
    screen = window.screen("rehearse")
    mistakes = [i for i, m in enumerate(getattr(screen, "moments", [])) if m.mistake]
    if mistakes:  # the content shown has the game (not a fixture without it)
        screen.show_position(mistakes[0])  # type: ignore[attr-defined]
    _settle()


@shot("rehearse-play")
def _rehearse_play(window: MainWindow) -> None:
    window.show_screen("rehearse")
    screen = window.screen("rehearse")
    if "cinch" in getattr(screen, "games", {}) and screen.game_box.findData("cinch") >= 0:  # type: ignore[attr-defined]
        screen.new_deal("cinch", seed=12)  # type: ignore[attr-defined]
    _settle()


def _search_for(window: MainWindow, text: str, game: str | None = None) -> None:
    window.show_screen("browser")
    window.browser.filters.set_code(None)
    window.browser.filters.set_game(game)
    window.browser.search(text)


@shot("browser-search-typo")
def _browser_search_typo(window: MainWindow) -> None:
    _search_for(window, "misdael pitch")


@shot("browser-search-question")
def _browser_search_question(window: MainWindow) -> None:
    _search_for(window, "what happens if the dealer gives too many cards")


@shot("browser-search-empty")
def _browser_search_empty(window: MainWindow) -> None:
    # A term of art the chosen game's laws never use: the empty state offers the others.
    _search_for(window, "carte blanche", game="conquian")


def render_all(window: MainWindow, out_dir: Path, size: QSize) -> list[Path]:
    """Show the window at `size`, bring it to each registered state and save a PNG of it."""
    previous = qInstallMessageHandler(quiet_offscreen)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        window.resize(size)
        window.show()
        # Screens show the search index's answers when it is open, and say "building" until
        # then: a picture shows them settled, so the index is opened first.
        warm = getattr(window.store, "warm", None)
        if warm is not None:
            warm()
        saved = []
        for name, prepare in SHOTS.items():
            prepare(window)
            QApplication.processEvents()
            path = out_dir / f"{name}.png"
            if not window.grab().save(str(path)):
                raise OSError(f"could not write {path}")
            saved.append(path)
        return saved
    finally:
        qInstallMessageHandler(previous)


@shot("welcome")
def _welcome(window: MainWindow) -> None:
    window.show_screen("welcome")


@shot("law-beside-builder")
def _law_beside_builder(window: MainWindow) -> None:
    builder = window.show_builder()
    builder.open_example(_richest_example("rubicon-bezique"))
    _settle()
    window.show_law_beside(_showcase_law(window.content).id)
    _settle()


@shot("browser-find")
def _browser_find(window: MainWindow) -> None:
    if window._reader is not None:
        window.reader.hide()
    window.show_screen("browser")
    window.browser.search("")
    window.browser.show_law(_showcase_law(window.content).id)
    window.browser.find_bar.open("trick")
