"""The board Aqre, Shimaguni and Chocona share with Heyawake (rooms, at most
one number per room, moved to its first cell: :mod:`satlink.puzzles.heyawake`
holds the instance): its `.pzl` and janko layout and its pzprjs codec under
each genre's own name, and which rooms lie side by side."""
from __future__ import annotations

from ..formats.cellgrid import REGIONS, Answer, Janko, Layout, board, given
from ..formats.pzprjs import CellCode, Codec, RoomNumbers
from .heyawake import MAX_SIDE, NUMBERS, SHADED, Instance, _from_puzzlink, _to_puzzlink


def layout(name: str) -> Layout:
    """`size C x R`, a `grid` block of room numbers (anywhere in the room), a
    `regions` block, an optional `solution` of shaded cells (`x`); janko:
    `ROWS COLS`, the numbers, the rooms."""
    return Layout(
        name, MAX_SIDE, {"grid": NUMBERS, "regions": REGIONS},
        build=lambda rows, cols, grid, regions: Instance(rows, cols, regions, tuple(given(grid))),
        split=lambda inst: (inst.rows, inst.cols,
                            board(inst.rows, inst.cols, dict(inst.numbers)), inst.regions),
        solution=Answer(SHADED, read=lambda grid: frozenset(c for c, _ in given(grid)),
                        write=lambda inst, sol: board(inst.rows, inst.cols,
                                                      dict.fromkeys(sol, True))),
        janko=Janko((NUMBERS, REGIONS), trailing=True),
    )


def codec(name: str, code: CellCode) -> Codec:
    """pzprjs ``name``: the room borders, then a ``code`` number per room."""
    return Codec(names=(name,), body=RoomNumbers(code), build=_from_puzzlink, split=_to_puzzlink)


def rooms_side_by_side(inst: Instance) -> list[tuple[int, int]]:
    """The pairs of rooms (i < j) with two cells orthogonally adjacent."""
    return sorted({tuple(sorted((inst.room(a), inst.room(b))))
                   for a, b in inst.grid.cell_edges() if inst.room(a) != inst.room(b)})
