"""The browse tree as a lazy model: game, then topic, then the laws of that topic.

Built from the content's counts per game and topic (Content.topic_counts: no law is read); a
topic's laws are asked of the content (Content.laws_of_topic), sorted and handed to the view
only when it is expanded (canFetchMore/fetchMore), and each row's words are made when the
view asks for them. A filter resets the model; the view stays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt

from app.corpus.laws import Content, Law
from app.corpus.vocabulary import GAMES, TOPICS
from ui.badges import CODE_ROLE
from ui.compat import override
from ui.links import href, parse
from ui.widgets.plain_label import plain_tip
from ui.words import code_name, game_name, topic_name

LINK_ROLE = Qt.ItemDataRole.UserRole + 1
_Index = QModelIndex | QPersistentModelIndex


@dataclass
class _Node:
    """A game or a topic: its place, and its children (topics, or laws once fetched)."""

    id: int
    parent: int            # the id of the parent node; 0 is the root
    row: int               # its row under the parent
    text: str
    link: str
    children: list[int] = field(default_factory=list)   # child node ids (a game's topics)
    count: int = 0                                       # a topic's laws (or a game's)
    laws: list[Law] = field(default_factory=list)       # a topic's laws, read on first fetch
    fetched: int = 0                                     # a topic's laws handed to the view
    key: tuple[str, str] = ("", "")                      # a topic's (game, topic)


class LawTreeModel(QAbstractItemModel):
    """Games, their topics and laws; every index carries the link of its page in LINK_ROLE
    and, for a law, its code in CODE_ROLE (drawn as a badge)."""

    def __init__(self, content: Content) -> None:
        super().__init__()
        self._content = content
        self._nodes: list[_Node] = [_Node(0, -1, 0, "", "")]
        self._topics: dict[tuple[str, str], _Node] = {}
        self._code: str | None = None
        self._laws = 0

    def set_filter(self, game: str | None, code: str | None) -> None:
        """Show the laws of a game and a code (None: all): the model resets, the view keeps
        its widgets, and only the counts are read."""
        counts = self._content.topic_counts(game, code)
        grouped: dict[str, dict[str, int]] = {}
        for (g, topic), n in counts.items():
            grouped.setdefault(g, {})[topic] = n
        self.beginResetModel()
        root = _Node(0, -1, 0, "", "")
        nodes = [root]
        self._topics = {}
        for g_row, g in enumerate(sorted(grouped, key=_order(GAMES))):
            game_node = _Node(len(nodes), 0, g_row, game_name(g), href("game", g),
                              count=sum(grouped[g].values()))
            nodes.append(game_node)
            root.children.append(game_node.id)
            topics = grouped[g]
            for t_row, topic in enumerate(sorted(topics, key=_order(TOPICS))):
                topic_node = _Node(len(nodes), game_node.id, t_row, topic_name(topic),
                                   href("topic", f"{g}/{topic}"), count=topics[topic],
                                   key=(g, topic))
                nodes.append(topic_node)
                game_node.children.append(topic_node.id)
                self._topics[(g, topic)] = topic_node
        self._nodes = nodes
        self._code = code
        self._laws = sum(counts.values())
        self.endResetModel()

    def games(self) -> list[str]:
        """The games the tree lists, in vocabulary order (their page links' targets)."""
        return [self._nodes[n].link.partition(":")[2] for n in self._nodes[0].children]

    def law_count(self) -> int:
        """How many laws the tree holds."""
        return self._laws

    def index_of(self, link: str) -> QModelIndex:
        """The index of a page link's row; invalid if the page is not in the tree."""
        target = parse(link)
        if target is None:
            return QModelIndex()
        if target.kind != "law":
            for node in self._nodes[1:]:
                if node.link == link:
                    return self.createIndex(node.row, 0, node.parent)
            return QModelIndex()
        law = self._content.laws.get(target.target)
        node = self._topics.get((law.game, law.topic)) if law is not None else None
        if law is None or node is None or (self._code and law.code != self._code):
            return QModelIndex()
        self._read(node)
        row = next((i for i, found in enumerate(node.laws) if found.id == law.id), -1)
        if row < 0:
            return QModelIndex()
        parent = self.createIndex(node.row, 0, node.parent)
        while node.fetched <= row:
            self.fetchMore(parent)
        return self.createIndex(row, 0, node.id)

    # The tree's shape: an index's internal id is the id of its parent node -----------------

    def _node_at(self, index: _Index) -> _Node | None:
        """The game or topic node an index shows (None for the root or a law)."""
        if not index.isValid():
            return self._nodes[0]
        parent = self._nodes[index.internalId()]
        if index.row() < len(parent.children):
            return self._nodes[parent.children[index.row()]]
        return None

    @override
    def index(self, row: int, column: int, parent: _Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        node = self._node_at(parent)
        if node is None or column != 0 or row < 0 or row >= self._row_count(node):
            return QModelIndex()
        return self.createIndex(row, column, node.id)

    @override
    def parent(self, index: _Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        node = self._nodes[index.internalId()]
        return self.createIndex(node.row, 0, node.parent)

    def _row_count(self, node: _Node) -> int:
        return len(node.children) if node.children or not node.count else node.fetched

    @override
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        node = self._node_at(parent)
        return 0 if node is None else self._row_count(node)

    @override
    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 1

    @override
    def hasChildren(self, parent: _Index = QModelIndex()) -> bool:  # noqa: B008
        node = self._node_at(parent)
        return node is not None and bool(node.children or node.count)

    @override
    def canFetchMore(self, parent: _Index) -> bool:
        node = self._node_at(parent)
        return node is not None and not node.children and node.fetched < node.count

    @override
    def fetchMore(self, parent: _Index) -> None:
        node = self._node_at(parent)
        if node is None or node.children or node.fetched >= node.count:
            return
        self._read(node)
        more = len(node.laws) - node.fetched
        if more <= 0:
            return
        self.beginInsertRows(parent, node.fetched, node.fetched + more - 1)
        node.fetched += more
        self.endInsertRows()

    def _read(self, node: _Node) -> None:
        """A topic's laws, asked of the content the first time it is opened."""
        if node.fetched == 0 and not node.laws:
            game, topic = node.key
            found = self._content.laws_of_topic(game, topic, self._code)
            node.laws = sorted(found, key=lambda law: (law.case, law.code))

    @override
    def data(self, index: _Index, role: int = 0) -> Any:
        if not index.isValid():
            return None
        parent = self._nodes[index.internalId()]
        if index.row() < len(parent.children):
            node = self._nodes[parent.children[index.row()]]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
                return node.text
            if role == LINK_ROLE:
                return node.link
            return None
        if index.row() >= len(parent.laws):
            return None
        law = parent.laws[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return law.title
        if role == LINK_ROLE:
            return href("law", law.id)
        if role == CODE_ROLE:
            return law.code
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{law.title}, {code_name(law.code)} code"
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(f"{law.title}\n{code_name(law.code)} code: {law.brief}")
        return None

    @override
    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


def _order(vocabulary: dict[str, str]) -> Callable[[str], tuple[int, str]]:
    keys = list(vocabulary)
    return lambda key: (keys.index(key) if key in keys else len(keys), key)
