"""Hashi's clues and solutions as text: the island numbers of a `grid`
block, the `solution` block's bridge records, and janko's drawn solution
(read against a board: its islands and the pairs that see each other)."""
from __future__ import annotations

from ..numerals import is_natural, natural
from ..rules.bridges import Bridge
from ..rules.grid import Grid, between
from .cellgrid import CellError, Tokens


#: A cell of the `grid` block: an island's number, `.` (janko: `-`) water.
ISLANDS = Tokens(what="an island number 1-8", expect="1-8 or `.` (water)",
                 values={str(v): v for v in range(1, 9)})


def read_bridges(inst, lines) -> tuple[Bridge, ...]:
    """The `solution` block: one bridge per line, `ROW COL ROW COL COUNT`,
    counting rows and columns from 1 (as messages do); for example `1 1 1 4 2`
    is a double bridge from r1c1 to r1c4. Sorted bridges, 0-based."""
    edges, out = set(inst.edges), {}
    for i, line in enumerate(lines):
        if len(line) != 5 or not all(is_natural(t) for t in line):
            raise CellError("a bridge is `ROW COL ROW COL COUNT`, for example `1 1 1 4 2`", (i, 0))
        r1, c1, r2, c2, k = map(natural, line)
        a, b = sorted([(r1 - 1, c1 - 1), (r2 - 1, c2 - 1)])
        if (a, b) not in edges:
            raise CellError(f"r{r1}c{c1} and r{r2}c{c2} are not two islands that see each other",
                            (i, 0))
        if k not in (1, 2):
            raise CellError(f"a pair of islands has 1 or 2 bridges, not {k}", (i, 4))
        if (a, b) in out:
            raise CellError(f"the bridge {Grid.pair_name(a, b)} is listed twice", (i, 0))
        out[(a, b)] = k
    return tuple(sorted((*a, *b, k) for (a, b), k in out.items()))


#: janko's drawn solution: `1`/`2` one or two bridges across, `a`/`b` down,
#: `-` otherwise (a grid of cells cannot show a bridge between adjacent islands).
DRAWN = Tokens(expect="`1`, `2` (bridges across), `a`, `b` (bridges down) or `-`",
               values={"1": (True, 1), "2": (True, 2), "a": (False, 1), "b": (False, 2)})


def bridges_from_drawing(values, inst) -> tuple[Bridge, ...]:
    """Bridges from a drawn solution (:data:`DRAWN` values, islands ignored):
    a :class:`CellError` where a drawn bridge does not join two islands that
    see each other with one kind of bridge all along."""
    drawn = {(r, c): v for r, row in enumerate(values) for c, v in enumerate(row)
             if v is not None and not inst.numbers[r][c]}
    out, used = [], set()
    for a, b in inst.edges:
        horizontal, cells = a[0] == b[0], between(a, b)
        marks = {drawn[c][1] if c in drawn and drawn[c][0] == horizontal else 0 for c in cells}
        if len(marks) > 1:
            raise CellError(f"the bridge from {Grid.name(a)} to {Grid.name(b)} changes along its"
                            " length", cells[0])
        if marks and (k := marks.pop()):
            out.append((*a, *b, k))
            used.update(cells)
    for c in sorted(set(drawn) - used):
        raise CellError(f"the bridge drawn at {Grid.name(c)} does not join two islands", c)
    return tuple(sorted(out))
