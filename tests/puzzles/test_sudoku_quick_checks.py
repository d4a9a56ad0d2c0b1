"""The quick paths a Sudoku batch takes for every puzzle (issue 22) agree
with the slow ones: ``verify`` with a unit-by-unit oracle, ``Latin.values``
read from the block of selector-mode variables with the variable-by-variable
reading, and the one-line reader's byte table with a character-by-character
reading."""
import random

import pytest

from satlink.contract import Options
from satlink.engine.search import encode
from satlink.formats import sudoku_lines
from satlink.model import Model
from satlink.puzzles import sudoku

SHAPES = [(4, 2, 2), (6, 3, 2), (8, 4, 2), (9, 3, 3)]


def valid_grid(n, bw, bh, rng):
    """A random valid grid: the shifted-row pattern with digits, bands,
    rows within bands and columns within stacks shuffled."""
    base = [[(bw * (r % bh) + r // bh + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = list(range(n // bh))
    rng.shuffle(bands)
    rows = [b * bh + r for b in bands for r in rng.sample(range(bh), bh)]
    stacks = list(range(n // bw))
    rng.shuffle(stacks)
    cols = [s * bw + c for s in stacks for c in rng.sample(range(bw), bw)]
    return [[digits[base[r][c] - 1] for c in cols] for r in rows]


def oracle(inst, grid) -> bool:
    """Every given kept and every unit (named by ``Instance.units``) holding 1..n once."""
    n = inst.size
    if any(g and grid[r][c] != g for r, row in enumerate(inst.givens) for c, g in enumerate(row)):
        return False
    return all(sorted(grid[r][c] for r, c in cells) == list(range(1, n + 1))
               for _, cells in inst.units())


@pytest.mark.parametrize("n, bw, bh", SHAPES)
def test_verify_agrees_with_a_unit_by_unit_oracle(n, bw, bh):
    rng = random.Random(n * 100 + bw)
    for _ in range(300):
        grid = valid_grid(n, bw, bh, rng)
        first = [row[:] for row in grid]
        cut = rng.random()
        if cut < 0.25:  # two cells of a row swapped: columns and boxes may break
            r, a, b = rng.randrange(n), rng.randrange(n), rng.randrange(n)
            grid[r][a], grid[r][b] = grid[r][b], grid[r][a]
        elif cut < 0.5:  # a cell changed, or out of range
            grid[rng.randrange(n)][rng.randrange(n)] = rng.randrange(0, n + 2)
        elif cut < 0.6:  # two whole columns of different stacks swapped: boxes break
            a, b = 0, bw if n > bw else 0
            for row in grid:
                row[a], row[b] = row[b], row[a]
        # the givens of the grid before or after the change (then only the units can break)
        source = first if rng.random() < 0.5 else grid
        givens = [[v if rng.random() < 0.3 and 0 < v <= n else 0 for v in row] for row in source]
        inst = sudoku.make(n, givens, (bw, bh))
        sol = tuple(map(tuple, grid))
        problems = sudoku.verify(inst, sol)
        assert (problems == []) == oracle(inst, sol), (inst, sol, problems)


def test_values_from_the_block_equal_the_values_read_one_by_one():
    inst = sudoku.make(9, [[0] * 9] * 9)
    enc = encode(sudoku.GENRE, inst, Options(clues="selectors"))
    square, f = enc.square, enc.formula
    rng = random.Random(5)
    for _ in range(200):
        grid = valid_grid(9, 3, 3, rng)
        true = {square.selector((r + 1, c + 1), grid[r][c]) for r in range(9) for c in range(9)}
        shape = rng.random()
        if shape < 0.3:  # a cell with a second digit
            true.add(square.selector((rng.randrange(1, 10), rng.randrange(1, 10)),
                                     rng.randrange(1, 10)))
        elif shape < 0.5:  # a cell with none
            true.discard(square.selector((3, 4), grid[2][3]))
        model = Model(f, [v if v in true else -v for v in range(1, f.num_vars + 1)], dense=True)
        fast = square.values(model)
        square._block = None  # the variable-by-variable reading
        slow = square.values(model)
        square._index_slots()
        assert square._block is not None and fast == slow
        if shape >= 0.5:
            assert fast == [v for row in grid for v in row]


def reference(line: str, n: int):
    """The digits of a line read character by character, None when one is not a digit."""
    table = {".": 0, "0": 0}
    for i, ch in enumerate(sudoku_lines.ALPHABET[:n]):
        table[ch] = table[ch.lower()] = i + 1
    vals = [table.get(ch) for ch in line]
    return None if None in vals else tuple(tuple(vals[i:i + n]) for i in range(0, n * n, n))


@pytest.mark.parametrize("n", [9, 16])
def test_line_reader_agrees_with_a_character_by_character_reading(n):
    rng = random.Random(n)
    good = ".0" + sudoku_lines.ALPHABET[:n] + sudoku_lines.ALPHABET[:n].lower()
    strange = "xZ#\x05\x00é€ \t" + sudoku_lines.ALPHABET[n:n + 2]
    for _ in range(400):
        chars = [rng.choice(good) for _ in range(n * n)]
        if rng.random() < 0.5:
            chars[rng.randrange(n * n)] = rng.choice(strange)
        line = "".join(chars)
        want = reference(line, n)
        if want is None or len(line.split()) != 1 or len(line.split()[0]) != n * n:
            with pytest.raises(Exception) as err:
                sudoku_lines.parse_line(line, "f.txt", 3)
            assert type(err.value).__name__ == "InputError"
        else:
            assert sudoku_lines.parse_line(line, "f.txt", 3).givens == want
