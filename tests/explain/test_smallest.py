"""Smallest reasons (satlink/explain/smallest.py) and the step kinds in
their order: every reason the search settles is as small as pysat's OptUx
finds (a second engine on the whole clause set), never larger than the
reason deletion alone gives; a ``contradiction`` step (assume the other
value, propagate) has a reason within the bound and says what it tries."""
from __future__ import annotations

from satlink.api import load_text
from satlink.explain import check_explanation, explain
from satlink.explain.output import step_lines
from satlink.explain.smallest import optimal
from satlink.explain.steps import BOUND

#: a magictour top1465 puzzle (datasets/sudoku) with one contradiction step
TOP = "...36....85.......9.4..8........68.........17..9..45...1.5...6.4....9..2.....3..."
SIX = "puzzle sudoku\nsize 4\ngrid\n  . . 3 .\n  . 4 . .\n  . . 2 .\n  1 . . .\n"


def optux_size(ex, before, lit) -> int:
    soft = list(dict.fromkeys([*before, *ex.names.encoding.selectors.values()]))
    return len(optimal(ex.formula.clauses, soft, lit))


def reasons(ex):
    known = list(ex.given)
    for step in ex.steps:
        for lit, reason in zip(step.facts, step.reasons):
            yield step, list(known), lit, reason
        known += step.facts


def test_settled_reasons_are_smallest_and_no_larger_than_minimal():
    item = load_text(SIX)[0]
    plain = explain(item.puzzle, item.instance, search=0)
    ex = explain(item.puzzle, item.instance, search=10**6, search_above=0)  # no budget
    assert ex.verdict == "unique" and ex.unsettled == 0
    assert check_explanation(ex, ex.formula) == len(ex.targets) - len(ex.given)
    sizes = [(reason.size, optux_size(ex, before, lit)) for _, before, lit, reason in reasons(ex)]
    assert all(a == b for a, b in sizes), sizes
    assert sum(a for a, _ in sizes) <= sum(r.size for s in plain.steps for r in s.reasons)
    # without the search some reason is larger than the smallest: the search matters here
    assert any(reason.size > optux_size(plain, before, lit)
               for _, before, lit, reason in reasons(plain))


def test_contradiction_steps_try_the_other_value():
    item = load_text(TOP, "top.txt")[0]
    ex = explain(item.puzzle, item.instance, search=0)  # (with it, the path has none)
    assert check_explanation(ex, ex.formula) > 0
    kinds = [s.kind for s in ex.steps]
    assert "contradiction" in kinds
    lines = step_lines(ex)
    for step, _, lit, reason in reasons(ex):
        if step.kind != "contradiction":
            continue
        assert reason.size <= BOUND
        assert any(line.startswith(f"step {step.index} (contradiction): ")
                   and f"trying {ex.names.text(-lit)} against" in line for line in lines)


def test_lazy_genres_mark_what_the_search_proved():
    """On a genre with lazy rules (Slitherlink's one loop) the search runs
    within its budget: a reason marked smallest is as small as an unbounded
    search on a fresh solver finds (a second engine run), one marked not
    proven may be larger, and the JSON and the summary line say which."""
    from satlink.api import load
    from satlink.explain.explanation import NOT_PROVEN, NOT_SEARCHED, SMALLEST
    from satlink.explain.output import explanation_json, smallest_line
    from satlink.explain.refute import Refuter
    from satlink.explain.smallest import by_search, smallest

    item = load("instances/slitherlink/small-5x5.pzl")[0]
    ex = explain(item.puzzle, item.instance)
    assert ex.verdict == "unique" and check_explanation(ex, ex.formula) > 0
    marks = [r.smallest for s in ex.steps for r in s.reasons]
    assert SMALLEST in marks and set(marks) <= {SMALLEST, NOT_PROVEN, NOT_SEARCHED}
    assert marks.count(NOT_PROVEN) == ex.unsettled
    sels = list(ex.names.encoding.selectors.values())
    checked = 0
    for _, before, lit, reason in reasons(ex):
        if reason.smallest != SMALLEST or checked == 6:
            continue
        soft = list(dict.fromkeys([*before, *sels]))
        ref = Refuter(ex.names.encoding, "glucose4")
        try:
            got, settled, _ = smallest(soft, soft, by_search(ref, soft, lit), rounds=10**6,
                                       seconds=30)
        finally:
            ref.close()
        assert settled and len(got) == reason.size, (ex.names.text(lit), reason, got)
        checked += 1
    assert checked == min(6, marks.count(SMALLEST))
    d = explanation_json(ex)
    assert sum(d["reasons"].values()) == len(marks)
    assert {f["smallest"] for s in d["steps"] for f in s["facts"]} == set(marks)
    assert smallest_line(ex).startswith(f"reasons: {marks.count(SMALLEST)} smallest, ")


#: a 17-clue Sudoku (datasets/sudoku/puzzles2_17_clue.txt) on which reasons
#: made minimal by deletion and a bounded search were up to 20 larger than
#: the smallest
SEVENTEEN = "........1.....2.....1....34....5......64......7....28....13.....9.......82....9.."


def test_every_reason_shown_is_a_smallest_one():
    """With the engine's own settings every reason shown is settled by the
    search, and as small as a second engine (pysat's OptUx over the whole
    clause set) finds on every third of them (all of them: 5 s of CPU)."""
    from satlink.explain.explanation import SMALLEST

    item = load_text(SEVENTEEN, "17.txt")[0]
    ex = explain(item.puzzle, item.instance)
    assert ex.verdict == "unique" and ex.unsettled == 0
    assert check_explanation(ex, ex.formula) == len(ex.targets) - len(ex.given)
    assert {r.smallest for s in ex.steps for r in s.reasons if r.size > 1} == {SMALLEST}
    got = [(ex.names.text(lit), reason.size, optux_size(ex, before, lit))
           for _, before, lit, reason in list(reasons(ex))[::3] if reason.size > 1]
    assert len(got) > 12 and all(a == b for _, a, b in got), [g for g in got if g[1] != g[2]]
