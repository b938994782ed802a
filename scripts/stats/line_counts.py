#!/usr/bin/env python3
"""line_counts.py - code lines of source folders, as issue 63 compares the front ends with the search.

Counts the non-blank lines that are not `//` comments in each folder's `.rs` files, leaving
out test files (`tests.rs`, `*_tests.rs`, anything under a `tests` folder) and the item
after each `#[cfg(test)]` (a test module, or one test-only item). Prints each folder's
count and, with two or more, each one's ratio to the last.

  scripts/stats/line_counts.py src/protocol src/engine
"""

import sys
from pathlib import Path


def is_test_file(path: Path) -> bool:
    return path.name == "tests.rs" or path.name.endswith("_tests.rs") or "tests" in path.parts[:-1]


def end_of_item(lines: list[str], start: int) -> int:
    """The index of the last line of the item that begins at `start`."""
    depth = 0
    opened = False
    for i in range(start, len(lines)):
        line = lines[i]
        if not opened and line.strip().endswith(";") and "{" not in line:
            return i
        depth += line.count("{") - line.count("}")
        opened = opened or "{" in line
        if opened and depth <= 0:
            return i
    return len(lines) - 1


def code_lines(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    count = 0
    i = 0
    while i < len(lines):
        text = lines[i].strip()
        if text.startswith("#[cfg(test)]"):
            i = end_of_item(lines, i + 1) + 1
            continue
        if text and not text.startswith("//"):
            count += 1
        i += 1
    return count


def folder_lines(folder: Path) -> int:
    return sum(code_lines(p) for p in sorted(folder.rglob("*.rs")) if not is_test_file(p.relative_to(folder)))


def main() -> None:
    folders = [Path(arg) for arg in sys.argv[1:]]
    if not folders:
        sys.exit(__doc__)
    counts = [folder_lines(f) for f in folders]
    for folder, count in zip(folders, counts):
        ratio = f"  {count / counts[-1]:.3f}x {folders[-1]}" if len(folders) > 1 else ""
        print(f"{folder}  {count}{ratio}")


if __name__ == "__main__":
    main()
