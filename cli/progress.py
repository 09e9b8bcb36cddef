"""`python -m app progress check|backup|restore|export|import [--data-dir DIR]`: the learner's data.

- check: open the progress file (creating it when absent), run the full integrity check,
  report what it holds; exit 0 only when it is usable.
- backup: write a backup now (today's, or into a file named with --to).
- restore [BACKUP]: make a backup the progress file (default: the latest); the current file
  is kept beside it, never deleted. `restore --list` lists the backups.
- export PROFILE FILE / import FILE [--name NAME]: one profile's progress as JSON.

Every failure is one plain sentence on stderr and a non-zero exit, never a traceback: 2 when
the file named on the line is refused (an import, a backup to restore, a place to write), 1
when the progress file cannot be used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.progress import Profile, ProgressStore

EXIT_UNUSABLE = 1
EXIT_USAGE = 2


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `progress` sub-command and its actions."""
    parser = subparsers.add_parser("progress", help="check, back up, restore, export, import "
                                   "the learner's progress")
    actions = parser.add_subparsers(dest="action", required=True)

    def action(name: str, text: str) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=text, description=text)
        sub.add_argument("--data-dir", type=Path, default=None, metavar="DIR",
                         help="the progress folder (default: $CARDLAWS_DATA_DIR, else the "
                              "user data directory)")
        return sub

    action("check", "open the progress file, check it in full and report its health")
    backup = action("backup", "write a backup of the progress file now")
    backup.add_argument("--to", type=Path, metavar="FILE",
                        help="write the backup to FILE instead of the backups folder")
    restore = action("restore", "make a backup the progress file (the current one is kept)")
    restore.add_argument("backup", nargs="?", type=Path,
                         help="the backup file (default: the most recent daily backup)")
    restore.add_argument("--list", action="store_true", help="list the backups and stop")
    export = action("export", "write one profile's progress to a JSON file")
    export.add_argument("profile", help="the profile's name or number")
    export.add_argument("file", type=Path)
    imp = action("import", "read a JSON export as a new profile")
    imp.add_argument("file", type=Path)
    imp.add_argument("--name", help="the new profile's name (default: the one in the file)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Do the action; print the outcome (stdout) or one sentence saying why not (stderr)."""
    from app.progress import ImportProblem, ProgressError
    from app.progress.faults import FileRefused

    try:
        return int(_ACTIONS[args.action](args))
    except FileRefused as exc:  # the file named on the line, not the progress file
        print(f"cardlaws: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ImportProblem as exc:
        print(f"cardlaws: nothing was imported: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ProgressError as exc:
        print(f"cardlaws: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE


def _folder(args: argparse.Namespace) -> Path:
    from app.progress import data_dir
    from app.progress.faults import FileRefused

    folder = data_dir(args.data_dir)
    if args.data_dir is not None and folder.exists() and not folder.is_dir():
        raise FileRefused(f"{folder} is not a folder: --data-dir names the progress folder")
    return folder


def _check(args: argparse.Namespace) -> int:
    import sqlite3

    from app.progress import ProgressError, ProgressStore, backups
    from app.progress.opening import writable
    from app.progress.soundness import bad_values

    folder = _folder(args)
    with ProgressStore.open(folder, keep_backups=0) as store:
        if store.notice:
            print(f"notice: {store.notice}", file=sys.stderr)
        print(f"progress file: {store.path}")
        try:  # a file SQLite finds sound may still hold what this Card Laws cannot read
            verdict = store.integrity()
            unreadable = bad_values(store.db.conn) if verdict == "ok" else []
            if not unreadable:
                print(f"schema version: {store.schema_version}")
                profiles = store.profiles()
                print(f"profiles: {len(profiles)}; answers recorded: {store.attempt_count()}")
        except (sqlite3.Error, ProgressError) as exc:
            unreadable = [str(exc)]
        kept = backups(folder)
        print(f"backups: {len(kept)}" + (f", the latest {kept[-1]}" if kept else ""))
        if verdict != "ok":
            print(f"damaged: the full integrity check says {verdict!r}. Restore a backup with "
                  "`cardlaws-cli progress restore`.", file=sys.stderr)
            return EXIT_UNUSABLE
        if unreadable:
            print("unusable: the file is sound to SQLite but holds what Card Laws cannot read: "
                  f"{'; '.join(unreadable)}. Restore a backup with `cardlaws-cli progress "
                  "restore`.", file=sys.stderr)
            return EXIT_UNUSABLE
        if not writable(store.db):
            print(f"unusable: {store.path} can be read but not written, so no answer can be "
                  "saved. Check that it and its folder belong to you and may be written by "
                  "you.", file=sys.stderr)
            return EXIT_UNUSABLE
    print("health: OK (full integrity check passed, every value readable, writable)")
    return 0


def _backup(args: argparse.Namespace) -> int:
    from app.progress import ProgressStore
    from app.progress.backups import copy_is_sound, write_copy
    from app.progress.records import utc_now

    folder = _folder(args)
    with ProgressStore.open(folder, keep_backups=0) as store:
        assert store.path is not None
        if args.to is not None:
            write_copy(store.path, args.to)
            print(f"backup written to {args.to}")
            return 0
        made = store.backup(utc_now())
    if made is not None:
        print(f"backup written to {made}")
        return 0
    from app.progress import backups

    kept = backups(folder)
    today = [p for p in kept if utc_now().date().isoformat() in p.name]
    if today:
        print(f"today's backup already exists: {today[-1]}")
        return 0
    why = copy_is_sound(folder / "progress.sqlite") or "it could not be copied"
    why = why.removeprefix("it ")
    if why == "holds no profile":
        print("nothing to back up: the progress file holds no profile yet")
        return 0
    print(f"cardlaws: no backup written: the progress file {why}", file=sys.stderr)
    return EXIT_UNUSABLE


def _restore(args: argparse.Namespace) -> int:
    from app.progress import backups, restore
    from app.progress.records import utc_now

    folder = _folder(args)
    kept = backups(folder)
    if args.list:
        for path in kept:
            print(path)
        if not kept:
            print(f"no backups in {folder / 'backups'}")
        return 0
    chosen = args.backup or (kept[-1] if kept else None)
    if chosen is None:
        print(f"cardlaws: there is no backup in {folder / 'backups'} to restore",
              file=sys.stderr)
        return EXIT_UNUSABLE
    previous = restore(folder, chosen, utc_now())
    print(f"restored {chosen}")
    if previous.exists():
        print(f"the previous progress file is kept as {previous}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from app.progress import ProgressStore

    with ProgressStore.open(_folder(args), keep_backups=0) as store:
        profile = _find_profile(store, args.profile)
        if profile is None:
            names = ", ".join(repr(p.name) for p in store.profiles()) or "none"
            print(f"cardlaws: no profile {args.profile!r} (profiles: {names})", file=sys.stderr)
            return EXIT_UNUSABLE
        try:
            store.export_file(profile.id, args.file)
        except OSError as exc:
            print(f"cardlaws: cannot write {args.file}: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_UNUSABLE
    print(f"exported {profile.name!r} to {args.file}")
    return 0


def _import(args: argparse.Namespace) -> int:
    from app.progress import ProgressStore
    from quizzes import import_progress

    with ProgressStore.open(_folder(args), keep_backups=0) as store:
        # checked against this Card Laws' questions and laws, as the Quizzes screen does;
        # an ImportProblem (the file named is refused) exits EXIT_USAGE, in run
        profile = import_progress(store, args.file, name=args.name)
    print(f"imported as the profile {profile.name!r}")
    return 0


def _find_profile(store: ProgressStore, wanted: str) -> Profile | None:
    for profile in store.profiles():
        if profile.name == wanted or (wanted.isdigit() and str(profile.id) == wanted):
            return profile
    return None


_ACTIONS = {
    "check": _check,
    "backup": _backup,
    "restore": _restore,
    "export": _export,
    "import": _import,
}
