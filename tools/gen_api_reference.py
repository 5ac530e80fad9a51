"""Writes docs/api-reference.md from schema/ops.yaml and the registry.

Run from the repository root after `make build`:
    .venv/bin/python tools/gen_api_reference.py          # rewrite docs/api-reference.md
    .venv/bin/python tools/gen_api_reference.py --check  # exit 1 if it is stale (make test runs this)

What comes from where: the sections, their introductions and each op's GIL policy and variants
are read from schema/ops.yaml (its line layout: `# ---- section ----` headers, `- name:` entries);
the signature and documentation of each op from the registry (`ops.<name>` in libferrule,
which the generator filled in from the same schema), as every frontend shows them; the Python
and Tensor names from ferrule._ops, the Go names from go/ops_gen.go, the C names from
include/ferrule/ops.h; and the functions libferrule registers besides the operators from
`ferrule.ffi.list_global_func_names()` in a fresh process (no plugin loaded).
"""

from __future__ import annotations

import argparse
import difflib
import pathlib
import re
import sys
from dataclasses import dataclass, field

REPO = pathlib.Path(__file__).resolve().parents[1]
OUT = REPO / "docs/api-reference.md"
COMMAND = ".venv/bin/python tools/gen_api_reference.py"


def large_elements() -> str:
    """glue::LARGE_ELEMENTS, the size above which `gil: large` ops release the GIL."""
    text = (REPO / "crates/ferrule-ops/src/glue.rs").read_text()
    m = re.search(r"pub const LARGE_ELEMENTS: i64 = ([^;]+);", text)
    if not m:
        raise SystemExit("crates/ferrule-ops/src/glue.rs: LARGE_ELEMENTS not found")
    value = m.group(1).strip()
    if shift := re.fullmatch(r"1 << (\d+)", value):
        return str(1 << int(shift.group(1)))
    return value.replace("_", "")


GIL_TEXT = {
    "large": f"releases the GIL when its tensor arguments hold more than {large_elements()} elements",
    "always": "always releases the GIL (registered long-running)",
    "never": "keeps the GIL (cheap work)",
}

#: Python operators of Tensor dunders, for the "Tensor" line of each op.
DUNDER_SYMBOLS = {
    "add": "+",
    "sub": "-",
    "mul": "*",
    "truediv": "/",
    "floordiv": "//",
    "mod": "%",
    "pow": "**",
    "matmul": "@",
    "and": "&",
    "or": "|",
    "xor": "^",
    "lshift": "<<",
    "rshift": ">>",
    "lt": "<",
    "le": "<=",
    "gt": ">",
    "ge": ">=",
    "eq": "==",
    "ne": "!=",
    "neg": "unary -",
    "pos": "unary +",
    "abs": "abs()",
    "invert": "~",
    "getitem": "t[i]",
    "setitem": "t[i] = v",
}


@dataclass
class SchemaOp:
    name: str
    gil: str = "large"
    variants: list[str] = field(default_factory=list)


@dataclass
class Section:
    title: str
    intro: list[str]
    ops: list[SchemaOp]


def read_schema() -> list[Section]:
    """The sections of schema/ops.yaml and the few per-op fields the reference shows."""
    sections: list[Section] = []
    current: SchemaOp | None = None
    in_intro = False
    for line in (REPO / "schema/ops.yaml").read_text().splitlines():
        if m := re.match(r"# ---- (.+?) ----\s*$", line):
            sections.append(Section(m.group(1), [], []))
            in_intro = True
        elif in_intro and line.startswith("#"):
            sections[-1].intro.append(line[1:].strip())
        elif m := re.match(r"- name: (\S+)\s*$", line):
            in_intro = False
            if not sections:
                sections.append(Section("operators", [], []))
            current = SchemaOp(m.group(1))
            sections[-1].ops.append(current)
        elif current and (m := re.match(r"  gil: (\w+)", line)):
            current.gil = m.group(1)
        elif current and (m := re.match(r"  variants: \[(.*)\]", line)):
            current.variants = [v.strip() for v in m.group(1).split(",") if v.strip()]
    return sections


def go_names() -> dict[str, str]:
    text = (REPO / "go/ops_gen.go").read_text()
    return dict(re.findall(r'&opSpec\{name: "([^"]+)", goName: "(\w+)"', text))


def c_names() -> set[str]:
    return set(re.findall(r"static inline int32_t (ferrule_op_\w+)\(", (REPO / "include/ferrule/ops.h").read_text()))


def split_doc(doc: str) -> tuple[str, str]:
    """(prose, examples): the examples start at the first `>>>` line."""
    lines = doc.strip("\n").splitlines()
    for i, line in enumerate(lines):
        if line.startswith(">>>"):
            return "\n".join(lines[:i]).strip(), "\n".join(lines[i:]).strip()
    return doc.strip(), ""


def tensor_line(registered: str, methods: dict[str, tuple[str, str]]) -> str:
    names = []
    for attr, (reg, _mode) in methods.items():
        if reg != registered:
            continue
        if attr.startswith("__") and attr.endswith("__"):
            base = attr[2:-2]
            plain = base[1:] if base[:1] in "ri" and base[1:] in DUNDER_SYMBOLS else base
            symbol = DUNDER_SYMBOLS.get(plain)
            names.append(f"`{attr}`" + (f" ({symbol})" if symbol and plain == base else ""))
        else:
            names.append(f"`Tensor.{attr}()`")
    return ", ".join(names)


def render() -> str:
    import ferrule.ffi as ffi
    from ferrule import _ops

    sections = read_schema()
    go, c = go_names(), c_names()
    python_of = {reg: (mod, py) for py, (mod, reg) in _ops.OPS.items()}
    out = [
        f"<!-- Code generated by tools/gen_api_reference.py from schema/ops.yaml and the registry. DO NOT EDIT.\n     Regenerate with `{COMMAND}`. -->",
        "",
        "# API reference: operators",
        "",
        "Every operator below is declared once in [`schema/ops.yaml`](../schema/ops.yaml), implemented",
        "in `crates/ferrule-ops`, and registered in libferrule as the packed function `ops.<name>`;",
        "the generator (`cargo run -p ferrule-codegen`) derives its Python function, Tensor methods",
        "and operators, Go wrapper and C wrapper. The signatures and texts here are the ones the",
        "registry holds (what `help()`, `inspect.signature` and `ferrule_func_get_info` show). The",
        "examples run in the tests: `python/tests/test_docs.py` executes them as doctests, so each",
        "output shown is what Python prints. How to add one: [adding-an-operator.md](adding-an-operator.md).",
        "",
        "Conventions shared by every operator (see [concepts](concepts.md#the-schema-and-the-generator)):",
        "tensors and Python scalars mix with NEP 50 promotion, inputs broadcast, `out=` must have the",
        "exact result shape and dtype, errors name the op and the argument.",
        "",
        "## Contents",
        "",
    ]
    for s in sections:
        anchor = "ops-" + re.sub(r"[^a-z0-9]+", "-", s.title.lower()).strip("-")
        out.append(f"- [{s.title}](#{anchor}) ({len(s.ops)}): " + ", ".join(f"`{o.name}`" for o in s.ops))
    out += ["- [Other functions libferrule registers](#other-functions-libferrule-registers)", ""]
    for s in sections:
        anchor = "ops-" + re.sub(r"[^a-z0-9]+", "-", s.title.lower()).strip("-")
        out += [f'<a id="{anchor}"></a>', "", f"## Ops: {s.title}", ""]
        if s.intro:
            out += [" ".join(s.intro), ""]
        for op in s.ops:
            registered = f"ops.{op.name}"
            info = ffi.get_global_func(registered)._info
            mod, py = python_of[registered]
            py_name = f"ferrule.{py}"
            ident = op.name.replace(".", "_")
            prose, examples = split_doc(info["doc"])
            out += [f"### `{op.name}`", "", f"`{registered}{info['signature']}`", ""]
            where = [f"Python `{py_name}`"]
            if "method" in op.variants or any(v.startswith("__") for v in op.variants):
                t = tensor_line(registered, _ops.TENSOR_METHODS)
                if t:
                    where.append(f"Tensor {t}")
            if registered in go:
                where.append(f"Go `ferrule.{go[registered]}`")
            if f"ferrule_op_{ident}" in c:
                where.append(f"C `ferrule_op_{ident}`")
            out += [" · ".join(where) + f" · {GIL_TEXT.get(op.gil, op.gil)}.", ""]
            if prose:
                out += [prose, ""]
            if examples:
                out += ["```python", examples, "```", ""]
    out += [
        "## Other functions libferrule registers",
        "",
        "Besides the operators, libferrule registers these at load time (plugins add their own:",
        "`testing.*` from `libferrule_testing.so`, `example_rust.*`, `example_c.*`).",
        "",
    ]
    for name in ffi.list_global_func_names():
        if name.startswith("ops."):
            continue
        info = ffi.get_global_func(name)._info
        prose, examples = split_doc(info["doc"])
        flags = (
            "Registered long-running: frontends release their interpreter lock around calls."
            if info["flags"] & ffi.FUNC_LONG_RUNNING
            else ""
        )
        out += [f"### `{name}`", "", f"`{name}{info['signature']}`", ""]
        out += [p + "\n" for p in (prose, flags) if p]
        if examples:
            out += ["```python", examples, "```", ""]
    return "\n".join(out).rstrip("\n") + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--check", action="store_true", help="exit 1, showing a diff, if docs/api-reference.md is stale")
    args = p.parse_args()
    text = render()
    current = OUT.read_text() if OUT.exists() else ""
    if args.check:
        if current == text:
            print(f"{OUT.relative_to(REPO)} is up to date")
            return 0
        diff = difflib.unified_diff(
            current.splitlines(), text.splitlines(), "committed", "regenerated", lineterm="", n=1
        )
        print("\n".join(list(diff)[:60]))
        print(f"{OUT.relative_to(REPO)} is stale: regenerate it with `{COMMAND}`", file=sys.stderr)
        return 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
