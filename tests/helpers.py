"""Shared test helpers: external solver round trips and brute force checks."""
from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import satlink
from satlink.contract import Encoding

ROOT = Path(__file__).resolve().parent.parent
EXTERNAL = ("cadical", "minisat")


def load_benchmark(name: str):
    """The module ``benchmarks/<name>.py``, loaded as a script's neighbours see
    it (``_common`` beside it on ``sys.path``), for the tests that keep a
    benchmark from rotting."""
    import importlib.util
    import sys

    bench = ROOT / "benchmarks"
    if str(bench) not in sys.path:
        sys.path.insert(0, str(bench))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", bench / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def external_binary(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} is not installed (apt-get install -y cadical minisat)"
    return path


def run_external(name: str, cnf: Path, workdir: Path) -> str:
    """Solve a DIMACS file with Debian's cadical or minisat; the answer text."""
    exe = external_binary(name)
    if name == "minisat":
        out = workdir / "minisat.out"
        subprocess.run([exe, "-verb=0", str(cnf), str(out)], capture_output=True, timeout=300)
        return out.read_text()
    proc = subprocess.run([exe, "-q", str(cnf)], capture_output=True, text=True, timeout=300)
    return proc.stdout


def dimacs_roundtrip(item, solver: str, tmp_path: Path):
    """Export ``item`` as DIMACS, solve with an external binary, decode it."""
    cnf = tmp_path / "p.cnf"
    cnf.write_text(satlink.dimacs(item))
    answer = run_external(solver, cnf, tmp_path)
    return satlink.decode(item, answer)


def load_pzl(text: str, name: str = "t.pzl"):
    items = satlink.load_text(text, name)
    assert len(items) == 1
    return items[0]


def stand_in(name: str, build, decode=lambda model: None, verify=lambda i, s: [],
             **hooks) -> SimpleNamespace:
    """A stand-in genre on the contract of :mod:`satlink.contract`.

    ``build(f, options)`` adds the clauses; the Encoding's ``cuts`` is the
    namespace's ``cuts(model)`` at the time of the call (tests replace it),
    ``decode(model)`` gives the solution, and each hook ``name=fn`` becomes
    the encoding's method ``fn(enc, ...)`` (``alternative`` and ``focus``
    only when ``options.prune``, as a pruning genre builds them).
    """
    def encode(inst, f, options):
        enc = Encoding(inst, f, options)
        build(f, options)
        enc.cuts = lambda model: (ns.cuts(model) if ns.cuts is not None else [])
        enc.decode = decode
        for key, fn in hooks.items():
            if key not in ("alternative", "focus") or options.prune:
                setattr(enc, key, functools.partial(fn, enc))
        return enc

    ns = SimpleNamespace(name=name, encode=encode, verify=verify, cells=None, cuts=None)
    return ns


def pigeonhole(holes: int, one_hot: bool = True) -> SimpleNamespace:
    """A stand-in puzzle: holes+1 pigeons in ``holes`` holes (unsatisfiable,
    and hard to refute)."""
    def build(f, options):
        p = [[f.var("p", i, j) for j in range(holes)] for i in range(holes + 1)]
        for row in p:
            f.add(row)
        for j in range(holes):
            f.at_most_one([p[i][j] for i in range(holes + 1)], encoding="pairwise")
        f.declare_answer((v for row in p for v in row), one_hot=one_hot)

    return stand_in("php", build)
