"""Every code block of README.md, go/README.md and docs/**/*.md runs here, so the docs cannot drift
from the code.

How a fenced block is treated, by its info string (```LANG ATTRS):

- ``python``: run. The blocks of one page run in order, in one fresh interpreter and one namespace,
  from the repository root (or the page's project directory, below). A block that starts with
  ``>>>`` is a doctest: its outputs are compared.
- ``go``: a complete ``package main`` program, built against the ``go/`` module and run from the
  repository root; ``c``: a complete program, compiled against ``include/`` and
  ``target/release/libferrule.so`` and run. A trailing ``// Output:`` comment is compared with
  what the program prints.
- ``ATTRS`` ``file=PATH``: the block is a file of the page's project, written into
  ``build/docs-test/<page>/PATH`` (``/path/to/ferrule`` in it becomes this checkout). A project with
  a ``Cargo.toml`` is built with cargo, one with a ``go.mod`` is built and run with go; the page's
  python blocks then run in that directory.
- ``ATTRS`` ``from=PATH``: an excerpt of a source file, which must appear in it verbatim.
- ``ATTRS`` ``no-test``: not run; allowed only for shell sessions and plain text.

Anything else (an unmarked ``sh`` block, a block with no language) fails the test.
"""

from __future__ import annotations

import doctest
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from typing import Any

REPO = pathlib.Path(__file__).resolve().parents[2]
PLACEHOLDER = "/path/to/ferrule"
WORK = REPO / "build" / "docs-test"
RUN_LANGS = {"python", "go", "c"}
NO_TEST_LANGS = {"sh", "console", "text", "bash"}
PLUGIN = os.environ.get("FERRULE_TESTING_PLUGIN") or str(REPO / "target" / "release" / "libferrule_testing.so")


# ---- reading the pages ------------------------------------------------------------------------------


@dataclass
class Block:
    page: pathlib.Path
    line: int  # 1-based line of the first line of the body
    lang: str
    attrs: dict[str, str] = field(default_factory=dict)
    text: str = ""

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(REPO)}:{self.line}"


def pages() -> list[pathlib.Path]:
    return [REPO / "README.md", REPO / "go" / "README.md", *sorted((REPO / "docs").rglob("*.md"))]


FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*(.*)$")


def blocks_of(page: pathlib.Path) -> list[Block]:
    found: list[Block] = []
    lines = page.read_text().splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).split()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        attrs = {}
        for a in info[1:]:
            key, _, value = a.partition("=")
            attrs[key] = value
        found.append(Block(page, i + 2, info[0] if info else "", attrs, "\n".join(body) + "\n"))
        i = j + 1
    return found


ALL_BLOCKS = [b for p in pages() for b in blocks_of(p)]


def project_dir(page: pathlib.Path) -> pathlib.Path:
    return WORK / page.relative_to(REPO).with_suffix("").as_posix().replace("/", "_")


def page_id(page: pathlib.Path) -> str:
    return str(page.relative_to(REPO))


def expected_output(text: str) -> str | None:
    """The lines of a trailing ``// Output:`` comment, or None."""
    lines = text.rstrip("\n").splitlines()
    for k in range(len(lines) - 1, -1, -1):
        if lines[k].strip() == "// Output:":
            tail = lines[k + 1 :]
            if all(t.strip().startswith("//") for t in tail):
                return "\n".join(t.strip()[2:].removeprefix(" ") for t in tail)
            return None
    return None


# Go programs find libferrule through pkg-config, as against an installed prefix: here the
# checkout's own ferrule.pc (make pkgconfig), which points at target/release. go's build cache keeps
# the flags pkg-config gave when it first built the package (pkg-config's answer is not part of its
# cache key), so these builds have a cache of their own, which never sees another ferrule.pc.
GO_ENV = {
    "PKG_CONFIG_PATH": os.pathsep.join(
        filter(None, [str(REPO / "target" / "pkgconfig"), os.environ.get("PKG_CONFIG_PATH")])
    ),
    "GOCACHE": str(REPO / "target" / "docs-test-gocache"),
}


def run(cmd: list[str], cwd: pathlib.Path, what: str, timeout: int = 300, tool: bool = False) -> str:
    """Runs `cmd` and returns its output; `tool`: a compiler (cargo, go build, cc), which runs
    without the preloaded AddressSanitizer of `make test-sanitize`: it holds no ferrule code, and
    rustc crashes at its start under that preload (SIGSEGV in `rustc -vV`, every time)."""
    env = os.environ | {"FERRULE_TESTING_PLUGIN": PLUGIN} | GO_ENV
    if tool:
        env.pop("LD_PRELOAD", None)
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)
    if result.returncode != 0:
        raise AssertionError(
            f"{what}: `{' '.join(cmd)}` failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
        )
    return result.stdout


def check_output(what: str, text: str, stdout: str) -> None:
    want = expected_output(text)
    if want is not None:
        got = "\n".join(line.rstrip() for line in stdout.rstrip("\n").splitlines())
        assert got == want.rstrip("\n"), (
            f"{what}: the program printed\n{stdout}\nbut its // Output: comment says\n{want}"
        )


# ---- every block is accounted for ------------------------------------------------------------------


def test_every_block_runs_or_is_marked() -> None:
    problems = []
    for b in ALL_BLOCKS:
        if "from" in b.attrs or "file" in b.attrs:
            continue
        if "no-test" in b.attrs:
            if b.lang not in NO_TEST_LANGS:
                problems.append(f"{b.where}: a ```{b.lang} block must run: no-test is only for {sorted(NO_TEST_LANGS)}")
        elif b.lang not in RUN_LANGS:
            problems.append(
                f"{b.where}: ```{b.lang or '(no language)'} is not run: use python/go/c, file=, from= or mark it no-test"
            )
    assert not problems, "\n".join(problems)
    assert any(b.lang == "python" for b in ALL_BLOCKS)


def test_excerpts_match_their_sources() -> None:
    problems = []
    for b in ALL_BLOCKS:
        if "from" not in b.attrs:
            continue
        source = REPO / b.attrs["from"]
        if not source.exists():
            problems.append(f"{b.where}: from={b.attrs['from']} does not exist")
            continue
        strip = lambda s: "\n".join(line.rstrip() for line in s.splitlines())  # noqa: E731
        if strip(b.text).strip("\n") not in strip(source.read_text()):
            problems.append(f"{b.where}: this excerpt is not (or no longer) in {b.attrs['from']}: copy it again")
    assert not problems, "\n".join(problems)


def test_links_resolve() -> None:
    """Relative links point at files that exist, and #anchors at headings (or <a id>) there."""

    def anchors(page: pathlib.Path) -> set[str]:
        text = page.read_text()
        heads = {
            re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in re.findall(r"^#+ (.*)$", text, re.M)
        }
        return heads | set(re.findall(r'<a id="([^"]+)"', text))

    problems = []
    for page in pages():
        prose = re.sub(r"^```.*?^```", "", page.read_text(), flags=re.S | re.M)
        for link in re.findall(r"\]\(([^)\s]+)\)", prose):
            if re.match(r"[a-z]+:", link):
                continue
            path, _, anchor = link.partition("#")
            target = (page.parent / path).resolve() if path else page
            if not target.exists():
                problems.append(f"{page_id(page)}: {link}: no such file")
            elif anchor and target.suffix == ".md" and anchor not in anchors(target):
                problems.append(f"{page_id(page)}: {link}: no such heading")
    assert not problems, "\n".join(problems)


def test_api_reference_is_up_to_date() -> None:
    run([sys.executable, str(REPO / "tools/gen_api_reference.py"), "--check"], REPO, "docs/api-reference.md is stale")


# ---- projects (file= blocks) -----------------------------------------------------------------------


def build_project(page: pathlib.Path) -> pathlib.Path | None:
    """Writes the page's file= blocks into its project directory and builds it; None if it has none."""
    files = [b for b in ALL_BLOCKS if b.page == page and "file" in b.attrs]
    if not files:
        return None
    root = project_dir(page)
    root.mkdir(parents=True, exist_ok=True)
    for b in files:
        path = root / b.attrs["file"]
        path.parent.mkdir(parents=True, exist_ok=True)
        text = b.text.replace(PLACEHOLDER, str(REPO))
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
    if (root / "Cargo.toml").exists():
        run(
            [os.environ.get("CARGO", "cargo"), "build", "--release", "--offline", "-q"],
            root,
            f"{page_id(page)}: cargo build",
            600,
            tool=True,
        )
    if (root / "go.mod").exists():
        run([go_tool(), "build", "-o", "docs-example", "."], root, f"{page_id(page)}: go build", 600, tool=True)
        main = next(b for b in files if b.lang == "go")
        check_output(
            f"{page_id(page)}: the Go project",
            main.text,
            run(["./docs-example"], root, f"{page_id(page)}: running the Go project"),
        )
    return root


def go_tool() -> str:
    go = shutil.which(os.environ.get("GO", "go"))
    if go is None:
        import pytest

        pytest.skip("the Go toolchain is not on PATH")
    return go


# ---- Python blocks ---------------------------------------------------------------------------------

PY_PAGES = sorted({b.page for b in ALL_BLOCKS if b.lang == "python" and not b.attrs}, key=str)


def pytest_generate_tests(metafunc: Any) -> None:
    if "py_page" in metafunc.fixturenames:
        metafunc.parametrize("py_page", PY_PAGES, ids=[page_id(p) for p in PY_PAGES])
    if "c_block" in metafunc.fixturenames:
        cs = [b for b in ALL_BLOCKS if b.lang == "c" and not b.attrs]
        metafunc.parametrize("c_block", cs, ids=[b.where for b in cs])
    if "project_page" in metafunc.fixturenames:
        ps = sorted({b.page for b in ALL_BLOCKS if "file" in b.attrs}, key=str)
        metafunc.parametrize("project_page", ps, ids=[page_id(p) for p in ps])


def run_python_page(page: pathlib.Path, cwd: pathlib.Path) -> None:
    blocks = [
        {"where": b.where, "line": b.line, "page": str(page), "text": b.text}
        for b in ALL_BLOCKS
        if b.page == page and b.lang == "python" and not b.attrs
    ]
    with tempfile.TemporaryDirectory() as tmp:
        spec, report = pathlib.Path(tmp) / "blocks.json", pathlib.Path(tmp) / "report.json"
        spec.write_text(json.dumps(blocks))
        env = os.environ | {"FERRULE_TESTING_PLUGIN": PLUGIN, "PYTHONPATH": ""}
        proc = subprocess.run(
            [sys.executable, __file__, str(spec), str(report)],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if not report.exists():
            raise AssertionError(
                f"{page_id(page)}: the block runner died ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
            )
        failures = json.loads(report.read_text())
    assert not failures, "\n\n".join(f"{f['where']}: {f['detail']}" for f in failures)


def test_python_blocks(py_page: pathlib.Path) -> None:
    cwd = build_project(py_page) or REPO
    run_python_page(py_page, cwd)


# ---- Go and C blocks -------------------------------------------------------------------------------


def test_go_blocks() -> None:
    blocks = [b for b in ALL_BLOCKS if b.lang == "go" and not b.attrs]
    if not blocks:
        return
    go = go_tool()
    root = WORK / "go-snippets"
    root.mkdir(parents=True, exist_ok=True)
    (root / "go.mod").write_text(
        "module docsnippets\n\ngo 1.24\n\nrequire github.com/ferrule-dev/ferrule/go v0.0.0\n\n"
        f"replace github.com/ferrule-dev/ferrule/go => {REPO / 'go'}\n"
    )
    for old in root.glob("b*"):
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    for k, b in enumerate(blocks):
        assert re.search(r"^package main\b", b.text, re.M), (
            f"{b.where}: a ```go block must be a complete `package main` program"
        )
        (root / f"b{k}").mkdir()
        (root / f"b{k}" / "main.go").write_text(f"//line {b.page}:{b.line}\n" + b.text)
    run([go, "build", "-o", str(root / "bin") + "/", "./..."], root, "building the ```go blocks", 600, tool=True)
    for k, b in enumerate(blocks):
        check_output(b.where, b.text, run([str(root / "bin" / f"b{k}")], REPO, f"{b.where}: running the program"))


def test_c_blocks(c_block: Block) -> None:
    cc = os.environ.get("CC", "cc")
    root = WORK / "c-snippets"
    root.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"\W", "_", c_block.where)
    source, binary = root / f"{name}.c", root / name
    source.write_text(f'#line {c_block.line} "{c_block.page}"\n' + c_block.text)
    lib = REPO / "target" / "release"
    run(
        [
            cc,
            "-std=c11",
            "-Wall",
            "-Wextra",
            "-Werror",
            f"-I{REPO / 'include'}",
            str(source),
            f"-L{lib}",
            "-lferrule",
            f"-Wl,-rpath,{lib}",
            "-o",
            str(binary),
        ],
        REPO,
        f"{c_block.where}: compiling",
        tool=True,
    )
    check_output(c_block.where, c_block.text, run([str(binary)], REPO, f"{c_block.where}: running"))


def test_projects_build_and_run(project_page: pathlib.Path) -> None:
    """Pages whose file= blocks make a project with no python block of its own still build."""
    if project_page in PY_PAGES:
        return  # built (and its python blocks run) by test_python_blocks
    build_project(project_page)


# ---- the runner (a fresh interpreter per page) -------------------------------------------------------


class _Runner(doctest.DocTestRunner):
    def __init__(self, failures: list[dict[str, str]], where: str) -> None:
        super().__init__(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
        self.recorded, self.where = failures, where

    def report_failure(self, out: Any, test: Any, example: Any, got: str) -> None:
        self.recorded.append(
            {
                "where": f"{self.where} (+{example.lineno})",
                "detail": f">>> {example.source.strip()}\nexpected:\n{example.want}got:\n{got}",
            }
        )

    def report_unexpected_exception(self, out: Any, test: Any, example: Any, exc_info: Any) -> None:
        detail = "".join(traceback.format_exception(*exc_info))
        self.recorded.append(
            {"where": f"{self.where} (+{example.lineno})", "detail": f">>> {example.source.strip()}\nraised:\n{detail}"}
        )


def _run_blocks(spec: str, report: str) -> None:
    blocks = json.loads(pathlib.Path(spec).read_text())
    failures: list[dict[str, str]] = []
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for b in blocks:
        if b["text"].lstrip().startswith(">>>"):
            import ferrule
            import numpy as np

            globs = {"ferrule": ferrule, "np": np, **namespace}
            test = doctest.DocTestParser().get_doctest(b["text"], globs, b["where"], b["page"], b["line"] - 1)
            _Runner(failures, b["where"]).run(test, clear_globs=False)
            continue
        try:
            exec(compile("\n" * (b["line"] - 1) + b["text"], b["page"], "exec"), namespace)
        except BaseException:
            failures.append({"where": b["where"], "detail": traceback.format_exc()})
            break  # later blocks of the page build on this one
    pathlib.Path(report).write_text(json.dumps(failures))


if __name__ == "__main__":
    _run_blocks(sys.argv[1], sys.argv[2])
