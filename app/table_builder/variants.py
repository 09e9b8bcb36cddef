"""Which laws rule the builder's table: the codes in force and the readings of disputed rules.

Where the sources disagree, each version of a rule is its own law, grouped by `variant_of`
(docs/engine.md). A scenario follows the default law of each group unless its `variants`
name another; it is ruled under every code of its game unless `codes` names fewer. Both edits
write only what differs from the default, so a table on the usual laws has neither key.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from app.corpus.laws import Content, Law
from app.corpus.vocabulary import CODES
from app.model.games import Game
from app.table_builder.edits import EditRefused, _edited
from app.table_builder.events import offered_event
from app.table_builder.reading import mapping_at


@dataclass(frozen=True)
class VariantGroup:
    """A disputed rule of one game: its group id, a label, and its laws, the default first."""

    name: str
    label: str
    laws: tuple[Law, ...]

    @property
    def default(self) -> Law:
        """The law the engine follows unless the scenario says otherwise."""
        return self.laws[0]

    @property
    def codes(self) -> tuple[str, ...]:
        """The codes the group's laws belong to, in the order first met."""
        return tuple(dict.fromkeys(law.code for law in self.laws))

    def reading_label(self, law: Law) -> str:
        """A law as one reading of the rule: its brief, then in brackets its code when the
        group spans several codes, and 'usual' on the default: 'Game at 51. (usual)'."""
        notes = [CODES.get(law.code, law.code).split(" (")[0]] if len(self.codes) > 1 else []
        notes += ["usual"] if law.variant_default else []
        return f"{law.brief} ({', '.join(notes)})" if notes else law.brief


def _words(slug: str) -> str:
    text = slug.replace("-", " ")
    return text[:1].upper() + text[1:]


def offered(readings: tuple[Law, ...], of_record: Iterable[str]) -> tuple[Law, ...]:
    """The readings of a rule a table can follow: all but those kept for the record (an older
    code the laws in force replaced, which no handler rules: games/<id>.toml
    `readings_of_record`)."""
    kept = set(of_record)
    return tuple(law for law in readings if law.id not in kept)


def offered_names(game: Game) -> list[str]:
    """The disputed rules of a game a table can follow another reading of: those with two
    readings or more besides the ones kept for the record."""
    return [name for name, readings in game.variant_groups.items()
            if len(offered(readings, game.facts.of_record)) > 1]


def variant_groups(content: Content, game_id: str) -> list[VariantGroup]:
    """The variant groups that have laws of a game a table can follow, in the order the laws
    are written (a group whose other readings are all kept for the record is not offered).

    A group's label is its case in words ('Trump when void'); two groups of one game on the
    same case are told apart by their code ('First dealer (English)').
    """
    facts = content.games.get(game_id)
    of_record = facts.of_record if facts is not None else ()
    groups = [
        VariantGroup(name, _words(laws[0].case), offered(laws, of_record))
        for name, laws in content.variant_groups_of(game_id).items()
        if len(offered(laws, of_record)) > 1
    ]
    labels = [g.label for g in groups]
    return [
        VariantGroup(
            g.name,
            f"{g.label} ({', '.join(CODES.get(c, c).split(' (')[0] for c in g.codes)})",
            g.laws,
        ) if labels.count(g.label) > 1 else g
        for g in groups
    ]


def chosen_variant(raw: Mapping[str, Any], group: VariantGroup) -> Law:
    """The law a table follows for a group: the one its `variants` name, else the default."""
    variants = mapping_at(raw, "variants")
    chosen = variants.get(group.name)
    return next((law for law in group.laws if law.id == chosen), group.default)


def chosen_readings(raw: Mapping[str, Any], game: Game) -> dict[str, str]:
    """The readings a table follows that are not the usual one: group -> law id (only the
    groups the table names are read, however many the game has)."""
    chosen = {}
    for name, law_id in mapping_at(raw, "variants").items():
        readings = game.variant_groups.get(name)
        if readings and law_id != readings[0].id and any(law.id == law_id for law in readings):
            chosen[name] = law_id
    return chosen


def set_variant(raw: Mapping[str, Any], group: str, law_id: str,
                content: Content) -> dict[str, Any]:
    """Follow one law of a variant group; the default law removes the choice (and an empty
    `variants` goes). Refused for a law that is not a reading of that group at this game."""
    readings = content.variant_groups_of(str(raw.get("game"))).get(group)
    if not readings:
        raise EditRefused(f"{group} is not a disputed rule of this game.")
    law = next((law for law in readings if law.id == law_id), None)
    if law is None:
        raise EditRefused(f"{law_id} is not one of the readings of "
                          f"{_words(readings[0].case)}.")
    facts = content.games.get(law.game)
    if facts is not None and law.id in facts.of_record:
        raise EditRefused(f"{law.title} is kept for the record: the laws in force replaced "
                          "it, and no table is ruled by it.")
    new = _edited(raw)
    variants = dict(mapping_at(new, "variants"))
    if law.variant_default:
        variants.pop(group, None)
    else:
        variants[group] = law.id
    if variants:
        new["variants"] = variants
    else:
        new.pop("variants", None)
    return new


def set_codes(raw: Mapping[str, Any], codes: Iterable[str], game: Game) -> dict[str, Any]:
    """Rule the table under some of its game's codes (all of them: the key goes).

    Refused when no code is left, or for a code the game does not have.
    """
    wanted = set(codes)
    unknown = sorted(wanted - set(game.codes))
    if unknown:
        raise EditRefused(f"{game.name} has no {', '.join(unknown)} code; it has "
                          f"{', '.join(game.codes)}.")
    if not wanted:
        raise EditRefused("At least one code must stay in force: a table is ruled under "
                          "one code or more.")
    new = _edited(raw)
    if wanted == set(game.codes):
        new.pop("codes", None)
    else:
        new["codes"] = [c for c in game.codes if c in wanted]
    # A field no code left in force reads (the Club Code's card taken back) goes with it.
    new["event"] = offered_event(new, game)
    return new
