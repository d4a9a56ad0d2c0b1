"""Certified verdicts: DRAT proofs of the complete encoding, checked by dratify."""
import time

import pytest
from dratify import check_proof, parse_dimacs
from pysat.formula import CNF
from pysat.solvers import Solver

import satlink
from satlink import certify as C
from satlink import engine
from satlink.contract import Options
from satlink.model import Model
from satlink.rules import end_paths
from tests.helpers import ROOT, load_pzl, pigeonhole

UNIQUE = ["sudoku/escargot.pzl", "hashi/classic7.pzl",
          "slitherlink/small-5x5.pzl", "battleship/classic.pzl",
          "zebra/life-international-1962.pzl", "numberlink/small_5x5.pzl",
          "numberlink/fill_any_6x6.pzl"]

#: Valid input, no solution: row 1 needs 3 and 4 in columns 3 and 4, and
#: column 3 already holds both.
NO_SUDOKU = "puzzle sudoku\nsize 4\ngrid\n  1 2 . .\n  . . 3 .\n  . . . .\n  . . 4 .\n"
#: Valid input, no solution: the 1s pair off into two groups, never connected.
NO_HASHI = "puzzle hashi\nsize 3\ngrid\n  1 . 1\n  . . .\n  1 . 1\n"
SEVERAL = "puzzle sudoku\nsize 4\ngrid\n  1 2 . .\n  3 4 . .\n  . . . .\n  . . . .\n"


def solved(item):
    return engine.solve(item.puzzle, item.instance)


@pytest.mark.parametrize("path", UNIQUE)
def test_unique_verdicts_are_certified(path):
    item = satlink.load(ROOT / "instances" / path)[0]
    found = solved(item)
    assert found.verdict == "unique"
    cert = C.certify(item.puzzle, item.instance, found.verdict, found.solutions)
    assert cert.certified, cert.reason
    assert cert.reason is None and cert.proof_bytes > 0 and cert.proof_steps > 0
    assert cert.as_json() == {"certified": True, "reason": None,
                              "proof_bytes": cert.proof_bytes,
                              "check_seconds": round(cert.check_seconds, 6)}


@pytest.mark.parametrize("path", ["sudoku/classic.pzl", "sudoku/six.pzl"])
def test_boards_decided_before_encoding_are_certified_without_a_proof(path):
    """Singles decide these boards before anything is encoded: the CNF plus
    the blocking clause holds the empty clause, so the check needs no step."""
    item = satlink.load(ROOT / "instances" / path)[0]
    found = solved(item)
    assert found.verdict == "unique" and found.stats.variables == 0
    cert = C.certify(item.puzzle, item.instance, found.verdict, found.solutions)
    assert cert.certified and cert.reason is None and cert.proof_steps == 0


@pytest.mark.parametrize("text", [NO_SUDOKU, NO_HASHI], ids=["sudoku", "hashi"])
def test_none_verdicts_are_certified(text):
    item = load_pzl(text)
    found = solved(item)
    assert found.verdict == "none"
    cert = C.certify(item.puzzle, item.instance, "none", [])
    assert cert.certified, cert.reason


def test_multiple_and_unknown_are_not_certified():
    item = load_pzl(SEVERAL)
    found = solved(item)
    assert found.verdict == "multiple"
    for verdict in ("multiple", "unknown", "solved"):
        cert = C.certify(item.puzzle, item.instance, verdict, found.solutions)
        assert not cert.certified
        assert cert.reason.startswith("only unique and none verdicts are certified")


def test_a_wrong_verdict_is_a_disagreement_not_a_certificate():
    item = load_pzl(SEVERAL)
    found = solved(item)
    for reported in found.solutions:  # whichever the complete encoding finds first
        cert = C.certify(item.puzzle, item.instance, "unique", [reported])
        assert not cert.certified and "unique disagrees" in cert.reason
    cert = C.certify(item.puzzle, item.instance, "none", [])
    assert not cert.certified and "none disagrees" in cert.reason
    cert = C.certify(item.puzzle, item.instance, "unique", [])
    assert not cert.certified and cert.reason


def test_no_solution_claimed_unique_is_a_disagreement():
    item = load_pzl(NO_SUDOKU)
    solution = ((1, 2, 3, 4),) * 4
    cert = C.certify(item.puzzle, item.instance, "unique", [solution])
    assert not cert.certified and "no model" in cert.reason


def refutation(path="slitherlink/small-5x5.pzl"):
    """(clauses without the blocking clause, clauses with it, num_vars, proof text)."""
    item = satlink.load(ROOT / "instances" / path)[0]
    formula = C.complete_encoding(item.puzzle, item.instance).formula
    base = [list(c) for c in formula.clauses]
    with Solver(name=C.PROOF_SOLVER, bootstrap_with=formula.clauses) as s:
        assert s.solve()  # the complete encoding alone has a model
        model = Model(formula, s.get_model(), dense=True)
    formula.add(C.blocking_clause(formula, model))
    sat, proof = C.prove_unsat(formula.clauses)
    assert not sat and proof
    return base, formula.clauses, formula.num_vars, "\n".join(proof) + "\n"


def test_a_corrupted_proof_is_rejected():
    base, clauses, n, proof = refutation()
    assert C.check_refutation(clauses, n, proof).ok
    lines = proof.splitlines()
    # cut in half: the empty clause is never derived
    half = "\n".join(lines[:len(lines) // 2]) + "\n"
    assert not C.check_refutation(clauses, n, half).ok
    # every lemma dropped but the empty clause
    assert not C.check_refutation(clauses, n, "0\n").ok
    # a literal flipped in every lemma
    flipped = "\n".join(ln if ln.startswith("d") or ln.strip() == "0" else
                        " ".join(str(-int(t)) if i == 0 else t for i, t in enumerate(ln.split()))
                        for ln in lines) + "\n"
    assert not C.check_refutation(clauses, n, flipped).ok
    # garbage is rejected, not raised
    assert not C.check_refutation(clauses, n, proof.replace("0", "x", 1)).ok
    # the right proof for another CNF: without the blocking clause it has a model,
    # so no proof can refute it
    assert not C.check_refutation(base, n, proof).ok


def test_proof_files_are_written_and_check(tmp_path):
    item = satlink.load(ROOT / "instances" / "hashi" / "classic7.pzl")[0]
    found = solved(item)
    cert = C.certify(item.puzzle, item.instance, "unique", found.solutions,
                     proof_dir=tmp_path / "out", name="classic7")
    assert cert.certified
    cnf_path, drat_path = tmp_path / "out" / "classic7.cnf", tmp_path / "out" / "classic7.drat"
    assert cnf_path.is_file() and drat_path.is_file()
    assert drat_path.stat().st_size == cert.proof_bytes
    cnf = CNF(from_file=str(cnf_path))
    formula = C.complete_encoding(item.puzzle, item.instance).formula
    assert cnf.nv == formula.num_vars
    assert cnf.clauses[:-1] == formula.clauses  # the complete encoding, then the block
    block = cnf.clauses[-1]
    assert block and all(abs(x) in formula.answer for x in block)
    # what an outside checker reads from the files verifies too
    assert check_proof(parse_dimacs(cnf_path.read_text(), strict=True), drat_path.read_text()).ok


def test_a_time_limit_gives_no_certificate_and_no_exception():
    t0 = time.perf_counter()
    cert = C.certify(pigeonhole(11, one_hot=False), None, "none", [], timeout=0.2)
    assert time.perf_counter() - t0 < 5
    assert not cert.certified and "time limit" in cert.reason


def test_complete_mode_never_prunes_numberlink():
    item = satlink.load(ROOT / "instances" / "numberlink" / "fill_any_6x6.pzl")[0]
    assert end_paths.DEFAULTS["prune"]  # pruning exists, for verdict mode only
    full = C.complete_encoding(item.puzzle, item.instance).formula.clauses
    pruned = engine.encode(item.puzzle, item.instance, Options(prune=True)).formula.clauses
    assert len(pruned) > len(engine.encode(item.puzzle, item.instance).formula.clauses)
    asked = engine.encode(item.puzzle, item.instance, Options(complete=True, prune=True))
    assert full == asked.formula.clauses  # the complete encoding never prunes
