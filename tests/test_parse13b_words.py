"""Grid text's lazy rows (:class:`Words`) behave as the lists of tokens they
replace, and :meth:`Tokens.rows` reads them as it reads lists of tokens: the
same values and the same errors at the same places (parse13b)."""
from __future__ import annotations

import pickle

import pytest

from satlink.document import Token
from satlink.errors import InputError, Pos
from satlink.formats.cellgrid import Tokens
from satlink.formats.grid_text import Words, split

TEXT = "2 3\n 1  x 10\n- 2 X\n"


def as_lists(grid):
    """The rows as plain lists of plain tokens (what grid text gave before)."""
    return [[Token(t.text, t.pos) for t in row] for row in grid.lines]


def test_words_index_slice_iterate_as_a_list_of_tokens():
    grid = split(TEXT, "t.txt")
    plain = as_lists(grid)
    for row, want in zip(grid.lines, plain):
        assert isinstance(row, Words) and len(row) == len(want)
        for i in range(-len(want), len(want)):
            assert row[i] == want[i] and row[i].pos == want[i].pos
        for sl in (slice(1, None), slice(None, -1), slice(None, None, -1), slice(5, 9)):
            got = row[sl]
            assert got == want[sl] and [t.pos for t in got] == [t.pos for t in want[sl]]
        assert [t.pos for t in row] == [t.pos for t in want]
        with pytest.raises(IndexError):
            row[len(want)]
    assert grid.lines[1][2].pos == Pos("t.txt", 2, 7)


def test_words_equal_concatenate_show_and_pickle_as_lists():
    grid = split(TEXT)
    plain = as_lists(grid)
    assert grid.lines == plain and plain == grid.lines and grid.lines[1] != plain[2]
    assert grid.lines[0] + grid.lines[1] == plain[0] + plain[1]
    assert plain[0] + grid.lines[1] == plain[0] + plain[1]
    assert repr(grid.lines[1]) == repr(plain[1])
    back = pickle.loads(pickle.dumps(grid.lines[1]))
    assert type(back) is list and back == plain[1] and type(back[0]) is Token
    with pytest.raises(TypeError):
        hash(grid.lines[0])
    assert grid.lines[1].index(Token("x")) == 1 and Token("10") in grid.lines[1]


CLUES = Tokens(expect="a number or `x`", what="a clue", values={"x": "X"}, numbers=(0, 9),
               why="at most 9")


@pytest.mark.parametrize("text", [TEXT, "2 3\n1 x 3\n- 2 X\n", "2 3\n1 1 1\n? 2 2\n",
                                  "2 3\n1 2 3\n4 5 6\n", "2 3\n1 x 3\n- 2 -1\n"])
def test_rows_reads_words_as_it_reads_lists_of_tokens(text):
    """Values, or the first error in reading order, the same from both."""
    grid = split(text, "t.txt")

    def outcome(body):
        try:
            return CLUES.rows(body, grid.error)
        except InputError as exc:
            return str(exc), exc.pos

    lazy, plain = outcome(grid.lines[1:]), outcome(as_lists(grid)[1:])
    assert lazy == plain
    assert outcome([tuple(r) for r in as_lists(grid)[1:]]) == plain  # rows of a .pzl block


def test_rows_learns_a_text_met_twice_in_one_row():
    calls = []

    def parse(t):
        calls.append(t)
        return int(t[1:]) if t.startswith("n") else None

    tokens = Tokens(expect="n<k>", parse=parse)
    grid = split("1 4\nn1 n1 - n2\n")
    assert tokens.rows(grid.lines[1:], grid.error) == ((1, 1, None, 2),)
    assert calls == ["n1", "n2"]


def reference(tokens, tok, r, c, error):
    """One cell as the class documents it, by its own table: the folded text
    in ``empty``, ``aliases``, ``values``, else a number or ``parse``."""
    table = {g: None for g in tokens.empty}
    table.update(tokens.aliases)
    table.update(tokens.values)
    t = tok.text.lower() if tokens.fold else tok.text
    if t in table:
        return table[t]
    return tokens._beyond(tok, t, f"at row {r + 1}, column {c + 1}", error)


def cell_by_cell(tokens, body, error):
    """The reference: each cell read by :func:`reference` in reading order."""
    return tuple(tuple(reference(tokens, tok, r, c, error) for c, tok in enumerate(row))
                 for r, row in enumerate(body))


def by_read(tokens, body, error):
    """Each cell by :meth:`Tokens.read`."""
    return tuple(tuple(tokens.read(tok, r, c, error) for c, tok in enumerate(row))
                 for r, row in enumerate(body))


def every_tokens():
    """The grid-text tables of every genre (and the region names)."""
    from satlink.formats.cellgrid import REGIONS
    from satlink.puzzles import types

    seen = {id(REGIONS): REGIONS}
    for m in types():
        janko = getattr(getattr(m, "text", None), "janko", None)
        if janko is None:
            continue
        for t in (janko.tokens if isinstance(janko.tokens, tuple) else (janko.tokens,)):
            seen.setdefault(id(t), t)
    return list(seen.values())


def test_rows_equals_reading_each_cell_for_every_genre_table():
    """Values, or the same error at the same place, on random grids of each
    table's glyphs (as written and upper-cased), numbers in and out of its
    range (canonical and with leading zeros), region-like names and junk."""
    import random

    rng = random.Random(13)
    for tokens in every_tokens():
        vocab = [*tokens._table, *(g.upper() for g in tokens._table), *map(str, range(0, 130)),
                 "007", "00", "A", "b", "Zz", "x?", "%", "1,2", ",3", "4,", "-"]
        for _ in range(30):
            cols = rng.randint(1, 6)
            good = [w for w in vocab if _reads(tokens, w)]
            lines = [" ".join(rng.choice(good if rng.random() < 0.97 else vocab)
                              for _ in range(cols)) for _ in range(rng.randint(1, 6))]
            grid = split(f"{len(lines)} {cols}\n" + "\n".join(lines), "t.txt")

            def outcome(read):
                try:
                    return read(tokens, grid.lines[1:], grid.error)
                except InputError as exc:
                    return str(exc), exc.pos

            want = outcome(cell_by_cell)
            assert outcome(Tokens.rows) == want, (tokens.expect, lines)
            assert outcome(by_read) == want, (tokens.expect, lines)


def _reads(tokens, word):
    try:
        reference(tokens, Token(word), 0, 0, lambda m, p: InputError(m, p))
        return True
    except InputError:
        return False


#: A Masyu collection whose published solution starts with a byte order mark
#: inside the grid: its first cell is a token no table reads.
BOM_SOLUTION = ('{"name": "Masyu", "data": {"02_6x6": {"problem": "3 3\\n- - -\\n- w -\\n- - -",'
                ' "solution": "3 3\\n\\ufeffse ew sw\\nns - ns\\nne ew nw"}}}')


def test_a_refused_token_chains_nothing_so_its_error_travels_from_a_child():
    """A refused token's error is raised outside the handler of the closure
    that words it: with tblib's pickling installed (as it is once
    distributed is imported, in `check --dask` or a test before), pickling
    an error pickles its chain, and a chained closure could not travel
    (`check` under limits answered "could not send its answer")."""
    import subprocess
    import sys

    code = (
        "import pickle, sys\n"
        "from tblib import pickling_support\n"
        "pickling_support.install()\n"
        "from satlink.formats import puzzlekit\n"
        "[item] = puzzlekit.read(sys.argv[1], 'c.json', 'masyu')\n"
        "assert item.error is not None and 'row 1, column 1' in str(item.error), item.error\n"
        "assert item.error.__context__ is None and item.error.__cause__ is None\n"
        "pickle.dumps(item)\n"
        "print('ok')\n")
    run = subprocess.run([sys.executable, "-c", code, BOM_SOLUTION], capture_output=True,
                         text=True, timeout=120)
    assert run.stdout.strip() == "ok", run.stderr


@pytest.mark.parametrize("how", ["rows", "read"])
def test_token_errors_chain_nothing(how):
    table = Tokens(expect="a digit", numbers=(1, 4))
    grid = split("1 2\n3 q\n", "t.txt")

    def error(message, pos):
        return InputError(message, pos)

    with pytest.raises(InputError) as info:
        if how == "rows":
            table.rows(grid.lines, error)
        else:
            table.read(grid.lines[1][1], 1, 1, error)
    assert "`q` at row 2, column 2" in str(info.value)
    assert info.value.__context__ is None and info.value.__cause__ is None
