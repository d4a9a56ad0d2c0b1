"""Pipe pieces in text, as Pipeline and Pipelink write them: a cell's exits
as direction letters (`ns`, `se`; `e` a pipe's end; `nsew` a crossing),
read in any order and written vertical first (`es` reads as `se`)."""
from __future__ import annotations

from ..formats.cellgrid import CellError, Tokens, given
from ..rules.grid import WRITTEN, Cell, Edge, Grid, edges_from_exits, exits


def piece_reader(sizes: tuple[int, ...]):
    """A token parser: ``sizes`` distinct letters of n, e, s, w (None otherwise)."""
    def parse(text: str) -> str | None:
        if len(text) in sizes and len(set(text)) == len(text) and set(text) <= set(WRITTEN):
            return "".join(d for d in WRITTEN if d in text)
        return None
    return parse


def pieces(sizes: tuple[int, ...], expect: str) -> Tokens:
    """The :class:`Tokens` of pieces of ``sizes`` letters, `.` (or `-`) empty."""
    return Tokens(what="a pipe piece", expect=expect, parse=piece_reader(sizes), show=str)


def piece_problem(g: Grid, cell: Cell, dirs: str) -> str | None:
    """Why a piece cannot lie in ``cell`` (an exit off the board), None when it can."""
    off = [d for d in dirs if g.step(cell, d) is None]
    return f"the pipe at {Grid.name(cell)} leads off the board ({off[0]})" if off else None


def pipe_edges(grid) -> frozenset[Edge]:
    """The edges of a grid of pieces; each must be named at both its ends
    (a :class:`CellError` at the first cell whose pipe has no partner)."""
    edges, bad = edges_from_exits(dict(given(grid)))
    if bad:
        raise CellError("this cell's pipe has no matching pipe in the next cell", bad[0][0])
    return edges


def pipe_grid(rows: int, cols: int, edges) -> tuple:
    """Each cell's exits in ``edges`` (None where there is none)."""
    on = frozenset(edges)
    return tuple(tuple(exits(on, (r, c)) or None for c in range(cols)) for r in range(rows))
