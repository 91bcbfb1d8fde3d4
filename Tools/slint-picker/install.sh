#!/bin/sh
# Makes .build/slint-venv, the Python that tessera-bench runs Slint's reference with (BENCHMARKS.md,
# "The Slint reference"): Slint's Python package at the version the figures were taken with, Pillow
# (the thumbnails) and python-xlib (the frame counter). Run from the repository's root:
#
#     Tools/slint-picker/install.sh [PYTHON]        (PYTHON: python3 unless given)
#
# Slint's Python package asks for Python 3.12 since 1.10, but its native part is built for CPython's
# stable ABI from 3.11 on (its wheels are tagged cp311-abi3), and what of its Python code 3.11 cannot
# read is syntax alone: PEP 695 type parameters (`class Model[T](…)`) and `asyncio.run`'s
# `loop_factory` argument, which 3.11 has as `asyncio.Runner(loop_factory=…)`. On a Python older than
# 3.12 (Debian 12 has 3.11) the package is installed past its Python requirement and those lines are
# rewritten to their 3.11 form, which means the same; the renderer itself is untouched.
set -eu

SLINT_VERSION=1.18.1b1
PYTHON=${1:-python3}
VENV=.build/slint-venv
NEW=$VENV.new

[ -f Tools/slint-picker/picker.py ] || { echo "install.sh: run it from the repository's root" >&2; exit 2; }
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
    { echo "install.sh: $PYTHON is older than 3.11, the least Slint's native part is built for" >&2; exit 2; }
# Made beside the one in use, which stays until this one works.
rm -rf "$NEW"
"$PYTHON" -m venv --prompt slint-venv "$NEW"
"$NEW/bin/pip" install --quiet pillow python-xlib
if "$NEW/bin/python" -c 'import sys; sys.exit(sys.version_info >= (3, 12))'; then
    "$NEW/bin/pip" install --quiet --ignore-requires-python "slint==$SLINT_VERSION"
    "$NEW/bin/python" - <<'EOF'
import pathlib
import re
import sysconfig

package = pathlib.Path(sysconfig.get_paths()["purelib"]) / "slint"
for source in package.glob("*.py"):
    text = source.read_text()
    # `def f[T](` and `class C[T](`: the type parameter becomes a module-level TypeVar.
    names = sorted(set(re.findall(r"^[ \t]*(?:def|class) \w+\[(\w+)\]\(", text, flags=re.M)))
    text = re.sub(r"^([ \t]*(?:def|class) \w+)\[\w+\]\(", r"\1(", text, flags=re.M)
    if names:
        anchor = "from ._native import native\n"
        if anchor not in text:
            raise SystemExit(f"install.sh: {source} has type parameters but no `{anchor.strip()}` to put them after")
        type_vars = "".join(f'{name} = typing.TypeVar("{name}")\n' for name in names)
        text = text.replace(anchor, anchor + "import typing\n" + type_vars, 1)
    # asyncio.run(main, debug=…, loop_factory=F) is 3.12's; 3.11 has it as a Runner.
    text = re.sub(
        r"^([ \t]*)asyncio\.run\((.+), debug=(\w+), loop_factory=(\w+)\)$",
        r"\1with asyncio.Runner(debug=\3, loop_factory=\4) as runner:\n\1    runner.run(\2)",
        text,
        flags=re.M,
    )
    # Anything of 3.12's left would fail only when Slint runs: refused here instead.
    if re.search(r"asyncio\.run\([^\n]*loop_factory=", text):
        raise SystemExit(f"install.sh: {source} calls asyncio.run with loop_factory in a form this script does not know")
    source.write_text(text)
EOF
else
    "$NEW/bin/pip" install --quiet "slint==$SLINT_VERSION"
fi
# Slint's native part links libinput (Debian's libinput10), which a machine without a desktop may lack.
"$NEW/bin/python" -c 'import slint, PIL, Xlib; from importlib.metadata import version; print("slint", version("slint"))' ||
    { echo "install.sh: Slint does not load; if the error names libinput.so.10, apt-get install libinput10" >&2; exit 1; }
rm -rf "$VENV"
mv "$NEW" "$VENV"
# A virtual environment names its own folder in its scripts (pip's first line, activate).
grep -rlI -- "$PWD/$NEW" "$VENV/bin" "$VENV/pyvenv.cfg" | xargs -r sed -i "s|$PWD/$NEW|$PWD/$VENV|g"
