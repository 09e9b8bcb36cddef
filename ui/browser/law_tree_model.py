"""The browse tree as a model: game, then topic, then the laws of that topic."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from app.content import Law
from app.vocabulary import GAMES, TOPICS
from ui.links import href
from ui.words import game_name, short_code_name, topic_name

LINK_ROLE = Qt.ItemDataRole.UserRole + 1


class LawTreeModel(QStandardItemModel):
    """Games, their topics and laws; every item carries the link of its page in LINK_ROLE."""

    def __init__(self) -> None:
        super().__init__()
        self._by_link: dict[str, QStandardItem] = {}

    def set_laws(self, laws: Iterable[Law]) -> None:
        """Rebuild the tree from a list of laws (already filtered)."""
        self.clear()
        self._by_link.clear()
        grouped: dict[str, dict[str, list[Law]]] = {}
        for law in laws:
            grouped.setdefault(law.game, {}).setdefault(law.topic, []).append(law)
        root = self.invisibleRootItem()
        for game in sorted(grouped, key=_order(GAMES)):
            game_item = self._item(game_name(game), href("game", game))
            root.appendRow(game_item)
            topics = grouped[game]
            for topic in sorted(topics, key=_order(TOPICS)):
                topic_item = self._item(topic_name(topic), href("topic", f"{game}/{topic}"))
                game_item.appendRow(topic_item)
                for law in sorted(topics[topic], key=lambda x: (x.case, x.code)):
                    item = self._item(f"{law.title} ({short_code_name(law.code)})",
                                      href("law", law.id))
                    item.setToolTip(f"{law.title}\n{short_code_name(law.code)}: {law.brief}")
                    topic_item.appendRow(item)

    def index_of(self, link: str) -> QModelIndex:
        """The index of the item for a page link; invalid if the page is not in the tree."""
        item = self._by_link.get(link)
        return item.index() if item is not None else QModelIndex()

    def _item(self, text: str, link: str) -> QStandardItem:
        item = QStandardItem(text)
        item.setEditable(False)
        item.setData(link, LINK_ROLE)
        self._by_link[link] = item
        return item


def _order(vocabulary: dict[str, str]):
    keys = list(vocabulary)
    return lambda key: (keys.index(key) if key in keys else len(keys), key)
