"""Formula: a CNF with a variable pool keyed by readable tuples.

Puzzles build a Formula and never touch a solver. Variables are created on
first use from a key tuple whose first item names the family:

>>> f = Formula()
>>> x = f.var("cell", 0, 0, 1)
>>> f.var("cell", 0, 0, 1) == x, f.name(x)
(True, 'cell(0,0,1)')
>>> f.exactly_one([f.var("cell", 0, 0, d) for d in (1, 2, 3)])
>>> len(f.clauses)
4

Cardinality helpers wrap :mod:`pysat.card`; every call may name its
encoding, and the defaults are chosen (and measured) in
``encodings/formula.md``.
"""
from __future__ import annotations

import io
import itertools
import threading
from collections.abc import Hashable, Iterable, Sequence

import pycard
from pysat.card import CardEnc, EncType
from pysat.formula import IDPool

#: Encodings selectable by name on every cardinality call.
ENCODINGS = {
    "pairwise": EncType.pairwise,
    "seqcounter": EncType.seqcounter,
    "sortnetwrk": EncType.sortnetwrk,
    "cardnetwrk": EncType.cardnetwrk,
    "bitwise": EncType.bitwise,
    "ladder": EncType.ladder,
    "totalizer": EncType.totalizer,
    "mtotalizer": EncType.mtotalizer,
    "kmtotalizer": EncType.kmtotalizer,
}

#: pysat refuses 1 < k < n - 1 with these (pairwise, bitwise, ladder).
_BOUNDED_ENCODINGS = (EncType.pairwise, EncType.bitwise, EncType.ladder)

#: At most this many literals use the pairwise at-most-one; above it, bitwise.
#: See encodings/formula.md for the measurement.
PAIRWISE_LIMIT = 16
LARGE_AMO_ENCODING = "bitwise"
#: Default for general k (at-most / at-least / exactly k > 1).
DEFAULT_K_ENCODING = "seqcounter"


class Formula:
    """Clauses over a pool of named variables, plus the puzzle's answer variables."""

    def __init__(self) -> None:
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.answer: list[int] = []
        self._answer_set: set[int] = set()
        #: True while every answer variable lies in an exactly-one group, so a
        #: solution is blocked by its true answer literals alone.
        self.answer_one_hot = True
        self._span: tuple[int, int] | None | bool = False  # False: not computed yet
        self.comments: list[str] = []
        #: Preferred first values (literals) for the solver's decisions; a
        #: search hint only, never part of the CNF or the DIMACS output.
        self.phases: list[int] = []

    # -- variables ----------------------------------------------------------
    def var(self, *key: Hashable) -> int:
        """The variable for ``key`` (created on first use)."""
        # one dict look-up for a key seen before (``obj2id`` is a defaultdict:
        # ``get`` does not create); a new key takes the next number, as
        # ``IDPool.id`` gives it in a pool without occupied ranges (a third
        # less time than the call)
        pool = self.pool
        v = pool.obj2id.get(key)
        if v is None:
            pool.top = v = pool.top + 1
            pool.obj2id[key] = v
            pool.id2obj[v] = key
        return v

    def vars(self, keys: Sequence[tuple]) -> list[int] | range:
        """``[self.var(*k) for k in keys]``, numbered at once (a range) when
        the keys are distinct and none is a variable yet (the usual case: a
        family made in one go; half the time of a call per key). Each key is
        hashed twice, as the loop would: once to see that none exists, once
        to enter it; a repeated key shows as fewer entries, and is undone."""
        pool = self.pool
        obj2id = pool.obj2id
        if not obj2id.keys().isdisjoint(keys):
            return [self.var(*k) for k in keys]
        top, size = pool.top, len(obj2id)
        ids = range(top + 1, top + 1 + len(keys))
        obj2id.update(zip(keys, ids))
        if len(obj2id) - size != len(keys):  # a key repeats: undo, one call per key
            for k in keys:
                obj2id.pop(k, None)
            return [self.var(*k) for k in keys]
        pool.id2obj.update(zip(ids, keys))
        pool.top = top + len(keys)
        return ids

    def has(self, *key: Hashable) -> bool:
        return key in self.pool.obj2id

    def new_aux(self) -> int:
        """A fresh unnamed auxiliary variable."""
        self.pool.top += 1
        return self.pool.top

    @property
    def num_vars(self) -> int:
        return self.pool.top

    def key(self, v: int):
        """The key of variable ``v`` or None for auxiliaries."""
        return self.pool.obj(abs(v))

    def name(self, v: int) -> str:
        key = self.pool.obj(abs(v))
        if key is None:
            text = f"aux{abs(v)}"
        elif isinstance(key, tuple) and key and isinstance(key[0], str):
            text = f"{key[0]}({','.join(map(str, key[1:]))})"
        else:
            text = str(key)
        return text if v > 0 else "-" + text

    def declare_answer(self, variables: Iterable[int], one_hot: bool = False) -> None:
        """Declare variables that determine a solution (used for blocking).

        ``one_hot=True`` promises that each of these variables lies in a group
        of which exactly one is true in every model (a cell's digit), which
        lets the engine block a solution with its true literals only.
        """
        if not one_hot:
            self.answer_one_hot = False
        self._span = False
        # one pass in C (dict.fromkeys keeps the first of repeated variables,
        # in order) instead of a set test and an append per variable: about a
        # tenth of Moon or Sun's encoding was these calls
        seen = self._answer_set
        fresh = list(dict.fromkeys(variables))
        if seen:
            fresh = [v for v in fresh if v not in seen]
        seen.update(fresh)
        self.answer.extend(fresh)

    def answer_span(self) -> tuple[int, int] | None:
        """(first, last) when the answer variables are exactly first..last."""
        if self._span is False:
            ans = self.answer
            contiguous = ans and ans == list(range(ans[0], ans[0] + len(ans)))
            self._span = (ans[0], ans[-1]) if contiguous else None
        return self._span

    # -- clauses ------------------------------------------------------------
    def add(self, clause: Sequence[int]) -> None:
        self.clauses.append(list(clause))

    def extend(self, clauses: Iterable[Sequence[int]]) -> None:
        self.clauses.extend(map(list, clauses))

    def implies(self, a: int, clause: Sequence[int]) -> None:
        """a -> OR(clause)."""
        self.clauses.append([-a, *clause])

    def equiv_and(self, out: int, lits: Sequence[int]) -> None:
        """out <-> AND(lits)."""
        for x in lits:
            self.clauses.append([-out, x])
        self.clauses.append([out, *(-x for x in lits)])

    def equiv_or(self, out: int, lits: Sequence[int]) -> None:
        """out <-> OR(lits)."""
        for x in lits:
            self.clauses.append([out, -x])
        self.clauses.append([-out, *lits])

    # -- cardinality ---------------------------------------------------------
    def _card(self, kind, lits: Sequence[int], k: int, encoding: str | None) -> None:
        lits = list(lits)
        n = len(lits)
        if k < 0:
            if kind != "atleast":  # at most / exactly a negative number: impossible
                self.clauses.append([])
            return
        if kind == "atmost" and k >= n:
            return
        if kind == "atleast":
            if k == 0:
                return
            if k > n:
                self.clauses.append([])
                return
            if k == 1:
                self.clauses.append(lits)
                return
        if kind == "equals" and k > n:
            self.clauses.append([])
            return
        if k == 0 and kind in ("atmost", "equals"):
            self.clauses.extend([-x] for x in lits)
            return
        if kind == "equals" and k == n:
            self.clauses.extend([x] for x in lits)
            return
        if k == 1 and kind in ("atmost", "equals"):
            if kind == "equals":
                self.clauses.append(lits)
            self._at_most_one(lits, encoding)
            return
        self._encode(kind, lits, k, ENCODINGS[encoding or DEFAULT_K_ENCODING])

    def _encode(self, kind: str, lits: list[int], k: int, enc: int) -> None:
        """pysat's encoding of sum(lits) kind k (lits not empty), numbered from the pool."""
        pool = self.pool
        if pool._occupied or (enc in _BOUNDED_ENCODINGS and 1 < k < len(lits) - 1):
            # pysat's own path: it renumbers around occupied ranges, refuses the bound
            fn = {"atmost": CardEnc.atmost, "atleast": CardEnc.atleast, "equals": CardEnc.equals}[kind]
            self.clauses.extend(fn(lits, bound=k, vpool=pool, encoding=enc).clauses)
            return
        # pysat's C encoder called as CardEnc calls it, without its wrapper
        # (about 40 % of a call in Python: argument checks, a CNFPlus, a lambda
        # per literal, the pool update): the same clauses, the same auxiliary
        # numbers (they follow max(top, largest input), as ``_update_vids``
        # leaves them when the pool has no occupied ranges, checked above)
        top = max(pool.top, max(map(abs, lits)))
        main = int(threading.current_thread() is threading.main_thread())
        clauses = self.clauses
        if kind != "atmost":  # equals is atleast then atmost, as CardEnc.equals
            more, nv = pycard.encode_atleast(lits, k, top, enc, main)
            clauses.extend(more)
            top = max(top, nv)
        if kind != "atleast":
            more, nv = pycard.encode_atmost(lits, k, top, enc, main)
            clauses.extend(more)
            top = max(top, nv)
        pool.top = top

    def _at_most_one(self, lits: list[int], encoding: str | None) -> None:
        if encoding is None:
            encoding = "pairwise" if len(lits) <= PAIRWISE_LIMIT else LARGE_AMO_ENCODING
        if encoding == "pairwise":  # combinations: twice as fast as a nested comprehension
            self.clauses.extend(map(list, itertools.combinations([-x for x in lits], 2)))
            return
        self._encode("atmost", lits, 1, ENCODINGS[encoding])

    def at_most(self, lits: Sequence[int], k: int, encoding: str | None = None) -> None:
        self._card("atmost", lits, k, encoding)

    def at_least(self, lits: Sequence[int], k: int, encoding: str | None = None) -> None:
        self._card("atleast", lits, k, encoding)

    def exactly(self, lits: Sequence[int], k: int, encoding: str | None = None) -> None:
        self._card("equals", lits, k, encoding)

    def at_most_one(self, lits: Sequence[int], encoding: str | None = None) -> None:
        lits = list(lits)
        if len(lits) > 1:
            self._at_most_one(lits, encoding)

    def exactly_one(self, lits: Sequence[int], encoding: str | None = None) -> None:
        lits = list(lits)
        self.clauses.append(lits)  # [] when there is none: impossible
        if len(lits) > 1:
            self._at_most_one(lits, encoding)

    def release(self) -> None:
        """Let go of the clauses, the variables' names and the pool's
        self-reference, once a search is done with the formula. python-sat's
        pool holds itself (``obj2id`` is a defaultdict whose factory is a
        lambda over the pool), so without this the pool, its keys and
        anything holding the formula wait for Python's cycle collector,
        which must scan them all (see ``satlink.engine.search.gc_paused``).
        The names go too: an encoding that holds its formula in a cycle of
        its own (a rule object and a closure over it) waits for the
        collector all the same, which then scans the formula's every key
        (Galaxies: 2,500 tuples, a tenth of a small board's verdict). The
        formula keeps its answer and its number of variables; adding to it
        afterwards, or naming its variables, is an error."""
        self.clauses = None
        pool = self.pool
        pool.obj2id.default_factory = None
        pool.obj2id.clear()
        pool.id2obj.clear()

    # -- output --------------------------------------------------------------
    def to_dimacs(self, header: Sequence[str] = ()) -> str:
        """Deterministic DIMACS text: header comments, one `c N name` line per
        named variable, the answer variables, then `p cnf` and the clauses."""
        out = io.StringIO()
        for line in header:
            out.write(f"c {line}\n")
        for line in self.comments:
            out.write(f"c {line}\n")
        named = sorted(self.pool.id2obj)
        for v in named:
            out.write(f"c {v} {self.name(v)}\n")
        unnamed = self.num_vars - len(named)
        if unnamed:
            out.write(f"c {unnamed} further variables are auxiliaries of cardinality"
                      " and graph encodings\n")
        out.write("c answer " + " ".join(map(str, self.answer)) + "\n")
        out.write(f"p cnf {self.num_vars} {len(self.clauses)}\n")
        for c in self.clauses:
            out.write(" ".join(map(str, c)))
            out.write(" 0\n" if c else "0\n")
        return out.getvalue()
