"""Zebra puzzles: clue language, encoding against brute force, verify, I/O."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satlink
from satlink import engine
from satlink.errors import InputError, Pos
from satlink.formats import Item
from satlink.lang import parse_file, parse_text
from satlink.puzzles import zebra
from satlink.puzzles._zebra_clues import Clue

from helpers import EXTERNAL, ROOT, dimacs_roundtrip
from tests.puzzles.genre_checks import brute_force_harness

INSTANCES = sorted((ROOT / "instances" / "zebra").glob("*.pzl"))
LIFE_1962 = ROOT / "instances" / "zebra" / "life-international-1962.pzl"


def load(text: str, name: str = "t.pzl") -> zebra.Instance:
    return zebra.from_document(parse_text(text, name))


def solve(inst, limit=2):
    return engine.solve(zebra.GENRE, inst, limit=limit)


# -- brute force on 3 houses x 3 attributes ------------------------------------------------
TINY_HEAD = """puzzle zebra
houses 3
attribute colour: red green blue
attribute pet: dog fox cat
attribute drink: tea milk water
"""
TINY_VALUES = [("colour", ("red", "green", "blue")), ("pet", ("dog", "fox", "cat")),
               ("drink", ("tea", "milk", "water"))]
NAMES = [v for _, vals in TINY_VALUES for v in vals]

# The rules as stated in the README, written again here independently of the
# module: pa, pb are houses (1..3, left to right), d a distance, h a house.
PAIR = {
    "=": lambda pa, pb, d: pa == pb,
    "!=": lambda pa, pb, d: pa != pb,
    "left-of": lambda pa, pb, d: pb - pa == 1,
    "right-of": lambda pa, pb, d: pa - pb == 1,
    "somewhere-left-of": lambda pa, pb, d: pa < pb,
    "somewhere-right-of": lambda pa, pb, d: pb < pa,
    "next-to": lambda pa, pb, d: pa in (pb - 1, pb + 1),
    "not-next-to": lambda pa, pb, d: pa not in (pb - 1, pb + 1),
    "distance": lambda pa, pb, d: pa - pb in (d, -d),
}
SPOTS = {"1": 1, "2": 2, "3": 3, "first": 1, "middle": 2, "last": 3}


def rel_text_and_test(kind, a, b, spot, d):
    """(clue text, predicate on house-of dict) for one simple relation."""
    if kind in ("at", "not-at"):
        h = SPOTS[spot]
        test = (lambda w: w[a] == h) if kind == "at" else (lambda w: w[a] != h)
        return f"{a} {kind} {spot}", test
    if kind == "distance":
        return f"{a} distance {d} {b}", lambda w: PAIR["distance"](w[a], w[b], d)
    return f"{a} {kind} {b}", lambda w: PAIR[kind](w[a], w[b], None)


@st.composite
def relations(draw):
    kind = draw(st.sampled_from([*PAIR, "at", "not-at"]))
    a, b = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=2, unique=True))
    return rel_text_and_test(kind, a, b, draw(st.sampled_from(sorted(SPOTS))),
                             draw(st.integers(1, 2)))


@st.composite
def clues(draw):
    form = draw(st.sampled_from(["simple", "simple", "either", "one-of"]))
    if form == "simple":
        return draw(relations())
    if form == "either":
        (t1, p1), (t2, p2) = draw(relations()), draw(relations())
        return f"either ({t1}) or ({t2})", lambda w: p1(w) or p2(w)
    rels = draw(st.lists(relations(), min_size=2, max_size=3))
    return ("one-of " + " ".join(f"({t})" for t, _ in rels),
            lambda w: sum(p(w) for _, p in rels) == 1)


def all_assignments():
    """Every placement of the 9 tiny values: dict value -> house."""
    perms = list(itertools.permutations((1, 2, 3)))
    for pc, pp, pd in itertools.product(perms, repeat=3):
        w = {}
        for (_, vals), perm in zip(TINY_VALUES, (pc, pp, pd)):
            w.update(zip(vals, perm))
        yield w


def brute_force(preds) -> set:
    return {tuple(sorted(w.items())) for w in all_assignments() if all(p(w) for p in preds)}


def engine_solutions(inst) -> set:
    res = solve(inst, limit=300)
    assert res.complete
    out = set()
    for sol in res.solutions:
        assert zebra.verify(inst, sol) == []
        w = {name: p for row in sol for p, name in enumerate(row, 1)}
        out.add(tuple(sorted(w.items())))
    return out


def oracle(inst) -> set:
    """Every placement that keeps the tiny instance's clues, read as data and
    judged by :data:`PAIR` and :data:`SPOTS` above (not the module's tables)."""
    def holds(rel, w) -> bool:
        a = inst.values[rel.a[0]][rel.a[1]]
        if rel.kind in ("at", "not-at"):
            return (w[a] == SPOTS[str(rel.n)]) == (rel.kind == "at")
        return PAIR[rel.kind](w[a], w[inst.values[rel.b[0]][rel.b[1]]], rel.n)

    def keeps(clue, w) -> bool:
        got = [holds(rel, w) for rel in clue.relations]
        if clue.kind == "simple":
            return got[0]
        return any(got) if clue.kind == "either" else sum(got) == 1

    return {tuple(sorted(w.items())) for w in all_assignments()
            if all(keeps(c, w) for c in inst.clues)}


def placement(sol) -> tuple:
    """A decoded solution (each attribute's values in house order) as the oracle's form."""
    return tuple(sorted((name, p) for row in sol for p, name in enumerate(row, 1)))


#: Lazy, complete and selector modes, and the verdict, against brute force on
#: 3 houses x 3 attributes with up to five clues of every kind.
test_modes_agree_with_brute_force = brute_force_harness(
    zebra.GENRE, st.lists(clues(), max_size=5).map(
        lambda cl: load(TINY_HEAD + "".join(f"clue {t}\n" for t, _ in cl))),
    oracle, examples=120, key=placement)


@settings(max_examples=60, deadline=None)
@given(st.lists(clues(), min_size=0, max_size=5))
def test_clues_read_as_written(clue_list):
    """The clue text reads as the predicates it was drawn with (the harness's
    oracle reads the clues as data; this ties the data to the text)."""
    inst = load(TINY_HEAD + "".join(f"clue {t}\n" for t, _ in clue_list))
    assert oracle(inst) == brute_force([p for _, p in clue_list])


@pytest.mark.parametrize("kind", [*PAIR, "at", "not-at", "either", "one-of"])
def test_every_clue_kind_alone_matches_brute_force(kind):
    # Each kind on its own, in every arrangement of two values of different
    # attributes and of the same attribute.
    for a, b in [("red", "fox"), ("red", "blue"), ("fox", "water")]:
        for d, spot in [(1, "first"), (2, "last"), (1, "middle"), (2, "2")]:
            if kind == "either":
                t1, p1 = rel_text_and_test("next-to", a, b, spot, d)
                t2, p2 = rel_text_and_test("at", a, b, spot, d)
                text, pred = f"either ({t1}) or ({t2})", (lambda w, p1=p1, p2=p2: p1(w) or p2(w))
            elif kind == "one-of":
                rels = [rel_text_and_test(k, a, b, spot, d) for k in ("=", "!=", "at")]
                text = "one-of " + " ".join(f"({t})" for t, _ in rels)
                pred = lambda w, rels=rels: sum(p(w) for _, p in rels) == 1  # noqa: E731
            else:
                text, pred = rel_text_and_test(kind, a, b, spot, d)
            inst = load(TINY_HEAD + f"clue {text}\n")
            assert engine_solutions(inst) == brute_force([pred]), text


def test_no_clues_counts_all_permutations():
    assert solve(load(TINY_HEAD), limit=300).count == 6 ** 3


# -- the 1962 puzzle and the instances -------------------------------------------------------
def test_1962_unique_japanese_owns_zebra_norwegian_drinks_water():
    doc = parse_file(LIFE_1962)
    inst = zebra.from_document(doc)
    assert len(inst.clues) == 14  # clue 1 is `houses 5`
    res = solve(inst)
    assert res.verdict == "unique"
    sol = res.solutions[0]
    where = {name: p for row in sol for p, name in enumerate(row, 1)}
    assert where["zebra"] == where["japanese"]
    assert where["water"] == where["norwegian"]
    assert sol == zebra.expected_solution(doc)
    text = zebra.GENRE.render_text(inst, sol)
    assert f"zebra: house {where['zebra']}," in text and "japanese" in text.splitlines()[-1]
    assert text.splitlines()[-2].startswith(f"water: house {where['water']}, ")


def test_1962_without_a_clue_is_not_unique():
    text = LIFE_1962.read_text().replace("clue norwegian next-to blue", "")
    res = solve(load(text))
    assert res.verdict == "multiple"
    assert res.differing and all(c.startswith("house ") for c in res.differing)


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.name)
def test_instances_unique_and_match_their_solution(path):
    doc = parse_file(path)
    inst = zebra.from_document(doc)
    res = solve(inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == zebra.expected_solution(doc)


def test_instances_cover_every_clue_kind():
    kinds = set()
    for path in INSTANCES:
        for c in zebra.from_document(parse_file(path)).clues:
            kinds.add(c.kind)
            kinds.update(r.kind for r in c.relations)
    assert kinds >= {"simple", "either", "one-of", *PAIR, "at", "not-at"}


def test_cli_solve_and_json_through_the_registry():
    item = satlink.load(str(LIFE_1962))[0]
    assert item.puzzle is zebra.GENRE
    out = satlink.outcome(item)
    assert out.verdict == "unique" and out.expected_ok
    js = out.solution_json
    assert sorted(js) == ["1", "2", "3", "4", "5"]
    zebra_house = next(h for h, attrs in js.items() if attrs["pet"] == "zebra")
    assert js[zebra_house]["nationality"] == "japanese"
    assert set(js["1"]) == {"colour", "nationality", "drink", "smoke", "pet"}


# -- verify ----------------------------------------------------------------------------------
def test_verify_accepts_the_published_solution_and_rejects_changes():
    doc = parse_file(LIFE_1962)
    inst = zebra.from_document(doc)
    good = zebra.expected_solution(doc)
    assert zebra.verify(inst, good) == []
    # swap the pets of houses 4 and 5 (dog, zebra): the Spaniard no longer owns the dog
    pets = list(good[4])
    pets[3], pets[4] = pets[4], pets[3]
    bad = good[:4] + (tuple(pets),)
    problems = zebra.verify(inst, bad)
    assert len(problems) == 1 and "spaniard = dog" in problems[0]
    # swap the colours of houses 1 and 2: Kools (house 1) leave the yellow house, and
    # the blue house becomes the Norwegian's own, no longer his neighbour
    cols = list(good[0])
    cols[0], cols[1] = cols[1], cols[0]
    problems = zebra.verify(inst, (tuple(cols),) + good[1:])
    assert len(problems) == 2
    assert "kools = yellow" in problems[0] and "norwegian next-to blue" in problems[1]


def test_verify_rejects_a_value_used_twice():
    inst = load(TINY_HEAD)
    bad = (("red", "red", "blue"), ("dog", "fox", "cat"), ("tea", "milk", "water"))
    assert zebra.verify(inst, bad) == ["attribute colour does not place each of its values"
                                       " in one house"]


@pytest.mark.parametrize("clue, holds", [
    ("either (red at 1) or (fox at 1)", True),        # both true: inclusive or
    ("either (red at 2) or (fox at 1)", True),
    ("either (red at 2) or (fox at 2)", False),
    ("one-of (red at 1) (fox at 1)", False),         # two true: not exactly one
    ("one-of (red at 1) (fox at 2) (cat = red)", True),
    ("red not-next-to fox", True),                   # same house is not next to
    ("red not-next-to green", False),
    ("tea distance 2 red", True),
    ("water distance 2 red", False),
    ("green somewhere-right-of red", True),
    ("blue somewhere-left-of green", False),
])
def test_verify_semantics_on_a_fixed_solution(clue, holds):
    inst = load(TINY_HEAD + f"clue {clue}\n")
    sol = (("red", "green", "blue"), ("fox", "dog", "cat"), ("water", "milk", "tea"))
    assert (zebra.verify(inst, sol) == []) is holds


# -- parse errors ------------------------------------------------------------------------------
@pytest.mark.parametrize("extra, line, col, words", [
    ("clue fox next-to zebr", 6, 18, "unknown value `zebr`; did you mean"),
    ("clue fox next-to cta", 6, 18, "did you mean `cat`"),
    ("clue pet.fxo = dog", 6, 10, "attribute pet has no value `fxo`; did you mean `fox`"),
    ("clue pett.fox = dog", 6, 6, "unknown attribute `pett`; did you mean `pet`"),
    ("clue fox rightof dog", 6, 10, "did you mean `right-of`"),
    ("clue fox", 6, 9, "ends too early"),
    ("clue fox at 4", 6, 13, "no house 4"),
    ("clue fox distance 3 dog", 6, 19, "distance 3 is impossible"),
    ("clue fox = fox", 6, 6, "to itself"),
    ("clue either (fox = dog) or fox", 6, 28, "expected `(`"),
    ("clue fox @ dog", 6, 10, "`@` is not understood"),
    ("ask zebar", 6, 5, "unknown value `zebar`"),
])
def test_clue_errors_have_positions(extra, line, col, words):
    head = TINY_HEAD.replace("attribute drink: tea milk water", "attribute drink: tea milk zebra")
    with pytest.raises(InputError) as exc:
        load(head + extra + "\n")
    e = exc.value
    assert (e.pos.file, e.pos.line, e.pos.column) == ("t.pzl", line, col)
    assert words in e.message
    assert e.source_line == extra


@pytest.mark.parametrize("text, line, col, words", [
    ("houses 3\nattribute colour: red green\n", 3, 11, "attribute colour has 2 values, houses says 3"),
    ("houses 3\nattribute colour: red green blue pink\n", 3, 34, "has 4 values, houses says 3"),
    ("houses 3\nattribute colour: red green blue\nattribute drink: red tea milk\n"
     "clue red = tea\n", 5, 6, "value `red` belongs to several attributes; write `colour.red`"
     " or `drink.red`"),
    ("houses 3\nattribute colour: red red blue\n", 3, 23, "appears twice"),
    ("houses 3\nattribute colour red green blue\n", 3, 11, "expected `attribute NAME: VALUE"),
    ("houses 2\nattribute colour: red either\n", 3, 23, "word of the clue language"),
    ("houses 4\nattribute a: w x y z\nclue w at middle\n", 4, 11, "odd number of houses"),
    ("houses 0\nattribute a:\n", 2, 8, "outside 1..64"),
    ("houses 3\nattribute a: x y z\nsolution\n  a: x y q\n", 5, 10, "no value `q`"),
    ("houses 3\nattribute a: x y z\nclue x = y\n  z\n", 5, 3, "a clue is one line"),
])
def test_document_errors_have_positions(text, line, col, words):
    with pytest.raises(InputError) as exc:
        load("puzzle zebra\n" + text)
    e = exc.value
    assert (e.pos.line, e.pos.column) == (line, col), e.render()
    assert words in e.message


def test_qualified_names_resolve_shared_values():
    inst = load("puzzle zebra\nhouses 2\nattribute colour: red orange\n"
                "attribute drink: orange tea\nclue colour.orange = drink.orange\nclue red at 1\n")
    res = solve(inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == (("red", "orange"), ("tea", "orange"))
    assert "clue colour.orange = drink.orange" in zebra.to_pzl(inst)


def test_value_names_that_look_like_keywords():
    inst = load("puzzle zebra\nhouses 3\nattribute w: at first distance\n"
                "attribute v: or next-to attic\nclue at = next-to\nclue first at last\n"
                "clue distance distance 2 attic\n")
    res = solve(inst)
    assert res.verdict == "unique"
    assert res.solutions[0] == (("distance", "at", "first"), ("or", "next-to", "attic"))


# -- round trip -----------------------------------------------------------------------------------
@st.composite
def instances(draw):
    n = draw(st.integers(2, 5))
    k = draw(st.integers(1, 4))
    pool = ["red", "fox", "tea", "x1", "old-gold", "o'neil", "7up", "c++"]
    attrs = tuple(f"at{i}" for i in range(k))
    values = tuple(tuple(draw(st.lists(st.sampled_from(pool + [f"{a}v{j}" for j in range(n)]),
                                       min_size=n, max_size=n, unique=True)))
                   for a in attrs)
    refs = st.tuples(st.integers(0, k - 1), st.integers(0, n - 1))

    def relation():
        kind = draw(st.sampled_from([*zebra.PAIR_RULES, *zebra.AT_RULES]))
        a = draw(refs)
        if kind in zebra.AT_RULES:
            spots = [*range(1, n + 1), "first", "last"] + (["middle"] if n % 2 else [])
            return zebra.Relation(kind, a, None, draw(st.sampled_from(spots)))
        b = draw(refs.filter(lambda r: r != a))
        d = draw(st.integers(1, n - 1)) if kind == "distance" else None
        return zebra.Relation(kind, a, b, d)

    clue_list = []
    for _ in range(draw(st.integers(0, 6))):
        form = draw(st.sampled_from(["simple", "either", "one-of"]))
        m = {"simple": 1, "either": 2, "one-of": draw(st.integers(2, 4))}[form]
        clue_list.append(Clue(form, tuple(relation() for _ in range(m))))
    asks = tuple(dict.fromkeys(draw(st.lists(refs, max_size=3))))
    return zebra.Instance(n, attrs, values, tuple(clue_list), asks)


@settings(max_examples=150, deadline=None)
@given(instances())
def test_to_pzl_round_trip(inst):
    text = zebra.to_pzl(inst)
    assert load(text) == inst
    again = load(zebra.to_pzl(inst, tuple(inst.values)))
    assert again == inst


def test_round_trip_with_solution_block():
    doc = parse_file(LIFE_1962)
    inst = zebra.from_document(doc)
    sol = zebra.expected_solution(doc)
    text = zebra.to_pzl(inst, sol)
    doc2 = parse_text(text)
    assert zebra.from_document(doc2) == inst
    assert zebra.expected_solution(doc2) == sol


# -- DIMACS through external solvers ------------------------------------------------------------------
@pytest.mark.parametrize("solver", EXTERNAL)
@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.name)
def test_dimacs_through_external_solver(solver, path, tmp_path):
    doc = parse_file(path)
    item = Item(Pos(str(path)), zebra.GENRE, zebra.from_document(doc))
    decoded = dimacs_roundtrip(item, solver, tmp_path)
    assert decoded.status == "sat"
    assert decoded.problems == []
    assert decoded.solution == zebra.expected_solution(doc)


def test_dimacs_names_position_variables():
    item = Item(Pos("x"), zebra.GENRE, zebra.from_document(parse_file(LIFE_1962)))
    text = satlink.dimacs(item)
    assert "house(pet,zebra,5)" in text
    assert "c answer " in text


def test_render_without_solution():
    inst = load(TINY_HEAD + "clue red = fox\n")
    text = zebra.GENRE.render_text(inst)  # to_text(picture()): the table, then the clues
    assert text.splitlines()[0].startswith("┌") and text.endswith("1. red = fox")
    assert text.count("·") == 9


def test_distance_of_5000_digits_is_an_input_error():
    """Found by tests/test_fuzz.py: int() refuses more than 4300 digits (ValueError)."""
    with pytest.raises(InputError) as exc:
        satlink.load_text("puzzle zebra\nhouses 2\nattribute a: x y\nclue x distance "
                          + "1" * 5000 + " y\n", "z.pzl")
    assert exc.value.pos.line == 4
