#!/usr/bin/env bash
# A scene is a folder (docs/ARCHITECTURE.md, "Adding a scene"). For each scene in
# Sources/TesseraCore/Scenes/<Name>/ this checks, in a temporary copy of the working tree, that
# deleting the scene — its folder, its Assets/<Name>/ folder, its registry entry and its sections of
# Configs/*.json — leaves a project where `swift build` succeeds and every other scene runs headless
# (a short run of each, a monkey storm that switches between them, and the kiosk's config).
# It also checks that no code line in Sources/ outside a scene's folder names a type declared in it,
# and lists lines in Tests/ that do outside that scene's tests.
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
echo "== names"
for name in "${scenes[@]}"; do
    outside=$(types_of "$name" | lines_naming "Sources/TesseraCore/Scenes/$name/" Sources)
    tests=$(types_of "$name" | lines_naming "Tests/TesseraCoreTests/Scenes/$name/" Tests)
    echo "$name: $(printf '%s' "$outside" | grep -c . || true) code lines in Sources/ and $(printf '%s' "$tests" | grep -c . || true) in Tests/ outside its folders name its types"
    if [ -n "$outside" ]; then
        printf '%s\n' "$outside"
        failed=1
    fi
    [ -n "$tests" ] && printf '  (tests) %s\n' "$tests"
done

if [ $names_only -ne 0 ]; then
    [ $failed -eq 0 ] && echo "scene names: every scene's types stay in its folder" && exit 0
    echo "scene names: FAILED"
    exit 1
fi

copy=$(mktemp -d "${TMPDIR:-/tmp}/tessera-isolation.XXXXXX")
trap 'rm -rf "$copy"' EXIT
# The working tree as it is (tracked and untracked files git does not ignore), without build outputs.
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
    | tar --null -T - -cf - | tar -xf - -C "$copy"
cd "$copy"

for name in "${scenes[@]}"; do
    id=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')
    echo "== without $name"
    rm -rf "$copy.saved" && mkdir -p "$copy.saved"
    cp -a Sources Assets Configs "$copy.saved/"
    rm -rf "Sources/TesseraCore/Scenes/$name" "Assets/$name"
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
    if ! "$swift" build >"$copy.log" 2>&1; then
        echo "FAIL: swift build without $name"
        grep -E "error:" "$copy.log" | sort -u | head -20
        failed=1
    else
        for other in $(ls Sources/TesseraCore/Scenes/ | grep -v '\.swift$' | tr '[:upper:]' '[:lower:]'); do
            out=$(mktemp -d)
            if .build/debug/tessera --headless --scene "$other" --frames 120 --dump-state "$out/dump.json" >/dev/null \
                && .build/debug/tessera --headless --scene "$other" --monkey 1 --frames 900 >/dev/null \
                && .build/debug/tessera --headless --scene "$other" --config Configs/kiosk.json --frames 60 >/dev/null \
                && grep -q "\"scene\" : \"$other\"" "$out/dump.json"; then
                echo "ok: $other runs headless without $name"
            else
                echo "FAIL: $other without $name"
                failed=1
            fi
            rm -rf "$out"
        done
        if .build/debug/tessera --headless --scene "$id" --frames 1 2>/dev/null; then
            echo "FAIL: --scene $id still runs without its folder"
            failed=1
        fi
    fi
    rm -rf Sources Assets Configs
    cp -a "$copy.saved/Sources" "$copy.saved/Assets" "$copy.saved/Configs" .
done
rm -rf "$copy.saved" "$copy.log"

if [ $failed -ne 0 ]; then
    echo "scene isolation: FAILED"
    exit 1
fi
echo "scene isolation: every scene is a folder"
