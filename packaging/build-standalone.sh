#!/usr/bin/env bash
# Build Card Laws as one folder that runs without Python installed:
#     bash packaging/build-standalone.sh            -> dist/cardlaws/cardlaws
# The folder holds the app, the command line (`cardlaws validate`, `cardlaws progress check`,
# ...), Qt and every content file. The build happens in its own virtual environment
# (build/standalone/), from the wheel of this checkout, so it packs exactly what a user
# installs. Then the result is smoke-tested offscreen: version, content validation, a ruling,
# the progress check and every screen rendered.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$(pwd)"
BUILD="$REPO/build/standalone"
PYTHON="${PYTHON:-python3}"

rm -rf "$BUILD" "$REPO/dist/cardlaws"
"$PYTHON" -m venv "$BUILD/venv"
"$BUILD/venv/bin/pip" install --quiet --upgrade pip
"$BUILD/venv/bin/pip" wheel --quiet --no-deps --wheel-dir "$BUILD/wheel" "$REPO"
"$BUILD/venv/bin/pip" install --quiet "$BUILD"/wheel/cardlaws-*.whl "pyinstaller>=6.10"

# Analysis runs from outside the checkout, so the installed package (not the source tree)
# is what gets frozen.
cd "$BUILD"
"$BUILD/venv/bin/pyinstaller" --noconfirm --clean --onedir --name cardlaws \
  --distpath "$REPO/dist" --workpath "$BUILD/work" --specpath "$BUILD" \
  --collect-submodules app --collect-submodules cli --collect-submodules ui \
  --collect-submodules quizzes \
  --collect-data content --collect-data ui.desktop --collect-data app \
  --icon "$("$BUILD/venv/bin/python" -c 'from ui.desktop import icon_path; print(icon_path())')" \
  "$REPO/packaging/standalone_entry.py"

# Smoke test, offscreen, from a folder with nothing of the checkout in it.
SMOKE="$(mktemp -d)"
trap 'rm -rf "$SMOKE"' EXIT
cd "$SMOKE"
export QT_QPA_PLATFORM=offscreen CARDLAWS_DATA_DIR="$SMOKE/data" CARDLAWS_CACHE_DIR="$SMOKE/cache"
unset CARDLAWS_CONTENT_DIR PYTHONPATH
APP="$REPO/dist/cardlaws/cardlaws"
"$APP" --version
"$APP" validate
"$APP" rule "$REPO/content/scenarios/rubicon-bezique-surplus-after-first-trick.json" \
  | grep -q 1300
"$APP" progress check
# The core's own data (app/search/english_words.json): without it, search "corrects" hearts to harms.
"$APP" search hearts --json | grep -q '"searched": "hearts"'
"$APP" --screenshots "$SMOKE/shots" --size 1280x800 >/dev/null
SHOTS=$(find "$SMOKE/shots" -name '*.png' -size +1k | wc -l)
[ "$SHOTS" -ge 6 ] || { echo "only $SHOTS screens were rendered"; exit 1; }
echo "standalone build OK: $REPO/dist/cardlaws/ ($(du -sh "$REPO/dist/cardlaws" | cut -f1))"
