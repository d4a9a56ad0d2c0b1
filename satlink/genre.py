"""The declared genre object: everything a genre offers, in one value.

A genre module (``satlink/puzzles/<name>.py``) writes its rules, its
reader and its picture as plain functions, then declares them once::

    GENRE = Genre(
        name="masyu", aliases=("mashu", "pearl", "Masyu"),
        summary="one loop through cell centres: straight on white pearls, turning on black ones",
        instance=Instance, text=FORMAT,
        encode=encode, verify=verify, clues=clues,
        answer=CELL_LOOP, picture=picture,
        puzzlink=PUZZLINK,
        design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name,
                      blank=blank),
    )

The registry (:mod:`satlink.puzzles`) reads ``GENRE`` and nothing else; a
module there without one, or with a malformed one, is an error that names
the module. Everything outside the genre (engine, formats, design tools,
CLI) speaks to the genre through this object.

>>> from satlink.puzzles import get
>>> g = get("pearl")
>>> g.name, g.reads_grid_text, g.design.removable
('masyu', True, True)
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from .contract import Objective
from .genre_answers import ANSWERS
from .records import frozen


@runtime_checkable
class Text(Protocol):
    """How a genre's puzzles are written: `.pzl` (required) and the
    janko / puzzlekit grid text (optional). A
    :class:`satlink.formats.cellgrid.Layout` is one; :class:`Written`
    holds hand-written functions."""

    def from_document(self, doc) -> Any: ...

    def to_pzl(self, inst, solution=None) -> str: ...


@frozen
class Written:
    """A genre's text as hand-written functions (where no declared
    :class:`~satlink.formats.cellgrid.Layout` fits, e.g. Zebra's clue
    sentences). ``check_header(doc)`` refuses a board too large before its
    rows are parsed; ``expected_solution(doc)`` reads a `solution` block."""

    from_document: Callable[[Any], Any]
    to_pzl: Callable[..., str]
    check_header: Callable[[Any], Any] | None = None
    expected_solution: Callable[[Any], Any] | None = None
    from_grid_text: Callable[[Any], Any] | None = None
    solution_from_grid_text: Callable[[Any, Any], Any] | None = None


@frozen
class Design:
    """The design tools' hooks (:mod:`satlink.design`).

    - ``clues_of(inst, solution)``: every clue the board could show that the
      solution obeys (in the genre's ``clues`` form);
    - ``with_clues(inst, clues)``: the puzzle with exactly these clues;
    - ``clue_name(clue)``: how reports and ``--keep`` name it (``r3c4``);
    - ``removable``: removing any clue leaves every solution a solution
      (Sudoku givens, Masyu pearls). False for clues that are structure
      (Hashi islands, Yajilin arrows): ``minimize`` and ``analyze`` refuse
      the genre, and ``generate`` draws whole ``layout``s;
    - ``blank(rows, cols, params)``: the board without clues (generate);
      a :class:`SolvedBlank` where only the solver can tell that the board
      has a solution;
    - ``layout(rows, cols, rng, params)``: a random structure whose clue
      values are placeholders (generate, structure genres); a
      :class:`GrownLayout` where the solver draws it in rounds;
    - ``unavoidable(inst, solution, limit)``: known unavoidable sets of a
      solution (the bounded minimum search starts from them);
    - ``refine(inst, first, second, rng)``: for a structure genre whose
      layouts are seldom unique (Numberlink): a board on which ``first``
      stays a solution and ``second`` does not, or None; ``generate``
      refines a layout until it is unique;
    - ``several_ways``: a clue can hold in more than one way (a Juosan
      number counts the vertical *or* the horizontal lines), so
      ``clues_of`` gives one reading: the design tools ask ``verify``
      whether a solution breaks a clue instead of comparing values.
    """

    clues_of: Callable[[Any, Any], list]
    with_clues: Callable[[Any, Any], Any]
    clue_name: Callable[[Hashable], str]
    removable: bool = True
    blank: Callable[..., Any] | None = None
    layout: Callable[..., Any] | None = None
    unavoidable: Callable[..., Any] | None = None
    refine: Callable[..., Any] | None = None
    several_ways: bool = False


@frozen
class SolvedBlank:
    """A ``Design.blank`` declared as data: ``make(rows, cols, params)``
    builds the clue-less board (refusing what it sees at once), and the
    design tools (:func:`satlink.design.genre_hooks.solved_blank`) refuse it
    with the InputError ``refusal(inst)`` when the solver finds no solution
    on it (Battleship: a fleet with no room). ``genre`` names the genre."""

    genre: str
    make: Callable[..., Any]
    refusal: Callable[[Any], str]

    def __call__(self, rows: int, cols: int, params: dict):
        from .design.genre_hooks import solved_blank

        return solved_blank(self, rows, cols, params)


@frozen
class GrownLayout:
    """A ``Design.layout`` declared as a recipe that the design tools draw
    in rounds (:func:`satlink.design.genre_hooks.grown_layout`): from
    ``start(rows, cols, params)``, while not ``full(inst, params)``, the
    solver draws a random solution of the board so far and
    ``grow(inst, solution, rng, params)`` gives the next board (None: no
    more to add). ``refusal(inst)`` is the InputError's message when the
    starting board has no solution. ``genre`` names the genre."""

    genre: str
    start: Callable[..., Any]
    grow: Callable[..., Any]
    full: Callable[[Any, dict], bool]
    refusal: Callable[[Any], str]

    def __call__(self, rows: int, cols: int, rng, params: dict):
        from .design.genre_hooks import grown_layout

        return grown_layout(self, rows, cols, rng, params)


def no_clues(inst) -> list:
    """``clues`` of a genre whose givens are all structure."""
    return []


@frozen(eq=False)
class Genre:
    """One puzzle genre (see the module docstring).

    Required: ``name`` (lower case; written after `puzzle` in `.pzl`),
    ``summary`` (one line for `satlink list`), ``instance`` (the frozen
    Instance class), ``text`` (:class:`Text`), ``encode(inst, f, options)
    -> Encoding``, ``verify(inst, solution) -> [problems]``,
    ``picture(inst, solution=None)`` (a :class:`satlink.render.Board`),
    and the answer's output: ``answer``, its shape
    (:mod:`satlink.genre_answers`: ``CELL_SET``, ``VALUE_GRID``,
    ``CELL_LOOP``), which gives ``solution_json`` and ``cells``; or
    ``solution_json(inst, solution)`` (the documented `--json` schema)
    written by the genre.

    Optional: ``aliases`` (matched without case); ``clues(inst)``, the
    clues a designer could remove, each behind a selector in selector mode;
    ``cells(inst, solution) -> {name: value}``, the named answer cells
    (where two solutions differ; a declared ``answer`` gives them, a
    genre's own ``cells`` or ``solution_json`` wins over it); ``puzzlink``, the puzz.link codec
    (:mod:`satlink.formats.pzprjs`); ``design`` (:class:`Design`);
    ``batch_shape(inst)``, a key under which puzzles share one solver, their
    clues assumed through selectors, or None for a puzzle that is solved on
    its own (where a fresh encoding measures faster: benchmarks/batches.py);
    ``apply_options(inst, options)``, the
    command-line overrides (``--fill``); ``draw_text(inst, solution)``,
    only where the terminal picture must differ from
    ``to_text(picture(...))``; ``objective`` (an optimising genre's
    :class:`satlink.contract.Objective`).
    """

    name: str
    summary: str
    instance: type
    text: Text
    encode: Callable[..., Any]
    verify: Callable[[Any, Any], list[str]]
    picture: Callable[..., Any]
    answer: Any = None
    solution_json: Callable[[Any, Any], Any] | None = None
    aliases: tuple[str, ...] = ()
    clues: Callable[[Any], list] = no_clues
    cells: Callable[[Any, Any], dict[str, Any]] | None = None
    puzzlink: Any = None
    design: Design | None = None
    batch_shape: Callable[[Any], Hashable] | None = None
    apply_options: Callable[[Any, dict], Any] | None = None
    draw_text: Callable[..., str] | None = None
    objective: Objective | None = None

    def __post_init__(self) -> None:
        if isinstance(self.answer, ANSWERS):  # the declared shape fills what the genre left out
            for key in ("solution_json", "cells"):
                if getattr(self, key) is None:
                    object.__setattr__(self, key, getattr(self.answer, key))
        problems = self.problems()
        if problems:
            raise TypeError(f"genre {self.name!r}: " + "; ".join(problems))
        # the names it answers to, lower case, which the registry matches a name
        # against: a set made once, not a generator over the aliases per lookup
        object.__setattr__(self, "lookup_names",
                           frozenset((self.name, *(a.lower() for a in self.aliases))))

    def problems(self) -> list[str]:
        """What is malformed in this declaration (empty when well-formed)."""
        out = []
        if not isinstance(self.name, str) or not self.name or self.name != self.name.lower():
            out.append("name must be a non-empty lower-case string")
        if not isinstance(self.aliases, tuple) or not all(isinstance(a, str) and a
                                                         for a in self.aliases):
            out.append("aliases must be a tuple of non-empty strings")
        if not isinstance(self.summary, str) or not self.summary:
            out.append("summary must be a non-empty string")
        if self.answer is not None and not isinstance(self.answer, ANSWERS):
            out.append("answer must be a shape of satlink.genre_answers (CELL_SET, VALUE_GRID,"
                       " CELL_LOOP)")
        if self.solution_json is None:
            out.append("solution_json or answer must be given")
        for key in ("encode", "verify", "solution_json", "picture", "clues"):
            if not callable(getattr(self, key)) and not (key == "solution_json"
                                                         and self.solution_json is None):
                out.append(f"{key} must be callable")
        for key in ("cells", "batch_shape", "apply_options", "draw_text"):
            if getattr(self, key) is not None and not callable(getattr(self, key)):
                out.append(f"{key} must be callable or None")
        if not isinstance(self.text, Text):
            out.append("text must offer from_document and to_pzl (a Layout or Written)")
        if self.design is not None and not isinstance(self.design, Design):
            out.append("design must be a Design")
        if self.objective is not None and not isinstance(self.objective, Objective):
            out.append("objective must be a satlink.contract.Objective")
        if not isinstance(self.instance, type):
            out.append("instance must be the Instance class")
        return out

    def __repr__(self) -> str:
        return f"<genre {self.name}>"

    def __reduce__(self):
        """Genres travel to worker processes by name."""
        return (_by_name, (self.name,))

    # -- the text, through ``text`` ------------------------------------------------------
    def from_document(self, doc):
        return self.text.from_document(doc)

    def to_pzl(self, inst, solution=None) -> str:
        return self.text.to_pzl(inst, solution)

    def check_header(self, doc) -> None:
        """Refuse a board too large from its header alone (where the text can)."""
        check = getattr(self.text, "check_header", None)
        if check is not None:
            check(doc)

    def expected_solution(self, doc):
        """The `solution` block of a `.pzl` document, None without one."""
        read = getattr(self.text, "expected_solution", None)
        return read(doc) if read is not None else None

    @property
    def reads_grid_text(self) -> bool:
        """The genre reads janko / puzzlekit grid text."""
        reads = getattr(self.text, "reads_grid_text", None)
        if reads is not None:
            return bool(reads)
        return getattr(self.text, "from_grid_text", None) is not None

    def from_grid_text(self, grid):
        return self.text.from_grid_text(grid)

    def solution_from_grid_text(self, grid, inst):
        """A published solution in grid text; None where the genre reads none."""
        read = getattr(self.text, "solution_from_grid_text", None)
        return read(grid, inst) if read is not None else None

    @property
    def reads_published_solutions(self) -> bool:
        reads = getattr(self.text, "reads_published_solutions", None)
        if reads is not None:
            return bool(reads)
        return getattr(self.text, "solution_from_grid_text", None) is not None

    # -- output ---------------------------------------------------------------------------
    def render_text(self, inst, solution=None) -> str:
        """The terminal picture: ``to_text(picture(...))`` unless the genre
        declares its own ``draw_text``."""
        if self.draw_text is not None:
            return self.draw_text(inst, solution)
        from .render import to_text

        return to_text(self.picture(inst, solution))

    @property
    def designable(self) -> bool:
        """Removable clues: minimize and analyze apply."""
        return self.design is not None and self.design.removable


def _by_name(name: str) -> Genre:
    from .puzzles import get

    return get(name)


def of(module: ModuleType) -> tuple[Genre, ...]:
    """The genres a module declares, ``GENRE`` or ``GENRES`` (an error that
    names the module otherwise)."""
    # a module's own names read from its dict: getattr on a module that lacks
    # one (GENRES, mostly) formats an AttributeError twice, cold C code in
    # every board's parse (the registry reads this for each)
    names = module.__dict__ if type(module) is ModuleType else None
    one = names.get("GENRE") if names is not None else getattr(module, "GENRE", None)
    several = names.get("GENRES") if names is not None else getattr(module, "GENRES", None)
    if (one is None) == (several is None):
        raise RuntimeError(f"puzzle module {module.__name__} declares "
                           f"{'both GENRE and GENRES' if one is not None else 'no GENRE'}"
                           " (see satlink/puzzles/TEMPLATE.py)")
    genres = (one,) if one is not None else several
    if not isinstance(genres, tuple) or not genres:
        raise RuntimeError(f"puzzle module {module.__name__}: GENRES is not a tuple of genres")
    for genre in genres:
        if not isinstance(genre, Genre):
            raise RuntimeError(f"puzzle module {module.__name__}: GENRE is a"
                               f" {type(genre).__name__}, not a satlink.genre.Genre")
    return genres
