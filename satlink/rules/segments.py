"""Straight stretches of a loop (Geradeweg, Balance Loop): the *arm* of a
cell toward a direction is how many steps the line goes straight that way
from the cell before it turns (0 when it does not leave the cell that way).

:class:`Arms` gives, over a :class:`satlink.rules.loops.Lines`, the
literal "the arm of ``cell`` toward ``d`` is at least ``k``" (:meth:`Arms.at_least`),
a chain of conjunctions of consecutive edge literals; the rules below say
what a clue asks of the two arms of its cell. Plain clauses, no lazy part;
the proofs are in ``encodings/segments.md``. :func:`arm` reads an arm off
a set of edges, for ``verify``.

>>> from satlink.formula import Formula
>>> from satlink.rules.grid import Grid
>>> from satlink.rules.loops import CellLoop
>>> f = Formula()
>>> arms = Arms(CellLoop(Grid(1, 4), f, nonempty=False))
>>> f.name(arms.at_least((0, 0), "e", 1)), f.name(arms.at_least((0, 0), "e", 2))
('loop(h,0,0)', 'arm(0,0,e,2)')
>>> f.name(arms.at_least((0, 0), "w", 1)), f.name(arms.at_least((0, 0), "e", 4))
('loop(never)', 'loop(never)')
"""
from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Mapping

from .grid import OPPOSITE, STEPS, Cell, Edge, edge, shift
from .loops import Lines

class Arms:
    """Arm-length literals of ``lines``, made on demand."""

    def __init__(self, lines: Lines) -> None:
        self.lines, self.f = lines, lines.f
        self._at_least: dict[tuple[Cell, str, int], int] = {}

    def at_least(self, cell: Cell, d: str, k: int) -> int:
        """True exactly when the line takes ``k`` straight steps from ``cell``
        toward ``d`` (the edges from ``cell`` to the cell ``k`` steps away are
        all on); true for ``k <= 0``."""
        x = self._at_least.get((cell, d, k))
        if x is not None:
            return x
        if k <= 0:
            return -self.lines.never
        if k == 1:
            x = self._at_least[(cell, d, 1)] = self.lines.through(cell, d)
            return x
        if k >= max(self.lines.nodes.rows, self.lines.nodes.cols):
            return self.lines.never  # longer than the board: no need to build the chain
        return self.upto(cell, d, k)[k]

    def upto(self, cell: Cell, d: str, k: int) -> list[int]:
        """``[0, at_least(cell, d, 1), ..., at_least(cell, d, k)]`` (index i:
        the arm is at least i), built in one pass: ``at_least(i)`` is
        ``at_least(i - 1)`` and the step out of the cell ``i - 1`` steps
        away, a conjunction (three clauses), made once and kept (the kept
        lengths of a cell and direction are always 1..j: the pass goes on
        from j). A loop, not a recursion: a clue may ask for an arm as long
        as the board, and this runs for every clue and direction."""
        never = self.lines.never
        m = min(k, max(self.lines.nodes.rows, self.lines.nodes.cols) - 1)
        if m < 1:
            return [0] + [never] * k
        got, through, f = self._at_least, self.lines.through, self.f
        before = got.get((cell, d, 1))
        if before is None:
            before = got[(cell, d, 1)] = through(cell, d)
        out = [0, before]
        (r, c), (dr, dc) = cell, STEPS[d]
        for i in range(2, m + 1):
            x = got.get((cell, d, i))
            if x is None:
                step = through((r + dr * (i - 1), c + dc * (i - 1)), d)
                if before == never or step == never:
                    x = never
                else:
                    x = f.var("arm", r, c, d, i)
                    f.clauses.extend(([-x, before], [-x, step], [x, -before, -step]))
                got[(cell, d, i)] = x
            out.append(x)
            before = x
        return out + [never] * (k - m)

    def exactly(self, cell: Cell, d: str, k: int) -> list[int]:
        """Literals whose conjunction says the arm is exactly ``k``."""
        return [self.at_least(cell, d, k), -self.at_least(cell, d, k + 1)]

    def most(self, cell: Cell, d: str) -> int:
        """The longest arm the board allows (steps to its edge)."""
        k = 0
        while self.at_least(cell, d, k + 1) != self.lines.never:
            k += 1
        return k


#: The six pairs of directions a line may leave a cell by; the two straight ones.
PAIRS = (("n", "e"), ("n", "s"), ("n", "w"), ("e", "s"), ("e", "w"), ("s", "w"))
STRAIGHT_PAIRS = (("n", "s"), ("e", "w"))
TURN_PAIRS = tuple(p for p in PAIRS if p not in STRAIGHT_PAIRS)


def sum_is(arms: Arms, cell: Cell, n: int, among=PAIRS,
           lengths: Mapping[str, Container[int]] | None = None) -> Iterator[list[int]]:
    """Clauses: when the line leaves ``cell`` by a pair of directions of
    ``among``, its two arms add up to ``n``. Each arm is then at most
    ``n - 1`` (the other is at least 1): one clause says so, and arm
    literals are made up to ``n`` only.

    ``lengths`` (direction -> the arm lengths possible there), when given,
    is a narrowing the caller proves from rules encoded elsewhere (every
    model of the rest of the formula has its arm toward ``d`` in
    ``lengths[d]``, or 0): arms longer than the longest are taken as false
    without a literal, and no clause is written for an arm of an impossible
    length. Clauses holding a literal that is true in every model are left
    out."""
    never, at_least = arms.lines.never, arms.at_least
    # an arm is shorter than the board: literals past that are never made
    # (a clue of 10**19 once looped that many times)
    top = min(n, max(arms.lines.nodes.rows, arms.lines.nodes.cols))

    def longest(d: str) -> int:
        return top if lengths is None else min(top, max(lengths[d], default=0))

    for a, b in among:
        ta, tb = at_least(cell, a, 1), at_least(cell, b, 1)
        if never in (ta, tb):
            continue
        both = [-ta, -tb]
        la, lb = longest(a), longest(b)
        if la == 0 or lb == 0 or n > la + lb:  # (a clue past both arms' reach: no lists of n)
            yield both
            continue
        # [k]: arm >= k, k = 0..n + 1 (false past the longest); literals are
        # made up to n - 1: "arm >= n" is "arm >= n - 1 and the step after"
        long_a = arms.upto(cell, a, min(la, n - 1)) + [never] * (n + 1 - min(la, n - 1))
        reach_a = past(arms, cell, a, n, long_a[n - 1]) if la >= n else None
        if reach_a is not None:
            yield both + [-x for x in reach_a]  # arm a is below n
        if n < 2:
            continue
        long_b = arms.upto(cell, b, min(lb, n - 1)) + [never] * (n + 1 - min(lb, n - 1))
        can_a = can_b = None if lengths is None else True
        if lengths is not None:
            can_a, can_b = lengths[a], lengths[b]
        for k in range(1, n):
            if long_a[k] == never:
                break
            if can_a is not None and k not in can_a:
                continue  # arm a is never exactly k
            # not "arm a is exactly k": with arm >= k, "arm >= k + 1" is the step after
            after = past(arms, cell, a, k + 1, long_a[k]) if k + 1 <= la else None
            rest = [*both, -long_a[k], after[-1]] if after is not None else [*both, -long_a[k]]
            if can_b is not None and n - k not in can_b:
                yield rest  # arm b is never exactly n - k
                continue
            yield rest + [long_b[n - k]]
            over = past(arms, cell, b, n - k + 1, long_b[n - k]) if n - k + 1 <= lb else None
            if over is not None:  # arm b is not n - k + 1 or more
                yield rest + [-x for x in over]


def past(arms: Arms, cell: Cell, d: str, k: int, before: int) -> list[int] | None:
    """"The arm toward ``d`` is at least ``k``" as literals whose
    conjunction says it, given ``before``, the literal of at least ``k - 1``
    (0 or true for k = 1): ``[before, step]``, the step out of the cell
    ``k - 1`` away, with no literal made for ``k`` (None: never)."""
    never = arms.lines.never
    (dr, dc), (r, c) = STEPS[d], cell
    step = arms.lines.through((r + dr * (k - 1), c + dc * (k - 1)), d)
    if before == never or step == never:
        return None
    return [step] if k == 1 or before == -never else [before, step]


def turn_sum_is(arms: Arms, cell: Cell, n: int,
                lengths: Mapping[str, Container[int]] | None = None) -> Iterator[list[int]]:
    """Clauses: the two arms of a cell where the line turns add up to ``n``
    (the caller states that it turns: one vertical and one horizontal exit,
    the arms the other way 0). With V = arm n + arm s and H = arm e + arm w
    (one term each nonzero), "V >= k" is "arm n >= k or arm s >= k", and
    V + H = n is "V >= k exactly when not H >= n - k + 1" for k = 1..n:
    four binary clauses and one of four literals per k. ``lengths`` caps
    each arm at its longest possible length, as in :func:`sum_is`."""
    never = arms.lines.never
    top = min(n, max(arms.lines.nodes.rows, arms.lines.nodes.cols))
    if n > 2 * top:  # two arms of at most `top` each never add up to n
        yield []
        return

    def long(d: str) -> list[int]:  # [k]: arm >= k, k = 0..n + 1
        most = top if lengths is None else min(top, max(lengths[d], default=0))
        return arms.upto(cell, d, most) + [never] * (n + 1 - most)

    v, h = (long("n"), long("s")), (long("e"), long("w"))
    for k in range(1, n + 1):
        ups = [x[k] for x in v if x[k] != never]
        downs = [x[n - k + 1] for x in h if x[n - k + 1] != never]
        yield [*ups, *downs]  # V < k -> H >= n - k + 1
        for a in ups:  # V >= k -> H < n - k + 1
            for b in downs:
                yield [-a, -b]


def equal(arms: Arms, cell: Cell, same: bool = True, among=PAIRS) -> Iterator[list[int]]:
    """Clauses: when the line leaves ``cell`` by a pair of ``among``, its
    two arms are of equal length (``same``) or of different lengths."""
    through = arms.lines.through
    for a, b in among:
        both = [-through(cell, a), -through(cell, b)]
        for k in range(1, max(arms.most(cell, a), arms.most(cell, b)) + 1):
            if same:  # at least k on one side <-> on the other
                yield both + [-arms.at_least(cell, a, k), arms.at_least(cell, b, k)]
                yield both + [arms.at_least(cell, a, k), -arms.at_least(cell, b, k)]
            else:  # not exactly k on both
                yield both + [-x for x in arms.exactly(cell, a, k) + arms.exactly(cell, b, k)]


def each_is(arms: Arms, cell: Cell, n: int, among=PAIRS) -> Iterator[list[int]]:
    """Clauses: when the line leaves ``cell`` by a pair of ``among``, both
    its arms are exactly ``n``."""
    through = arms.lines.through
    for a, b in among:
        for d in (a, b):
            for x in arms.exactly(cell, d, n):
                yield [-through(cell, a), -through(cell, b), x]


def turn_each_is(arms: Arms, cell: Cell, n: int) -> Iterator[list[int]]:
    """Clauses: when the line turns at ``cell``, both its arms are exactly
    ``n`` (``each_is`` over :data:`TURN_PAIRS`, the same models under the
    loop's degree rule): for each direction ``d``, "the line leaves toward
    ``d`` and not the opposite way" (with two exits, a turn by ``d``) ->
    arm ``d`` is exactly ``n``: at least ``n``, and not the step after
    (with at least ``n``, that is "not at least ``n + 1``", whose literal is
    not made). Two clauses a direction instead of four, a literal true in
    every model left out (``encodings/segments.md``)."""
    never, through = arms.lines.never, arms.lines.through
    for d in "nesw":
        t = through(cell, d)
        if t == never:
            continue
        back = through(cell, OPPOSITE[d])
        turn = [-t] if back == never else [-t, back]
        reach = past(arms, cell, d, n, arms.at_least(cell, d, n - 1))
        if reach is None:
            yield turn
            continue
        yield from (turn + [x] for x in reach if -x not in turn)  # at least n
        # "not at least n + 1" is, with at least n, "not the step out of the
        # cell n away": no literal for n or n + 1 steps
        (dr, dc), (r, c) = STEPS[d], cell
        step = through((r + dr * n, c + dc * n), d)
        if step != never:
            yield turn + [-step]


def mirror(arms: Arms, a: Cell, da: str, b: Cell, db: str) -> Iterator[list[int]]:
    """Clauses: the arm of ``a`` toward ``da`` is as long as the arm of ``b``
    toward ``db`` (Mid-loop: the two halves of a straight stretch around its
    middle). For each k up to the longer one: at least k on one side <->
    at least k on the other."""
    for k in range(1, max(arms.most(a, da), arms.most(b, db)) + 1):
        x, y = arms.at_least(a, da, k), arms.at_least(b, db, k)
        yield [-x, y]
        yield [x, -y]


# -- the same off a set of edges (verify) ---------------------------------------------------
def arm(edges: Iterable[Edge], cell: Cell, d: str) -> int:
    """How many straight steps the line ``edges`` takes from ``cell`` toward ``d``."""
    edges = edges if isinstance(edges, (set, frozenset)) else set(edges)
    k, here = 0, cell
    while edge(here, shift(here, d)) in edges:
        k, here = k + 1, shift(here, d)
    return k
