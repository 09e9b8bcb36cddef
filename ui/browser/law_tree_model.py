"""The browse tree as a lazy model: game, then topic, then the laws of that topic.

Built from the laws grouped once per filter (plain lists, no item objects); a topic's laws are
sorted and handed to the view only when it is expanded (canFetchMore/fetchMore), and each
row's words are made when the view asks for them. A filter resets the model; the view stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from typing_extensions import override

from app.content import Law
from app.vocabulary import GAMES, TOPICS
from ui.badges import CODE_ROLE
from ui.links import href, parse
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
    laws: list[Law] = field(default_factory=list)       # a topic's laws, sorted on first fetch
    fetched: int = 0                                     # a topic's laws handed to the view
    sorted: bool = False


class LawTreeModel(QAbstractItemModel):
    """Games, their topics and laws; every index carries the link of its page in LINK_ROLE
    and, for a law, its code in CODE_ROLE (drawn as a badge)."""

    def __init__(self) -> None:
        super().__init__()
        self._nodes: list[_Node] = [_Node(0, -1, 0, "", "")]
        self._laws = 0

    def set_laws(self, laws: Iterable[Law]) -> None:
        """Show these laws (already filtered): the model resets, the view keeps its widgets."""
        grouped: dict[str, dict[str, list[Law]]] = {}
        count = 0
        for law in laws:
            grouped.setdefault(law.game, {}).setdefault(law.topic, []).append(law)
            count += 1
        self.beginResetModel()
        root = _Node(0, -1, 0, "", "")
        nodes = [root]
        for g_row, game in enumerate(sorted(grouped, key=_order(GAMES))):
            game_node = _Node(len(nodes), 0, g_row, game_name(game), href("game", game))
            nodes.append(game_node)
            root.children.append(game_node.id)
            topics = grouped[game]
            for t_row, topic in enumerate(sorted(topics, key=_order(TOPICS))):
                topic_node = _Node(len(nodes), game_node.id, t_row, topic_name(topic),
                                   href("topic", f"{game}/{topic}"), laws=topics[topic])
                nodes.append(topic_node)
                game_node.children.append(topic_node.id)
        self._nodes = nodes
        self._laws = count
        self.endResetModel()

    def law_count(self) -> int:
        """How many laws the tree holds."""
        return self._laws

    def index_of(self, link: str) -> QModelIndex:
        """The index of a page link's row; invalid if the page is not in the tree."""
        target = parse(link)
        if target is None:
            return QModelIndex()
        for node in self._nodes[1:]:
            if node.link == link:
                return self.createIndex(node.row, 0, node.parent)
        if target.kind != "law":
            return QModelIndex()
        for node in self._nodes[1:]:
            if node.laws and any(law.id == target.target for law in node.laws):
                self._sort(node)
                row = next(i for i, law in enumerate(node.laws) if law.id == target.target)
                parent = self.createIndex(node.row, 0, node.parent)
                while node.fetched <= row:
                    self.fetchMore(parent)
                return self.createIndex(row, 0, node.id)
        return QModelIndex()

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
        return len(node.children) if node.children or not node.laws else node.fetched

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
        return node is not None and bool(node.children or node.laws)

    @override
    def canFetchMore(self, parent: _Index) -> bool:
        node = self._node_at(parent)
        return node is not None and bool(node.laws) and node.fetched < len(node.laws)

    @override
    def fetchMore(self, parent: _Index) -> None:
        node = self._node_at(parent)
        if node is None or not node.laws or node.fetched >= len(node.laws):
            return
        self._sort(node)
        more = len(node.laws) - node.fetched
        self.beginInsertRows(parent, node.fetched, node.fetched + more - 1)
        node.fetched += more
        self.endInsertRows()

    def _sort(self, node: _Node) -> None:
        if not node.sorted:
            node.laws.sort(key=lambda law: (law.case, law.code))
            node.sorted = True

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
        if not parent.sorted or index.row() >= len(parent.laws):
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
            return f"{law.title}\n{code_name(law.code)} code: {law.brief}"
        return None

    @override
    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


def _order(vocabulary: dict[str, str]) -> Callable[[str], tuple[int, str]]:
    keys = list(vocabulary)
    return lambda key: (keys.index(key) if key in keys else len(keys), key)
