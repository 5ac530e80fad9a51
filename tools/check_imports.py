"""Fails when Rust modules import each other in a circle, or a floor of ferrule-python imports upward.

crates/ferrule-python/src: every file's module doc starts with `//! Floor N` (0 at the bottom);
a file may use files of its own floor or below, and no two files may reach each other.
crates/ferrule-ops/src: no cycle among its top-level modules (a module is `x.rs` with `x/`).

Reads `crate::name` references (in `use` lines, grouped `use crate::{a, b::c}` included, and in
paths), not what the compiler resolves: a reference in a comment counts too, which errs on the
side of failing. Run by `make lint`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOOR = re.compile(r"^//! Floor (\d+)\b")
PATH_REF = re.compile(r"\bcrate::([a-z_][a-z0-9_]*)")
GROUP = re.compile(r"\bcrate::\{([^}]*)\}", re.S)


def references(text: str) -> set[str]:
    """The top-level modules a source file names through `crate::`."""
    names = set(PATH_REF.findall(text))
    for group in GROUP.findall(text):
        for item in group.split(","):
            head = item.strip().split("::")[0].strip()
            if re.fullmatch(r"[a-z_][a-z0-9_]*", head):
                names.add(head)
    return names


def modules(src: Path) -> dict[str, set[str]]:
    """Top-level module name -> the modules it references (its `x/` files included)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(src.rglob("*.rs")):
        rel = path.relative_to(src)
        top = rel.parts[0].removesuffix(".rs")
        if top in ("lib", "main") and len(rel.parts) == 1:
            continue  # the crate root declares every module
        graph.setdefault(top, set()).update(references(path.read_text()))
    for name, refs in graph.items():
        refs.discard(name)
        refs.intersection_update(graph)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a path a -> ... -> a, or None."""
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt) :] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def check_floors(src: Path, errors: list[str]) -> None:
    """Every file of `src` declares its floor, uses none above it, and no cycle."""
    label = src.relative_to(ROOT) if src.is_relative_to(ROOT) else src
    graph = modules(src)
    floors: dict[str, int] = {}
    for name in graph:
        first = (src / f"{name}.rs").read_text().splitlines()[:1]
        match = FLOOR.match(first[0]) if first else None
        if not match:
            errors.append(f"{label}/{name}.rs: the module doc must start with '//! Floor N'")
            continue
        floors[name] = int(match.group(1))
    for name, refs in sorted(graph.items()):
        for ref in sorted(refs):
            if name in floors and ref in floors and floors[ref] > floors[name]:
                errors.append(
                    f"{label}/{name}.rs (floor {floors[name]}) uses {ref} "
                    f"(floor {floors[ref]}): a floor may only use its own floor or those below"
                )
    if cycle := find_cycle(graph):
        errors.append(f"{label}: import cycle " + " -> ".join(cycle))


def check_acyclic(crate: str, errors: list[str]) -> None:
    if cycle := find_cycle(modules(ROOT / crate / "src")):
        errors.append(f"{crate}/src: import cycle " + " -> ".join(cycle))


def main() -> int:
    errors: list[str] = []
    check_floors(ROOT / "crates/ferrule-python/src", errors)
    check_acyclic("crates/ferrule-ops", errors)
    for e in errors:
        print(f"check_imports: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
