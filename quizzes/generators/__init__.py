"""One module per question type; each has `laws(bank)` (what it can ask about) and `build`."""

from __future__ import annotations

from types import ModuleType

from quizzes.generators import authored, code, law, penalty, revoke, ruling

GENERATORS: dict[str, ModuleType] = {
    "law": law,
    "ruling": ruling,
    "code": code,
    "revoke": revoke,
    "penalty": penalty,
    "authored": authored,
}

__all__ = ["GENERATORS"]
