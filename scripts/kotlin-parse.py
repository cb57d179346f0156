#!/usr/bin/env python3
"""Parses Kotlin (.kt) and Gradle Kotlin DSL (.gradle.kts) files with tree-sitter's Kotlin grammar.

Usage: scripts/kotlin-parse.py FILE...

Prints every ERROR or MISSING node as `path:line:col: ERROR|MISSING <node type>` (1-based line and
column, column in bytes), then a one-line count summary on stderr. Exits 1 when any file has such a
node or cannot be read, 0 otherwise. A parse is not a compile: names, types and imports stay unchecked.

Needs the PyPI packages tree-sitter (0.26.1) and tree-sitter-kotlin (1.1.0), which scripts/test.sh installs.
"""

import sys

try:
    import tree_sitter
    import tree_sitter_kotlin
except ImportError as error:
    sys.exit(f"kotlin-parse: {error}; install tree-sitter==0.26.1 tree-sitter-kotlin==1.1.0")


def problems(root):
    """Yields (kind, node) for every ERROR and MISSING node, in document order."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_missing:
            yield "MISSING", node
        elif node.is_error:
            yield "ERROR", node
        # Only subtrees that contain an error can hold ERROR or MISSING nodes.
        if node.has_error:
            stack.extend(reversed(node.children))


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    parser = tree_sitter.Parser(tree_sitter.Language(tree_sitter_kotlin.language()))
    counts = {"ERROR": 0, "MISSING": 0}
    unreadable = 0
    failing = 0
    for path in paths:
        try:
            with open(path, "rb") as handle:
                source = handle.read()
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror}")
            unreadable += 1
            continue
        found = False
        for kind, node in problems(parser.parse(source).root_node):
            row, column = node.start_point
            print(f"{path}:{row + 1}:{column + 1}: {kind} {node.type}")
            counts[kind] += 1
            found = True
        failing += found
    print(
        f"kotlin-parse: {len(paths)} file(s), {failing} with problems, "
        f"{counts['ERROR']} ERROR, {counts['MISSING']} MISSING, {unreadable} unreadable",
        file=sys.stderr,
    )
    return 1 if failing or unreadable else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
