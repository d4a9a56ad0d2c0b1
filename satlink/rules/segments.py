"""Straight stretches of a loop (Geradeweg, Balance Loop): the *arm* of a
cell toward a direction is how many steps the line goes straight that way
from the cell before it turns (0 when it does not leave the cell that way).

:class:`Arms` gives, over a :class:`satlink.rules.lines.Lines`, the
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

from collections.abc import Iterable, Iterator, Mapping

from .grid import STEPS, Cell, Edge, edge, shift
from .lines import Lines

class Arms:
    """Arm-length literals of ``lines``, made on demand."""

    def __init__(self, lines: Lines) -> None:
        self.lines, self.f = lines, lines.f
        #: (cell, direction) -> [0, at least 1, at least 2, ...] as far as made
        self._chains: dict[tuple[Cell, str], list[int]] = {}
        #: the board's longer side: no arm is as long
        self._side = max(lines.nodes.rows, lines.nodes.cols)

    def at_least(self, cell: Cell, d: str, k: int) -> int:
        """True exactly when the line takes ``k`` straight steps from ``cell``
        toward ``d`` (the edges from ``cell`` to the cell ``k`` steps away are
        all on); true for ``k <= 0``."""
        chain = self._chains.get((cell, d))
        if chain is not None and 0 < k < len(chain):
            return chain[k]
        if k <= 0:
            return -self.lines.never
        if k == 1:
            x = self.lines.through(cell, d)
            self._chains[(cell, d)] = [0, x]
            return x
        if k >= max(self.lines.nodes.rows, self.lines.nodes.cols):
            return self.lines.never  # longer than the board: no need to build the chain
        return self.upto(cell, d, k)[k]

    def upto(self, cell: Cell, d: str, k: int) -> list[int]:
        """``[0, at_least(cell, d, 1), ..., at_least(cell, d, k)]`` (index i:
        the arm is at least i), built in one pass: ``at_least(i)`` is
        ``at_least(i - 1)`` and the step out of the cell ``i - 1`` steps
        away, a conjunction (three clauses), made once and kept (a cell and
        direction's chain, 1..j, goes on from j). A loop, not a recursion: a
        clue may ask for an arm as long as the board, and this runs for every
        clue and direction."""
        lines = self.lines
        never, side = lines.never, self._side
        m = k if k < side else side - 1
        if m < 1:
            return [0] + [never] * k
        key = (cell, d)
        chain = self._chains.get(key)
        if chain is None:
            chain = self._chains[key] = [0, lines.through(cell, d)]
        if len(chain) <= m:
            f, before = self.f, chain[-1]
            (r, c), (dr, dc) = cell, STEPS[d]
            # the step's edge looked up here, as through() would (key: the smaller cell first)
            edge_of, forward, var, out = lines.edges.get, dr + dc > 0, f.var, f.clauses
            for i in range(len(chain), m + 1):
                a = (r + dr * (i - 1), c + dc * (i - 1))
                b = (a[0] + dr, a[1] + dc)
                step = edge_of((a, b) if forward else (b, a))
                if before == never or step is None:
                    x = never
                else:
                    x = var("arm", r, c, d, i)
                    out += ([-x, before], [-x, step], [x, -before, -step])
                chain.append(x)
                before = x
        return chain[:m + 1] if m == k else chain[:m + 1] + [never] * (k - m)

    def step(self, cell: Cell, d: str, k: int) -> int:
        """The edge out of the cell ``k - 1`` steps from ``cell`` toward
        ``d``, onward (``lines.through`` of that cell; :attr:`never` where
        there is none), looked up directly."""
        (r, c), (dr, dc) = cell, STEPS[d]
        a = (r + dr * (k - 1), c + dc * (k - 1))
        b = (a[0] + dr, a[1] + dc)
        x = self.lines.edges.get((a, b) if dr + dc > 0 else (b, a))
        return self.lines.never if x is None else x

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


def past(arms: Arms, cell: Cell, d: str, k: int, before: int) -> list[int] | None:
    """"The arm toward ``d`` is at least ``k``" as literals whose
    conjunction says it, given ``before``, the literal of at least ``k - 1``
    (0 or true for k = 1): ``[before, step]``, the step out of the cell
    ``k - 1`` away, with no literal made for ``k`` (None: never)."""
    never = arms.lines.never
    step = arms.step(cell, d, k)
    if before == never or step == never:
        return None
    return [step] if k == 1 or before == -never else [before, step]


def turn_sum_is(arms: Arms, cell: Cell, n: int,
                longest: Mapping[str, int] | None = None) -> Iterator[list[int]]:
    """Clauses: the two arms of a cell where the line turns add up to ``n``
    (the caller states that it turns: one vertical and one horizontal exit,
    the arms the other way 0). With V = arm n + arm s and H = arm e + arm w
    (one term each nonzero, both at least 1), "V >= k" is "arm n >= k or
    arm s >= k", and V + H = n is: no arm is ``n`` or more (one clause a
    direction, :func:`past`: no literal for ``n``), and for k = 2..n - 1,
    "V >= k" exactly when not "H >= n - k + 1": one clause of up to four
    literals and up to four binaries. ``longest`` (direction -> the longest
    arm possible there, proved by the caller) stops a chain short; literals
    past it are false and left out (``encodings/segments.md``, "Order form")."""
    # (a list made in one pass, handed out as an iterator: this runs for
    # every black circle of a Shingoki board, and a generator's steps were
    # most of its time)
    never, upto = arms.lines.never, arms.upto
    cap = min(n - 1, arms._side - 1)
    chain, most = [], []
    for d in "nesw":
        m = cap if longest is None else min(cap, longest[d])
        got = upto(cell, d, m if m > 0 else 0)
        while m > 0 and got[m] == never:  # the board ends first
            m -= 1
        chain.append(got)
        most.append(m)
    mn, me, ms, mw = most
    v, h = max(mn, ms), max(me, mw)
    if v < 1 or h < 1 or v + h < n:  # (n < 2 too) two arms of at least 1 never add up to n
        return iter([[]])
    out = []
    for i, d in enumerate("nesw"):  # not n or more (the arm beside is at least 1)
        if most[i] == n - 1:
            over = past(arms, cell, d, n, chain[i][n - 1])
            if over is not None:
                out.append([-x for x in over])
    cn, ce, cs, cw = chain
    for k in range(2, n):
        j = n - k + 1
        ups = [cn[k]] if k <= mn else []
        if k <= ms:
            ups.append(cs[k])
        downs = [ce[j]] if j <= me else []
        if j <= mw:
            downs.append(cw[j])
        out.append(ups + downs)  # V < k -> H >= n - k + 1
        for a in ups:  # V >= k -> H < n - k + 1
            for b in downs:
                out.append([-a, -b])
    return iter(out)


def opposite_sum_is(arms: Arms, cell: Cell, n: int, a: str, b: str,
                    guard: list[int] | None = None,
                    longest: Mapping[str, int] | None = None) -> Iterator[list[int]]:
    """Clauses: when the line leaves ``cell`` by ``a`` and by ``b`` (opposite
    directions, so it runs straight through), ``arm a + arm b = n``, in the
    order form: for ``k = 1..n``, not (``arm a >= k`` and ``arm b >= n - k + 1``)
    (no guard: the two arms at least 1 say the pair is on), and for
    ``k = 2..n - 1``, ``guard`` or ``arm a >= k`` or ``arm b >= n - k + 1``;
    where the arms never add up to ``n``, "not a or not b". ``guard``
    (default "not a or not b") may be any clause that, in every model the
    rest allows where the pair is not on, is true or leaves arm a at least
    ``n - 1`` (Shingoki's white circle: ``not a``, given ``a <-> b``;
    Geradeweg: ``not a``, a turn by ``a`` making arm a = n). Arm literals are made up to ``n - 1`` (beside
    the other arm's 1, neither is longer), or to ``longest[d]`` where the
    caller proves that the arm is never longer (``encodings/segments.md``,
    "Order form")."""
    # (a list made in one pass, handed out as an iterator, as turn_sum_is;
    # the edges looked up inline, as Lines.through and Arms.step would: this
    # runs twice for every Geradeweg number and Shingoki white circle)
    lines = arms.lines
    never, edge_of, r, c = lines.never, lines.edges.get, *cell
    (ar, ac), (br, bc) = STEPS[a], STEPS[b]
    cell_a, cell_b = (r + ar, c + ac), (r + br, c + bc)
    ta = edge_of((cell, cell_a) if ar + ac > 0 else (cell_a, cell))
    tb = edge_of((cell, cell_b) if br + bc > 0 else (cell_b, cell))
    if ta is None or tb is None:
        return iter(())
    both = [-ta, -tb]
    guard = both if guard is None else guard
    cap = min(n - 1, arms._side - 1)
    la = cap if longest is None else min(cap, longest[a])
    lb = cap if longest is None else min(cap, longest[b])
    long_a, long_b = arms.upto(cell, a, max(la, 0)), arms.upto(cell, b, max(lb, 0))
    while la > 0 and long_a[la] == never:  # the board ends first
        la -= 1
    while lb > 0 and long_b[lb] == never:
        lb -= 1
    if la < 1 or lb < 1 or la + lb < n:  # (n < 2 too) the pair never adds up to n
        return iter((both,))
    # "not arm >= k" as a list of negated literals, k = 1..l + 1 (None: false
    # in every model); "arm >= l + 1" is possible (and forbidden here) only
    # where nothing but n stops it short: then A(l) and the step after (a
    # literal of the chain is never "true in every model", so both literals)
    not_a = [None] + [[-x] for x in long_a[1:la + 1]]
    not_a.append(_not_step(edge_of, cell, ar, ac, la, long_a[la]) if la == n - 1 else None)
    not_b = [None] + [[-x] for x in long_b[1:lb + 1]]
    not_b.append(_not_step(edge_of, cell, br, bc, lb, long_b[lb]) if lb == n - 1 else None)
    out = []
    for k in range(max(1, n - lb), min(n, la + 1) + 1):
        x, y = not_a[k], not_b[n - k + 1]
        if x is not None and y is not None:
            out.append(x + y)
    for k in range(2, n):
        clause = guard + [long_a[k]] if k <= la else list(guard)
        if n - k + 1 <= lb:
            clause.append(long_b[n - k + 1])
        out.append(clause)
    return iter(out)


def _not_step(edge_of, cell: Cell, dr: int, dc: int, m: int, before: int) -> list[int] | None:
    """``[-before, -step]``, the step out of the cell ``m`` steps from
    ``cell`` along ``(dr, dc)`` (``m >= 1``, ``before`` a chain literal,
    never "true in every model"): the negation of :func:`past` for ``m + 1``, looked
    up inline (None off the board)."""
    a = (cell[0] + dr * m, cell[1] + dc * m)
    b = (a[0] + dr, a[1] + dc)
    step = edge_of((a, b) if dr + dc > 0 else (b, a))
    return None if step is None else [-before, -step]


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


def turn_each_is(arms: Arms, cell: Cell, n: int) -> list[list[int]]:
    """Clauses: when the line turns at ``cell``, both its arms are exactly
    ``n`` (for each pair of :data:`TURN_PAIRS` the line leaves by, both
    arms exactly ``n``; under the loop's degree rule): for each direction ``d``, "the line leaves toward
    ``d`` and not the opposite way" (with two exits, a turn by ``d``) ->
    arm ``d`` is exactly ``n``: at least ``n``, and not the step after
    (with at least ``n``, that is "not at least ``n + 1``", whose literal is
    not made). Two clauses a direction instead of four, a literal true in
    every model left out (``encodings/segments.md``)."""
    # written out (the edges looked up as :meth:`Arms.step` and :func:`past`
    # would, one list made in one pass): this runs for every number of a
    # Geradeweg board, and the helper calls were most of its encode time
    lines = arms.lines
    never, edge_of, at_least = lines.never, lines.edges.get, arms.at_least
    r, c = cell
    # the four exits, n e s w (None off the board): the opposite of i is i ^ 2
    exits = [edge_of(((r - 1, c), cell)), edge_of((cell, (r, c + 1))),
             edge_of((cell, (r + 1, c))), edge_of(((r, c - 1), cell))]
    out: list[list[int]] = []
    for i, d in enumerate("nesw"):
        t = exits[i]
        if t is None:
            continue
        back = exits[i ^ 2]
        turn = [-t] if back is None else [-t, back]
        # past(n): "at least n - 1" and the step out of the cell n - 1 away
        before = at_least(cell, d, n - 1)
        dr, dc = STEPS[d]
        forward = dr + dc > 0
        a = (r + dr * (n - 1), c + dc * (n - 1))
        b = (a[0] + dr, a[1] + dc)
        step = edge_of((a, b) if forward else (b, a))
        if before == never or step is None:
            out.append(turn)
            continue
        reach = [step] if n == 1 or before == -never else [before, step]
        out += [turn + [x] for x in reach if -x not in turn]  # at least n
        # "not at least n + 1" is, with at least n, "not the step out of the
        # cell n away": no literal for n or n + 1 steps
        a, b = b, (b[0] + dr, b[1] + dc)
        step = edge_of((a, b) if forward else (b, a))
        if step is not None:
            out.append(turn + [-step])
    return out


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
