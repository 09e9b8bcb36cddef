"""The stored content's lazy mappings: the laws by id, the variant groups, and one game's
groups, each answering from the content store's indexes through its owner (a StoredContent),
and from the in-memory content when the store has failed it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from app.corpus.laws import Content, Law, VariantGroups
from app.corpus.store import StoreDamaged, row_crc

if TYPE_CHECKING:
    from app.corpus.stored import StoredContent

_GROUPS = "SELECT variant_of FROM laws WHERE variant_of != ''{} GROUP BY variant_of " \
    "ORDER BY min(pos)"


class StoredLaws(Mapping[str, Law]):
    """Every law by id, in file order: each decoded from its row when first asked for."""

    def __init__(self, owner: StoredContent) -> None:
        self._owner = owner

    def __getitem__(self, law_id: str) -> Law:
        owner = self._owner
        law = owner._decoded.get(law_id)
        if law is not None:
            return law
        if not isinstance(law_id, str) or not law_id:
            raise KeyError(law_id)
        def memory(c: Content) -> list[Law]:
            return [c.laws[law_id]] if law_id in c.laws else []

        found = next(owner._rows("WHERE id = ?", (law_id,), memory), None)
        if found is not None and found.id != law_id:  # the index led to another law's row
            return owner._memory().laws[law_id]
        if found is None:
            # Not in the index: make sure the index is not what lost it (SQLite checks no
            # page's bytes). A scan, but only for an id that is not a law, which is rare.
            found = next(owner._rows("NOT INDEXED WHERE id = ?", (law_id,), memory), None)
            if found is None:
                raise KeyError(law_id)
            owner._memory()  # the index is damaged: the TOML from now on
        return found

    def __contains__(self, law_id: object) -> bool:
        owner = self._owner
        if law_id in owner._decoded:
            return True
        if not isinstance(law_id, str):
            return False
        return owner._ask(
            lambda: bool(owner._reader.rows("SELECT 1 FROM laws WHERE id = ?", (law_id,))),
            lambda c: law_id in c.laws)

    def __iter__(self) -> Iterator[str]:
        owner = self._owner

        def ids() -> Iterator[str]:
            rows = owner._reader.rows("SELECT pos, id, id_crc FROM laws ORDER BY pos")
            if any(crc != row_crc(pos, law_id) for pos, law_id, crc in rows):
                raise StoreDamaged("a law id that fails its checksum")
            return iter([law_id for _, law_id, _ in rows])

        return owner._ask(ids, lambda c: iter(c.laws))

    def __len__(self) -> int:
        return self._owner._count

    def values(self) -> Iterator[Law]:  # type: ignore[override]
        """Every law in file order, read in batches (not one query per law)."""
        return _Laws(self._owner)  # type: ignore[return-value]

    def items(self) -> Iterator[tuple[str, Law]]:  # type: ignore[override]
        """(id, law) in file order, read in batches."""
        return _Items(self._owner)  # type: ignore[return-value]


class _Laws:
    """A re-iterable view of every law, read in batches."""

    def __init__(self, owner: StoredContent) -> None:
        self._owner = owner

    def __iter__(self) -> Iterator[Law]:
        ordered = self._owner._ordered
        return iter(ordered) if ordered is not None else self._read()

    def _read(self) -> Iterator[Law]:
        owner = self._owner
        laws = []
        for law in owner._rows("", (), lambda c: c.laws.values()):
            laws.append(law)
            yield law
        if len(laws) == owner._count and owner._fallback is None:
            owner._ordered = laws  # every law read once: the next walk reads no row

    def __len__(self) -> int:
        return self._owner._count


class _Items(_Laws):
    def __iter__(self) -> Iterator[tuple[str, Law]]:  # type: ignore[override]
        return ((law.id, law) for law in super().__iter__())


class StoredVariants(Mapping[str, tuple[Law, ...]]):
    """Every variant group by name, in the order the groups first appear in the files."""

    def __init__(self, owner: StoredContent) -> None:
        self._owner = owner

    def __getitem__(self, group: str) -> tuple[Law, ...]:
        found = self._owner.group(group) if isinstance(group, str) and group else ()
        if not found:
            raise KeyError(group)
        return found

    def __iter__(self) -> Iterator[str]:
        owner = self._owner
        return owner._ask(lambda: iter([r[0] for r in owner._reader.rows(_GROUPS.format(""))]),
                          lambda c: iter(c.variants))

    def __len__(self) -> int:
        owner = self._owner
        return owner._ask(
            lambda: int(owner._reader.rows(
                "SELECT count(DISTINCT variant_of) FROM laws WHERE variant_of != ''")[0][0]),
            lambda c: len(c.variants))


class StoredGameGroups(VariantGroups):
    """One game's variant groups, read when asked."""

    def __init__(self, owner: StoredContent, game: str) -> None:
        super().__init__()
        self._owner = owner
        self._game = game

    def __getitem__(self, group: str) -> tuple[Law, ...]:
        readings = self._owner.group(group) if isinstance(group, str) and group else ()
        if not readings or readings[0].game != self._game:
            raise KeyError(group)
        return readings

    def __contains__(self, group: object) -> bool:
        owner = self._owner
        if not isinstance(group, str) or not group:
            return False
        return owner._ask(
            lambda: bool(owner._reader.rows(
                "SELECT 1 FROM laws WHERE variant_of = ? AND variant_of != '' AND game = ? "
                "LIMIT 1",
                (group, self._game))),
            lambda c: group in c.variant_groups_of(self._game))

    def _names(self) -> list[str]:
        owner = self._owner
        return owner._ask(
            lambda: [r[0] for r in owner._reader.rows(_GROUPS.format(" AND game = ?"),
                                                      (self._game,))],
            lambda c: list(c.variant_groups_of(self._game)))

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def changing_defaults(self) -> tuple[str, ...]:
        """The groups whose default reading changes the game (an indexed query)."""
        owner = self._owner
        return owner._ask(
            lambda: tuple(r[0] for r in owner._reader.rows(
                "SELECT variant_of FROM laws INDEXED BY laws_changing WHERE game = ? "
                "AND variant_of != '' AND variant_default = 1 AND changes = 1 ORDER BY pos",
                (self._game,))),
            lambda c: c.variant_groups_of(self._game).changing_defaults())
