"""Bridges: up to two straight lines between points that see each other.

Points stand on cells of a grid (Hashiwokakero's islands). Two points *see
each other* when they share a row or a column with no point between them; a
bridge joins two such points along the cells between them, at most two
bridges join a pair, and a horizontal bridge never crosses a vertical one.

- :func:`sight_pairs`: the pairs of points that see each other, ``(a, b)``
  with ``a < b`` (each point's next point east, then south, points in
  reading order), and :func:`seen`, the points each point sees;
- :func:`crossings`: the (horizontal, vertical) pairs whose bridges would cross;
- :class:`Bridges`: the variables ``tag(r1,c1,r2,c2,k)``, "at least k
  bridges join the pair" (k = 1, 2), with the clauses "two implies one"
  (:meth:`Bridges.order`), "no two bridges cross" (:meth:`Bridges.apart`)
  and "a point carries exactly v bridges" (:meth:`Bridges.count`, by
  :func:`count_template`: no auxiliary variables, and unit propagation
  derives every bound the sum implies); :meth:`Bridges.decode` reads the
  bridges ``(r1, c1, r2, c2, count)`` of a model; :meth:`Bridges.implied`,
  clauses that connectivity implies;
- :func:`laid`: the problems of a list of bridges with the rules of their
  geometry, checked from the rules; :func:`loads`; :func:`broken`, those
  and the points' numbers and connectivity (networkx), a verifier's whole
  check; :func:`unbridgeable`, a point whose number no bridges can meet.

``encodings/hashi.md`` proves the count clauses; ``tests/rules/test_bridges.py``
checks all four against brute force.

>>> pairs = sight_pairs(3, 3, [(0, 0), (0, 2), (2, 0), (1, 1), (2, 2)])
>>> pairs
(((0, 0), (0, 2)), ((0, 0), (2, 0)), ((0, 2), (2, 2)), ((2, 0), (2, 2)))
>>> crossings(sight_pairs(3, 3, [(1, 0), (1, 2), (0, 1), (2, 1)]))
((((1, 0), (1, 2)), ((0, 1), (2, 1))),)
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType

import networkx as nx

from ..formula import Formula
from .grid import Cell, Edge, Grid, between

#: A bridge of a solution: (r1, c1, r2, c2, count), (r1, c1) < (r2, c2), count 1 or 2.
Bridge = tuple[int, int, int, int, int]


def sight_pairs(rows: int, cols: int, points: Iterable[Cell]) -> tuple[Edge, ...]:
    """The pairs of ``points`` on a ``rows`` x ``cols`` board that see each
    other: for each point in reading order, the next point east, then the
    next point south (when there is one). Points off the board are ignored."""
    on = sorted(p for p in set(points) if 0 <= p[0] < rows and 0 <= p[1] < cols)
    east: dict[Cell, Cell] = {}
    south: dict[Cell, Cell] = {}
    last: dict[int, Cell] = {}  # the lowest point so far in each column
    for before, p in zip([None, *on], on):
        if before is not None and before[0] == p[0]:
            east[before] = p
        if p[1] in last:
            south[last[p[1]]] = p
        last[p[1]] = p
    out = []
    for p in on:
        if p in east:
            out.append((p, east[p]))
        if p in south:
            out.append((p, south[p]))
    return tuple(out)


def seen(points: Iterable[Cell], pairs: Iterable[Edge]) -> dict[Cell, list[Cell]]:
    """The points each point sees (in the order of ``pairs``)."""
    out: dict[Cell, list[Cell]] = {p: [] for p in points}
    for a, b in pairs:
        out[a].append(b)
        out[b].append(a)
    return out


def crossings(pairs: Iterable[Edge]) -> tuple[tuple[Edge, Edge], ...]:
    """(horizontal, vertical) pairs of ``pairs`` whose bridges would cross."""
    pairs = tuple(pairs)
    over = {c: e for e in pairs if e[0][0] == e[1][0] for c in between(*e)}
    return tuple((over[c], e) for e in pairs if e[0][1] == e[1][1]
                 for c in between(*e) if c in over)


def count_template(d: int, v: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Clauses saying that d bridge counts x_1..x_d in {0, 1, 2} sum to v, over
    literals (i, t): t = 1 or 2 is "x_i >= t", t = -1 or -2 its negation.

    Sum <= v: for every threshold vector k in {0,1,2}^d with sum v + 1, some
    x_i < k_i. Sum >= v: the same for y_i = 2 - x_i, whose sum is at most
    2d - v: for every k with sum 2d - v + 1, some y_i < k_i, that is
    x_i >= 3 - k_i. No auxiliary variables; at most 19 + 19 clauses for
    d = 4, and unit propagation derives every bound the sum implies. A sum
    above 2d is the empty clause.

    >>> count_template(1, 2)
    (((0, 2),),)
    >>> count_template(1, 3)
    ((),)
    """
    if v > 2 * d:
        return ((),)
    out = []
    for ks in itertools.product((0, 1, 2), repeat=d):
        total = sum(ks)
        if total == v + 1:  # not all x_i >= k_i
            out.append(tuple((i, -k) for i, k in enumerate(ks) if k))
        if total == 2 * d - v + 1:  # not all y_i >= k_i: some x_i >= 3 - k_i
            out.append(tuple((i, 3 - k) for i, k in enumerate(ks) if k))
    return tuple(out)


#: :func:`count_template` for every point a grid allows (it sees at most
#: four others) and every number 0-8, made once: a constant table, never
#: written to.
TEMPLATES = MappingProxyType({(d, v): count_template(d, v) for d in range(5) for v in range(9)})

#: Where a template literal (i, t) sits in :meth:`Bridges.count`'s flat list
#: of literals ``one_0, two_0, -one_0, -two_0, one_1, ...``.
_SLOT = {1: 0, 2: 1, -1: 2, -2: 3}


def _slots(template) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(4 * i + _SLOT[t] for i, t in clause) for clause in template)


#: :data:`TEMPLATES` with each literal as its slot (a constant table too).
SLOTS = MappingProxyType({key: _slots(t) for key, t in TEMPLATES.items()})


class Bridges:
    """The bridge variables of ``pairs``: ``one[e]`` "at least one bridge
    joins e" (``tag(r1,c1,r2,c2,1)``), then ``two[e]`` "two bridges"
    (``tag(...,2)``). The methods give clauses; the caller adds them (in
    the order it likes)."""

    def __init__(self, f: Formula, pairs: Sequence[Edge], tag: str = "bridge") -> None:
        self.pairs = tuple(pairs)
        self.one = {e: f.var(tag, *e[0], *e[1], 1) for e in self.pairs}
        self.two = {e: f.var(tag, *e[0], *e[1], 2) for e in self.pairs}
        self.at: dict[Cell, list[Edge]] = {}
        for e in self.pairs:
            self.at.setdefault(e[0], []).append(e)
            self.at.setdefault(e[1], []).append(e)

    @property
    def answer(self) -> list[int]:
        """Every bridge variable, pair by pair (one, two)."""
        return [v for e in self.pairs for v in (self.one[e], self.two[e])]

    def order(self) -> list[list[int]]:
        """Two bridges are at least one: ``two[e] -> one[e]``."""
        return [[-self.two[e], self.one[e]] for e in self.pairs]

    def count(self, point: Cell, v: int, guard: Sequence[int] = ()) -> list[list[int]]:
        """``point`` carries exactly ``v`` bridges (each clause extended by
        ``guard``; assumes :meth:`order`)."""
        lits: list[int] = []
        at = self.at.get(point, ())
        for e in at:
            one, two = self.one[e], self.two[e]
            lits += (one, two, -one, -two)
        template = SLOTS.get((len(at), v))
        if template is None:  # a number above 8
            template = _slots(count_template(len(at), v))
        get = lits.__getitem__
        if guard:
            guard = list(guard)
            return [[*map(get, t), *guard] for t in template]
        return [[*map(get, t)] for t in template]

    def apart(self, crossing: Iterable[tuple[Edge, Edge]]) -> list[list[int]]:
        """No bridge on both pairs of each crossing (:func:`crossings`)."""
        return [[-self.one[h], -self.one[w]] for h, w in crossing]

    def implied(self, value: Mapping[Cell, int]) -> list[list[int]]:
        """Clauses that connectivity of all the points implies, each
        forbidding a small closed group (``value``: each point's number).

        With more than two points, two 1s may not be joined (they would be a
        group of their own), nor two 2s by a double bridge. With more than
        three, a point j whose number is a + b may not take all a bridges of
        a neighbour i (a <= 2) together with all b bridges of another
        neighbour k."""
        one, two, out = self.one, self.two, []
        if len(value) > 2:
            for e in self.pairs:
                a, b = value[e[0]], value[e[1]]
                if a == b == 1:
                    out.append([-one[e]])
                elif a == b == 2:
                    out.append([-two[e]])
        if len(value) > 3:
            var = {1: one, 2: two}
            for j, vj in value.items():
                for ij, kj in itertools.combinations(self.at.get(j, ()), 2):
                    vi = value[ij[0] if ij[1] == j else ij[1]]
                    vk = value[kj[0] if kj[1] == j else kj[1]]
                    if vi <= 2 and vk <= 2 and vi + vk == vj:
                        out.append([-var[vi][ij], -var[vk][kj]])
        return out

    def decode(self, model) -> tuple[Bridge, ...]:
        """The bridges of a model, sorted."""
        true = set(model.true_vars([*self.one.values(), *self.two.values()]))
        two = self.two
        return tuple(sorted((*e[0], *e[1], k) for e, x in self.one.items()
                            if (k := (x in true) + (two[e] in true))))


def loads(points: Iterable[Cell], bridges: Iterable[Bridge]) -> dict[Cell, int]:
    """How many bridges each point carries.

    >>> loads([(0, 0), (0, 2)], [(0, 0, 0, 2, 2)])
    {(0, 0): 2, (0, 2): 2}
    """
    out = dict.fromkeys(points, 0)
    for r1, c1, r2, c2, k in bridges:
        out[(r1, c1)] += k
        out[(r2, c2)] += k
    return out


def laid(points: Iterable[Cell], bridges: Iterable[Bridge]) -> tuple[list[str], list[Bridge]]:
    """The broken rules of a list of bridges (each joins two points along a
    row or a column, over no other point, with 1 or 2 bridges, each pair
    listed once, no two bridges crossing), checked from the rules; and the
    bridges that join two points in a straight line (for loads and
    connectivity).

    >>> for problem in laid([(1, 0), (1, 2), (0, 1), (2, 1)],
    ...                     [(1, 0, 1, 2, 1), (0, 1, 2, 1, 3)])[0]:
    ...     print(problem)
    bridge r1c2-r3c2 has 3 bridges, not 1 or 2
    bridge r1c2-r3c2 crosses another bridge at r2c2
    """
    points = set(points)
    problems, joined = [], []
    pairs, covered = set(), set()
    for b in bridges:
        a, z, k = b[:2], b[2:4], b[4]
        if a not in points or z not in points:
            problems.append(f"bridge {Grid.pair_name(a, z)} does not join two islands")
            continue
        if k != 1 and k != 2:
            problems.append(f"bridge {Grid.pair_name(a, z)} has {k} bridges, not 1 or 2")
        pair = (a, z) if a < z else (z, a)
        if pair in pairs or a == z:
            problems.append(f"bridge {Grid.pair_name(a, z)} is listed twice"
                            " or joins an island to itself")
        pairs.add(pair)
        if a[0] != z[0] and a[1] != z[1]:
            problems.append(f"bridge {Grid.pair_name(a, z)} is neither horizontal nor vertical")
            continue
        over = between(a, z)
        if not points.isdisjoint(over):
            problems.append(f"bridge {Grid.pair_name(a, z)} passes over an island")
        if not covered.isdisjoint(over):
            problems += [f"bridge {Grid.pair_name(a, z)} crosses another bridge at {Grid.name(c)}"
                         for c in sorted(covered.intersection(over))]
        covered.update(over)
        joined.append(b)
    return problems, joined


def broken(points: Sequence[Cell], bridges: Iterable[Bridge],
           value: Mapping[Cell, int] | None = None) -> list[str]:
    """The broken rules of a list of bridges: those of :func:`laid`, a point
    whose load differs from its number in ``value`` (None: the numbers bind
    nothing), and points in several groups (networkx)."""
    problems, joined = laid(points, bridges)
    net = nx.Graph()
    net.add_nodes_from(points)
    net.add_edges_from((b[:2], b[2:4]) for b in joined)
    if value is not None:
        problems += [f"island {value[p]} at {Grid.name(p)} has {n} bridges"
                     for p, n in loads(points, joined).items() if n != value[p]]
    if not nx.is_connected(net):
        problems.append(f"the islands form {nx.number_connected_components(net)} separate groups")
    return problems


def unbridgeable(value: Mapping[Cell, int], sees: Mapping[Cell, Sequence[Cell]],
                 counts: bool = True) -> tuple[str, Cell] | None:
    """The first point of ``sees`` (each point -> the points it sees) that
    no bridges can serve, with why: it sees no other point while there are
    several, or (``counts``) its number exceeds what the points it sees can
    take, min(2, their number) each. None when there is none.

    >>> why, point = unbridgeable({(0, 0): 3, (0, 2): 1}, {(0, 0): [(0, 2)], (0, 2): [(0, 0)]})
    >>> point, why.split(":")[0]
    ((0, 0), 'island 3 at r1c1 can carry at most 1 bridges')
    """
    for point, near in sees.items():
        v, name = value[point], Grid.name(point)
        if len(sees) > 1 and not near:
            return f"island {v} at {name} sees no other island", point
        cap = sum(min(2, value[p]) for p in near)
        if v > cap and counts:
            return (f"island {v} at {name} can carry at most {cap} bridges: it sees"
                    f" {len(near)} island(s), each taking at most min(2, its number)", point)
    return None
