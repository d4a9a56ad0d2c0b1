"""Rounds of propagation (satlink/explain/chain.py), the measure that ranks
the facts of a step by how far their reason reaches: on random small CNFs
the rounds are counted exactly when pysat's own unit propagation finds the
contradiction, one more assumption never needs more rounds, and a fact one
clause gives from its reason takes one round."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from satlink.explain.chain import UNCOUNTED, Chains, cost

N = 6
lits = st.integers(1, N).flatmap(lambda v: st.sampled_from([v, -v]))
cnfs = st.lists(st.lists(lits, min_size=1, max_size=3, unique_by=abs), min_size=1, max_size=12)
assumptions = st.lists(lits, min_size=1, max_size=4, unique_by=abs)


def conflict_by_pysat(clauses, assumed) -> bool:
    with Solver(name="glucose4", bootstrap_with=clauses) as s:
        ok, _ = s.propagate(assumptions=assumed)
        return not ok


@settings(max_examples=60, deadline=None)
@given(cnfs, assumptions, lits)
def test_rounds_count_what_unit_propagation_refutes(clauses, assumed, more):
    c = Chains(clauses)
    got = c.rounds(assumed, limit=64)
    if c.contradicted:
        return  # the unit clauses alone contradict: nothing to count
    assert (got is not None) == conflict_by_pysat(clauses, assumed), (clauses, assumed, got)
    if got is not None and abs(more) not in {abs(a) for a in assumed}:
        bigger = c.rounds([*assumed, more], limit=64)
        assert bigger is not None and bigger <= got


def test_one_rule_is_one_round_a_chain_more():
    c = Chains([[-1, -2, 3], [-3, 4], [-4, 5]])
    assert c.rounds([1, 2, -3]) == 1  # the rule applied to the reason itself
    assert c.rounds([1, 2, -5]) == 2  # 3 and -4 in round 1, then [-3, 4] fails
    assert c.rounds([1, -5]) is None  # no contradiction
    assert c.rounds([1, 2, -5], limit=1) is None and c.stopped
    assert cost(3, 1) == 3 and cost(3, 2) == 4 and cost(3, None) == 3 + UNCOUNTED


def test_direct_steps_take_the_cheapest_facts_and_say_their_rounds():
    """In a 4 x 4 Sudoku's explanation every fact of a direct step has the
    same cost (size plus rounds beyond the first), each counted rounds
    figure is the round propagation over the rules' clauses refutes the fact
    in (and not one round earlier), and the JSON carries it."""
    from satlink.api import load_text
    from satlink.explain import explain
    from satlink.explain.output import explanation_json

    six = "puzzle sudoku\nsize 4\ngrid\n  . . 3 .\n  . 4 . .\n  . . 2 .\n  1 . . .\n"
    item = load_text(six)[0]
    ex = explain(item.puzzle, item.instance)
    chains = Chains(ex.formula.clauses)
    sel = ex.names.encoding.selector
    counted = 0
    for step in ex.steps:
        if step.kind == "direct":
            assert len({cost(r.size, r.rounds) for r in step.reasons}) == 1
        for lit, r in zip(step.facts, step.reasons):
            if r.rounds is None:
                continue
            lits = [*(sel(c) for c in r.clues), *r.facts, -lit]
            assert chains.rounds(lits) == r.rounds
            assert r.rounds == 1 or chains.rounds(lits, limit=r.rounds - 1) is None
            counted += 1
    assert counted > 0
    rounds = [f["rounds"] for s in explanation_json(ex)["steps"] for f in s["facts"]]
    assert rounds == [r.rounds for s in ex.steps for r in s.reasons]


def test_of_two_reasons_of_one_size_the_shorter_chain_is_taken():
    """The engine's choice (``Ranking.cheapest``) on made-up candidates:
    fact 1 and fact 2 have reasons of two, fact 1's through three rounds of
    rules, fact 2's through one; fact 3's reason of three takes one round.
    Fact 2 alone is the cheapest (size alone would take 1 and 2 together);
    fact 2's rounds are counted only as far as they could still win. With
    ``below`` 2 none is cheap enough; with ``below`` 4 only fact 2 is asked."""
    from satlink.explain.ranking import Ranking

    class Stub(Ranking):
        def __init__(self):
            self.clue_of, self.limits = {}, {}

        def rounds(self, core, lit, limit=None, refuter=None):
            self.limits[lit] = limit
            got = {1: 3, 2: 1, 3: 1}[lit]
            return got if got <= limit else limit + 1

    found = [(1, [10, 11], "x"), (2, [12, 13], "x"), (3, [14, 15, 16], "x")]
    stub = Stub()
    got = stub.cheapest(found)
    assert [lit for lit, _ in got] == [2] and got[0][1].rounds == 1
    assert stub.limits == {1: 6, 2: 3}  # fact 3 (size 3 > cost 2) is not counted
    assert Stub().cheapest(found, below=2) == []
    stub = Stub()
    assert [lit for lit, _ in stub.cheapest(found, below=4)] == [2]
    assert stub.limits == {1: 2, 2: 2}
