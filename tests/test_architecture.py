"""The layers: the core stays Qt-free, app and quizzes keep to their imports (import-linter),
and mypy finds no error in app/ and quizzes/."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ("app", "quizzes")


def test_no_core_module_imports_qt():
    offenders = []
    for package in CORE:
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n.split(".")[0] in ("PySide6", "shiboken6", "ui") for n in names):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders


def test_importing_the_whole_core_loads_no_qt():
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for package in CORE for p in (ROOT / package).rglob("*.py")
        if p.name != "__main__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6'))\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert len(modules) > 20


def test_the_layers_hold():
    """The import-linter contracts of pyproject.toml: app imports neither ui, quizzes nor cli
    (its `python -m app` entry only delegates to cli); quizzes import neither ui nor cli."""
    code = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports())"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout


def test_the_core_type_checks_strictly():
    """mypy --strict on app/: every function typed, no Any handed back where a type is
    declared (the facts' doors return their declared types)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "app"], cwd=ROOT,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_core_and_the_quizzes_type_check():
    """mypy on app/ and quizzes/ (configured in pyproject.toml) finds no error."""
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def _runtime_imports(path: Path, package: str) -> set[str]:
    """The first-party modules a file imports when it runs (at its top or inside a function),
    leaving out imports under `if TYPE_CHECKING:`, which only the type checker follows."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            skipped.update(id(child) for child in ast.walk(node))
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return {name for name in found if name.startswith(package + ".")}


def test_app_shows_its_parts_at_the_top():
    """app/ is a handful of modules beside packages a reader can name (issue: a house that shows
    its parts): the progress store's migrations live inside progress/, not beside it."""
    top = sorted(p.name for p in (ROOT / "app").glob("*.py"))
    assert len(top) <= 6, top
    packages = {p.name for p in (ROOT / "app").iterdir() if (p / "__init__.py").is_file()}
    assert {"model", "corpus", "search", "engine", "progress", "rehearsal",
            "table_builder"} <= packages
    assert (ROOT / "app" / "progress" / "migrations.py").is_file()


def test_the_corpus_files_import_each_other_in_no_circle():
    """The laws' types, their loaders and the content store: each module stands above those it
    imports, so none can be read without the others half-loaded."""
    corpus = {
        f"app.corpus.{p.stem}": p for p in (ROOT / "app" / "corpus").glob("*.py")
        if p.name != "__init__.py"
    }
    edges = {name: {m for m in _runtime_imports(path, "app.corpus") if m in corpus} - {name}
             for name, path in corpus.items()}
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            raise AssertionError("import circle: " + " -> ".join([*trail, name]))
        if name in done:
            return
        for other in sorted(edges[name]):
            visit(other, [*trail, name])
        done.add(name)

    for name in sorted(corpus):
        visit(name, [])
    assert len(corpus) >= 10


def test_every_declared_fact_has_a_door_and_every_door_a_declared_fact():
    """A fact is declared once (app/model/facts.py) and read through one door of the engine's
    Table: neither list may name a fact the other lacks."""
    from app.engine.table import _READERS
    from app.model.facts import FACTS

    assert set(_READERS) == set(FACTS)
