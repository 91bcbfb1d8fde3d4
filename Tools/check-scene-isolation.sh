#!/usr/bin/env bash
# A scene is a folder (docs/ARCHITECTURE.md, "Adding a scene"). For each scene in
# Sources/TesseraCore/Scenes/<Name>/ this checks, in a copy of the working tree, that deleting the
# scene — its folder, its tests' folder Tests/TesseraCoreTests/Scenes/<Name>/, its Assets/<Name>/
# folder, its registry entry and its sections of Configs/*.json — leaves a project whose sources,
# tests and bench build (`swift build --build-tests`) and where every other scene runs headless (a
# short run of each, a monkey storm that switches between them, and the kiosk's config).
# It also checks that no code line in Sources/ outside a scene's folder, nor in Tests/ outside its
# tests' folder, names a type declared in it. It exits non-zero when a check fails, and lists them.
#
# Usage: Tools/check-scene-isolation.sh [--names] [Name …]   (default: every scene folder; --names:
# only the check of names, without building)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}
cd "$root"
names_only=0
if [ "${1:-}" = "--names" ]; then
    names_only=1
    shift
fi
scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then
    for dir in Sources/TesseraCore/Scenes/*/; do scenes+=("$(basename "$dir")"); done
fi

# The types a scene's folder declares at the top level (nested ones are named through these).
types_of() {
    grep -rhoE '^((package|public|private|fileprivate|internal) )?(final )?(struct|class|enum|protocol|typealias|actor) [A-Z][A-Za-z0-9_]*' \
        "Sources/TesseraCore/Scenes/$1" | awk '{print $NF}' | sort -u
}

# Code lines (not comments) under $2… outside $1 that name one of the types on stdin.
lines_naming() {
    local inside=$1
    shift
    local pattern
    pattern="\\b($(paste -sd'|' -))\\b"
    grep -rnE --include='*.swift' "$pattern" "$@" 2>/dev/null | grep -v "^$inside" | grep -vE '^[^:]+:[0-9]+:\s*//' || true
}

failed=0
failures=()
echo "== names"
for name in "${scenes[@]}"; do
    outside=$(types_of "$name" | lines_naming "Sources/TesseraCore/Scenes/$name/" Sources)
    tests=$(types_of "$name" | lines_naming "Tests/TesseraCoreTests/Scenes/$name/" Tests)
    echo "$name: $(printf '%s' "$outside" | grep -c . || true) code lines in Sources/ and $(printf '%s' "$tests" | grep -c . || true) in Tests/ outside its folders name its types"
    if [ -n "$outside$tests" ]; then
        printf '%s\n' "$outside" "$tests" | grep .
        failures+=("code outside $name's folders names its types")
        failed=1
    fi
done

if [ $names_only -ne 0 ]; then
    [ $failed -eq 0 ] && echo "scene names: every scene's types stay in its folders" && exit 0
    echo "scene names: FAILED"
    exit 1
fi

# One copy of the working tree, kept between runs in .build/check-scenes/tree with its own .build:
# every deletion below is built in the same place, so each build recompiles only what the deletion
# touches (TesseraCore and what depends on it), and a later `make check-scenes` starts from this one's
# objects. A .build copied from elsewhere would not help: SwiftPM's build records hold absolute paths.
work=${SCENE_CHECK_DIR:-$root/.build/check-scenes}
tree=$work/tree
list=$work/files
mkdir -p "$tree"

# Makes the copy the working tree as it is (tracked files and untracked ones git does not ignore):
# copies what differs and removes what the working tree lacks, and leaves the rest untouched so the
# build does not see it change. It also undoes a deletion.
sync_tree() {
    git -C "$root" ls-files -z --cached --others --exclude-standard \
        | while IFS= read -r -d '' f; do [ -f "$root/$f" ] && printf '%s\n' "$f"; done | sort >"$list"
    (cd "$tree" && find . -path ./.build -prune -o -type f -printf '%P\n' | sort) \
        | comm -13 "$list" - | while IFS= read -r f; do rm -f "$tree/$f"; done
    find "$tree" -mindepth 1 -depth -type d -empty -not -path "$tree/.build" -not -path "$tree/.build/*" -delete
    while IFS= read -r f; do
        if ! cmp -s "$root/$f" "$tree/$f"; then
            mkdir -p "$tree/$(dirname "$f")"
            cp "$root/$f" "$tree/$f"
        fi
    done <"$list"
}

fail() {
    echo "FAIL: $1"
    failures+=("$1")
    failed=1
}

for name in "${scenes[@]}"; do
    id=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
    echo "== without $name"
    sync_tree
    cd "$tree"
    rm -rf "Sources/TesseraCore/Scenes/$name" "Assets/$name" "Tests/TesseraCoreTests/Scenes/$name"
    python3 - "$id" <<'PY'
import glob, json, re, sys
scene = sys.argv[1]
registry = "Sources/TesseraCore/Scenes/SceneRegistry.swift"
text = open(registry).read()
line = re.search(r"static let scenes: \[SceneDescription\] = \[([^\]]*)\]", text)
entries = [e.strip() for e in line.group(1).split(",") if e.strip() != "." + scene]
open(registry, "w").write(text[: line.start(1)] + ", ".join(entries) + text[line.end(1) :])
for path in glob.glob("Configs/*.json"):
    config = json.load(open(path))
    config.pop(scene, None)
    kiosk = config.get("kiosk", {})
    for key in ("startScene", "lockScene"):
        if kiosk.get(key) == scene:
            del kiosk[key]
    json.dump(config, open(path, "w"), indent=2)
# Its rows of the range table, as step 4 of "Adding a scene" added them.
readme = "Configs/README.md"
rows = [l for l in open(readme).read().split("\n") if not l.startswith("| `%s." % scene)]
open(readme, "w").write("\n".join(rows))
PY
    # The sources, the tests and the bench (an executable product, which `swift build` builds with the
    # rest): a test or a benchmark outside the scene's folders that needs it fails here.
    started=$SECONDS
    if ! "$swift" build --build-tests >"$work/build.log" 2>&1; then
        fail "swift build --build-tests without $name"
        grep -E '^/[^ ]+: error:' "$work/build.log" | sed "s|^$tree/||" | sort -u | head -40 \
            || tail -30 "$work/build.log"
    elif [ ! -x .build/debug/tessera-bench ]; then
        fail "tessera-bench was not built without $name"
    else
        echo "built the sources, tests and bench without $name in $((SECONDS - started)) s"
        for other in $(ls Sources/TesseraCore/Scenes/ | grep -v '\.swift$' | tr '[:upper:]' '[:lower:]'); do
            out=$(mktemp -d)
            if .build/debug/tessera --headless --scene "$other" --frames 120 --dump-state "$out/dump.json" >/dev/null \
                && .build/debug/tessera --headless --scene "$other" --monkey 1 --frames 900 >/dev/null \
                && .build/debug/tessera --headless --scene "$other" --config Configs/kiosk.json --frames 60 >/dev/null \
                && grep -q "\"scene\" : \"$other\"" "$out/dump.json"; then
                echo "ok: $other runs headless without $name"
            else
                fail "$other does not run headless without $name"
            fi
            rm -rf "$out"
        done
        if .build/debug/tessera --headless --scene "$id" --frames 1 2>/dev/null; then
            fail "--scene $id still runs without its folder"
        fi
    fi
    cd "$root"
done
# The copy back to the whole working tree, so the next run's first build starts from the same files.
sync_tree

if [ $failed -ne 0 ]; then
    echo "scene isolation: FAILED"
    for failure in "${failures[@]}"; do echo "  $failure"; done
    exit 1
fi
echo "scene isolation: every scene is a folder"
