"""The step engine: the facts of a puzzle's solution in an order a person
could follow, each with its reason.

A *fact* is the value of one answer variable (a literal). A *step* adds
facts, each with a *reason*: clues (selector literals, named by the
genre's design hooks) and earlier facts that, with the genre's rules,
leave no solution where the fact is false. The engine works on one
selector-mode encoding in one incremental solver (:class:`.refute.Refuter`)
and a second one for the contradiction probes:

1. ``direct``: the facts unit propagation gives from all clues and the
   facts so far, the cheapest of them (:mod:`.ranking`: reason size and
   rounds of propagation) taken together as one step; each fact's reason is
   the solver's core of its negation, made minimal under unit propagation;
2. ``contradiction``: each other open fact's negation tried by unit
   propagation alone (one propagation each, on a second solver, so that its
   learnt conflicts do not make facts "direct"): the cheapest fact whose
   negation propagation refutes, its reason made minimal under propagation
   and of at most ``bound`` clues and facts; it is taken instead of the
   direct facts when it costs less than they do by more than
   :data:`.ranking.NOT_DIRECT` (what the rating adds for a step that is not
   direct), and looked for only when it could;
3. ``deduction``: when neither gives a step, each open fact's negation is
   refuted under all clues and facts, and the facts with the smallest cores
   are made minimal by deletion (full solver calls): the fact with the
   fewest clues and facts in its reason is taken (ties: fewer clues);
4. ``trial``: no deduction within ``bound`` clues and facts: the
   contradiction of step 2 however large its reason (a person tries the
   value out and propagates), else the deduction of step 3.

So the easiest step comes first by the rating's own measure, whichever of
the two propagation kinds it is; a search (deduction, trial) only when no
step by propagation is left. Reasons are made minimal and then, to rank
the candidates, smallest where a bounded search finds a smaller one than
deletion did (:mod:`.minimal`, :mod:`.smallest`, ``search`` hitting sets a
step); the facts of the step taken then get a smallest reason, the search
run until it settles (:func:`.minimal.settle`; a contradiction's or a
trial's too: its kind says how a person finds the fact, the reason is the
fewest clues and facts that force it).

The facts to explain are the solution's answer literals (with one-hot
answers, such as digits, the true ones); with several solutions, the
backbone (the literals every solution shares): the explanation goes as far
as the forced facts go. ``encodings/explain.md`` argues why each reason is
sound and :mod:`.check` checks each one independently.
"""
from __future__ import annotations

import time
from collections import deque

from ..contract import Encoding, Options, objective_of
from ..engine.search import encode
from ..engine.solvers import abilities
from ..errors import UsageError
from .explanation import NOT_PROVEN, NOT_SEARCHED, Explanation, Reason, Step, clue_label
from .facts import Namer
from .minimal import minimal, minimal_up, settle, shrink
from .ranking import NOT_DIRECT, Ranking, step_cost
from .refute import Refuter, TimeUp
from .smallest import POOL
from .state import resolve

#: The engine's solver: Glucose's unit propagation is about ten times
#: faster than CaDiCaL's through PySAT (0.05 against 0.5 ms on a Sudoku),
#: and a step asks for thousands (benchmarks/explain.py).
ENGINE_SOLVER = "glucose4"
#: A reason with more clues and facts than this is a trial step.
BOUND = 10
#: How many of the smallest cores are made minimal in a deduction round.
SHORTLIST = 3
#: How many of the smallest cores of a direct round are made minimal.
DIRECT_SHORTLIST = 8
#: Hitting sets a step may try looking for smaller reasons (:mod:`.smallest`):
#: a count, not seconds, so that an explanation is the same on every run.
SEARCH_ROUNDS = 6
#: The same on genres with lazy rules, where a round is a loop of solver
#: calls with cuts: six made a 10 x 10 Slitherlink or Masyu explanation 4 to 6
#: times slower than none, two 2 to 3 times (``encodings/explain.md``).
LAZY_SEARCH_ROUNDS = 2
#: Reasons of at most this many clues and facts are not searched: they are
#: mostly smallest already (Slitherlink, Akari) and a round costs the same.
SEARCH_ABOVE = 3
#: How many facts of a direct round are ranked by their cores (large boards:
#: a step then costs a bounded number of solver calls).
DIRECT_POOL = 40


class Engine:
    """One puzzle's encoding and solver, asked for steps."""

    def __init__(self, puzzle, inst, solver: str = ENGINE_SOLVER,
                 deadline: float | None = None, bound: int = BOUND,
                 search: int | None = None, search_above: int = SEARCH_ABOVE):
        if "incremental" not in (abilities(solver) or ()):
            raise UsageError(f"explain needs an incremental solver; {solver} is not one")
        if objective_of(puzzle, inst) is not None:
            # its answer is the best solution: a reason would have to name the
            # optimum too, which the steps do not explain (yet)
            raise UsageError(f"explain does not apply to {puzzle.name} puzzles that ask for"
                             " the best solution yet")
        self.puzzle, self.inst, self.bound = puzzle, inst, bound
        #: solutions found by the search (their true literals), reused as its seeds
        self.pool: deque = deque(maxlen=POOL)
        self.clues = list(puzzle.clues(inst))
        self.encoding = encode(puzzle, inst, Options(clues="selectors"))
        #: lazy rules (cuts): a full solver call is a loop of calls with cuts
        self.lazy = type(self.encoding).cuts is not Encoding.cuts
        if search is None:
            search = LAZY_SEARCH_ROUNDS if self.lazy else SEARCH_ROUNDS
        #: hitting sets a step may try looking for smallest reasons
        #: (:mod:`.smallest`) rather than minimal ones (0: none)
        self.search, self.search_above = search, search_above
        self.selector = {c: self.encoding.selector(c) for c in self.clues}
        self.clue_of = {v: c for c, v in self.selector.items()}
        self.refuter = Refuter(self.encoding, solver, deadline)
        #: a second solver for the contradiction probes: a probe's core comes
        #: from a solver call whose conflict is learnt, and a learnt clause
        #: in the engine's solver would make facts "direct" that unit
        #: propagation over the rules does not give; made when first asked
        #: for (an explanation of direct steps alone never needs it)
        self._prober, self._solver_name, self._deadline = None, solver, deadline
        self.names = Namer(puzzle, inst, self.encoding)
        self.answer = list(self.encoding.formula.answer)
        self.one_hot = self.encoding.formula.answer_one_hot
        #: facts unit propagation gives from the rules alone
        self.fixed: set[int] = set()
        #: reasons' costs (:mod:`.ranking`)
        self.rank = Ranking(self.encoding, self.refuter, self.clue_of)

    def close(self) -> None:
        self.refuter.close()
        if self._prober is not None:
            self._prober.close()

    @property
    def prober(self) -> Refuter:
        if self._prober is None:
            self._prober = Refuter(self.encoding, self._solver_name, self._deadline,
                                   follow=self.refuter)
        return self._prober

    # -- what there is to explain ------------------------------------------------------
    def solutions(self) -> tuple[str, list[int], object]:
        """(verdict, the facts to explain, the first solution)."""
        sels = list(self.selector.values())
        first = self.refuter.model(sels)
        if first is None:
            return "none", [], None
        solution = self.encoding.decode(first)
        problems = self.puzzle.verify(self.inst, solution)
        if problems:
            from ..engine.session import VerificationError
            raise VerificationError(f"{self.puzzle.name}: a solution from the encoding breaks"
                                    " the rules: " + "; ".join(problems[:3]))
        kept = [v if first.value(v) else -v for v in self.answer]
        verdict = "unique"
        while kept:  # the backbone: drop what some other solution flips
            act = self.encoding.formula.new_aux()
            self.refuter.add([[-act, *(-lit for lit in kept)]])
            other = self.refuter.model([*sels, act])
            self.refuter.add([[-act]])
            if other is None:
                break
            verdict = "multiple"
            kept = [lit for lit in kept if other.value(abs(lit)) == (lit > 0)]
        if self.one_hot:
            kept = [lit for lit in kept if lit > 0]
        return verdict, kept, solution

    # -- the steps ---------------------------------------------------------------------
    def next_step(self, known: dict[int, int], open_: list[int], index: int) -> Step:
        """The next step from the facts ``known`` (fact -> step index) among
        the facts still ``open_``."""
        r = self.refuter
        # the latest facts first: the solver's cores then lean on facts, which
        # sum up many clues, rather than on the clues behind them (a clue
        # that is its own fact, a Sudoku given, is listed once)
        facts = sorted(known, key=lambda x: -known[x])
        assumptions = list(dict.fromkeys([*facts, *self.selector.values()]))
        ok, implied = r.propagate(assumptions)
        closed = set(implied) | self.fixed
        # the open facts in the order propagation reached them (the level-0
        # ones first): the earliest are the likeliest to have small reasons,
        # and only the first DIRECT_POOL are ranked by their cores
        order = {lit: i for i, lit in enumerate(implied)}
        direct = sorted((lit for lit in open_ if lit in closed),
                        key=lambda lit: order.get(lit, -1))
        best = None  # (cost, kind, [(fact, reason)])
        if ok and direct:
            scored = []
            for lit in direct[:DIRECT_POOL]:
                r.model([*assumptions, -lit])  # refuted by propagation
                used = r.core()
                scored.append((len(used), lit, [x for x in assumptions if x in used]))
            scored.sort(key=lambda t: t[0])
            found = [(lit, minimal_up(r, core, lit, known))
                     for _, lit, core in scored[:DIRECT_SHORTLIST]]
            chosen = self.rank.cheapest(shrink(self, found, assumptions))
            best = (step_cost(x for _, x in chosen), "direct", chosen)
        else:
            # facts the solver has learnt as units since (level 0, which
            # propagation does not list) are direct too: the rules alone force them
            learnt = self.level_zero([lit for lit in open_ if lit not in self.fixed])
            if learnt:
                self.fixed |= learnt
                return self.next_step(known, open_, index)
        rest = [lit for lit in open_ if lit not in closed]
        # the easiest step first by the rating's own measure (:mod:`.ranking`):
        # another kind is asked for only when one of its steps could cost less
        below = None if best is None else best[0]
        probed = None
        if below is None or below > 1 + NOT_DIRECT:
            probed = self._probe(assumptions, rest, known,
                                 None if below is None else below - NOT_DIRECT)
        if probed is not None and probed[1].size <= self.bound:
            best = (step_cost([probed[1]]) + NOT_DIRECT, "contradiction", [probed])
        if best is None:  # a search: asked for only when nothing else is within the bound
            deduced = self._deduce(assumptions, rest, known)
            if deduced is not None:
                kind = "deduction" if deduced[1].size <= self.bound else "trial"
                best = (0, kind, [deduced if kind == "deduction" else probed or deduced])
        if best is None:
            raise RuntimeError("no open fact is forced: the facts to explain were wrong")
        _, kind, chosen = best
        # the facts shown: each reason made smallest (the search settled)
        chosen = settle(self, chosen, assumptions, self.rank, kind == "trial")
        return Step(index, kind, [lit for lit, _ in chosen], [x for _, x in chosen])

    def _deduce(self, assumptions, open_, known):
        """(fact, reason) of the open fact with the smallest reason that a
        full solver call refutes (ties: fewer clues): the three smallest
        cores made minimal by deletion, then smallest where the search finds
        it; None when no open fact is forced."""
        r = self.refuter
        scored = []
        for lit in open_:
            if r.refutes([*assumptions, -lit]):
                used = r.core()
                scored.append((len(used), lit, [x for x in assumptions if x in used]))
        if not scored:
            return None
        scored.sort(key=lambda t: t[0])
        best = None
        small = [(lit, minimal(r, core, lit, known)) for _, lit, core in scored[:SHORTLIST]]
        for lit, core, status in shrink(self, small, assumptions):
            reason = self.rank.reason(core, status)
            key = (reason.size, len(reason.clues))
            if best is None or key < best[0]:
                best = (key, lit, reason)
        return best[1], best[2]

    def _probe(self, assumptions, open_, known, below=None):
        """(fact, reason) of the open fact whose negation unit propagation
        refutes (assume the other value, propagate, reach a contradiction)
        with the cheapest reason made minimal under propagation (ties:
        fewer clues); None when propagation refutes none, or none for less
        than ``below``. One propagation per open fact: much cheaper than the
        full solver calls of a deduction round."""
        r = self.prober
        scored = []
        for lit in open_:
            if not r.propagate([*assumptions, -lit])[0]:
                r.model([*assumptions, -lit])  # refuted at once: its core
                used = r.core()
                scored.append((len(used), lit, [x for x in assumptions if x in used]))
        if not scored:
            return None
        scored.sort(key=lambda t: t[0])
        found = [(lit, minimal_up(r, core, lit, known), NOT_SEARCHED)
                 for _, lit, core in scored[:SHORTLIST]]
        cheap = self.rank.cheapest(found, below, r)
        return min(cheap, key=lambda t: len(t[1].clues)) if cheap else None

    def from_solution(self, solution) -> list[int]:
        """The facts a (possibly wrong) solution states, read through the
        genre's ``cells``; facts about several cells at once (Masyu's
        edges) are left out, and with one-hot answers only the true ones."""
        cells = self.puzzle.cells(self.inst, solution)
        out = []
        for v in self.answer:
            names, value = self.names.cells(v)
            if len(names) != 1 or value is None or names[0] not in cells:
                continue
            holds = cells[names[0]] == value
            if holds or not self.one_hot:
                out.append(v if holds else -v)
        return out

    def wrong(self, state: list[int]) -> list[int]:
        """The facts of ``state`` no solution has; else, when they cannot
        all hold together, a set of them that cannot (the solver's core)."""
        sels = list(self.selector.values())
        alone = [lit for lit in state if self.refuter.refutes([*sels, lit])]
        if alone or not state or not self.refuter.refutes([*sels, *state]):
            return alone
        used = self.refuter.core()
        return [lit for lit in state if lit in used]

    def level_zero(self, targets: list[int]) -> set[int]:
        """The targets unit propagation gives from the rules alone (the
        solver keeps them at level 0, where ``propagate`` does not list them)."""
        return {lit for lit in targets if not self.refuter.propagate([-lit])[0]}


def explain(puzzle, inst, solver: str = ENGINE_SOLVER, timeout: float | None = None,
            state: list | None = None, steps: int | None = None,
            bound: int = BOUND, solution_state=None,
            search: int | None = None, partial_states=None,
            search_above: int = SEARCH_ABOVE) -> Explanation:
    """The steps that solve ``inst`` from ``state`` (facts already known:
    the lines :func:`.state.read_state` reads), at most ``steps`` of them
    (``--hint``: 1); ``solution_state``: a solution whose facts are the
    state instead (a file's `solution` block). When facts of the state are wrong (no solution has
    them, or not together), ``wrong`` names them and there are no steps.
    ``partial_states``: solutions whose shared facts are the state instead
    (a partial `solution` block read twice, :mod:`.partial`)."""
    t0 = time.perf_counter()
    deadline = None if timeout is None else t0 + timeout
    engine = Engine(puzzle, inst, solver, deadline, bound, search, search_above)
    out = Explanation(puzzle, inst, "unknown", names=engine.names,
                      formula=engine.encoding.formula)
    try:
        verdict, targets, solution = engine.solutions()
        out.verdict, out.targets, out.solution = verdict, targets, solution
        state = resolve(engine.names, engine.answer, state or [])
        if solution_state is not None:
            state += engine.from_solution(solution_state)
        if partial_states:
            read = [engine.from_solution(x) for x in partial_states]
            state += [lit for lit in read[0] if all(lit in set(r) for r in read[1:])]
        state = list(dict.fromkeys(state))
        out.wrong = engine.wrong(state) if verdict != "none" else []
        if out.wrong:
            return out
        # a clue that is itself a fact (a Sudoku given: its selector is its
        # cell's variable) is known from the start, not a step
        out.given = list(dict.fromkeys([*state, *(t for t in targets if t in engine.clue_of)]))
        state = out.given
        known = {lit: 0 for lit in state}
        engine.fixed = engine.level_zero(targets)
        open_ = [lit for lit in targets if lit not in known]
        while open_ and (steps is None or len(out.steps) < steps):
            step = engine.next_step(known, open_, len(out.steps) + 1)
            out.steps.append(step)
            for lit in step.facts:
                known[lit] = step.index
            done = set(step.facts)
            open_ = [lit for lit in open_ if lit not in done]
    except TimeUp:
        out.complete = False
    finally:
        out.seconds = time.perf_counter() - t0
        out.calls = engine.refuter.calls
        out.unsettled = sum(r.smallest == NOT_PROVEN for s in out.steps for r in s.reasons)
        engine.close()
    return out


__all__ = ["Engine", "Explanation", "Reason", "Step", "explain", "clue_label", "BOUND"]
