"""Zebra (Einstein) logic puzzles: houses in a row, attributes, clues.

Rules: ``houses N`` positions in a row, numbered 1..N from the left; each
attribute has N values and every value sits in exactly one house, one value
of each attribute per house. Clues (grammars/zebra.lark) relate values:
same house, different house, an exact house, immediately or anywhere left /
right, next to, not next to, at a distance, ``either (R) or (R)`` (at least
one) and ``one-of (R) (R) ...`` (exactly one).

Encoding (encodings/zebra.md): a permutation matrix ``house(attr, value, p)``
per attribute, and every relation as clauses over these position literals:
for each house of one value, the houses of the other value it allows.
Compound clues reify their relations with an indicator literal each.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

import lark

from .. import contract
from ..rules import counts
from ..errors import InputError, Pos
from ..formula import Formula
from ..lang import Document, Entry, build_parser, is_natural, natural
from ..genre import Design, Genre, Written

NAME = "zebra"
#: Largest puzzle accepted (README): 64 houses x 64 attributes is 262,144 position variables.
MAX_HOUSES = 64
MAX_ATTRIBUTES = 64

#: (house of a, house of b) -> does the relation hold; ``d`` is the distance.
PAIR_RULES = {
    "=": lambda a, b, d: a == b,
    "!=": lambda a, b, d: a != b,
    "left-of": lambda a, b, d: a == b - 1,
    "right-of": lambda a, b, d: a == b + 1,
    "somewhere-left-of": lambda a, b, d: a < b,
    "somewhere-right-of": lambda a, b, d: a > b,
    "next-to": lambda a, b, d: abs(a - b) == 1,
    "not-next-to": lambda a, b, d: abs(a - b) != 1,
    "distance": lambda a, b, d: abs(a - b) == d,
}
#: house of a, the house named -> does the relation hold.
AT_RULES = {"at": lambda a, h: a == h, "not-at": lambda a, h: a != h}
SPOT_WORDS = ("first", "last", "middle")
#: Words of the clue language that may not be value names (they start a clue).
RESERVED = ("either", "one-of")
_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_'+-]*\Z")

Ref = tuple  # (attribute index, value index)


@dataclass(frozen=True)
class Relation:
    """One simple relation: ``a KIND b``, ``a distance n b`` or ``a at n``."""

    kind: str  # a key of PAIR_RULES or AT_RULES
    a: Ref
    b: Ref | None = None  # None for at / not-at
    n: int | str | None = None  # distance, or house (number or first/last/middle)
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Clue:
    """``simple`` (one relation), ``either`` (at least one of two) or
    ``one-of`` (exactly one of two or more)."""

    kind: str
    relations: tuple[Relation, ...]
    pos: Pos = field(default=Pos(), compare=False)


@dataclass(frozen=True)
class Instance:
    houses: int
    attributes: tuple[str, ...]
    values: tuple[tuple[str, ...], ...]  # values[a] lists attribute a's N values
    clues: tuple[Clue, ...] = ()
    asks: tuple[Ref, ...] = ()
    #: The number each clue goes by (``clues``, the selectors, ``verify``'s
    #: messages): () for 1, 2, ... in order; a puzzle cut down by
    #: :func:`with_clues` keeps its clues' first numbers (not written to .pzl).
    numbers: tuple[int, ...] = ()
    #: Every clue the puzzle was written with, clue k at index k - 1, when
    #: :func:`with_clues` has left some out (() when ``clues`` are all of
    #: them): the design tools' clue space, kept so that any of them can be
    #: put back by number (not written to .pzl).
    catalogue: tuple[Clue, ...] = ()

    def numbered(self) -> list[tuple[int, "Clue"]]:
        """(number, clue) for every clue, in order."""
        return list(zip(self.numbers or range(1, len(self.clues) + 1), self.clues))

    def written(self) -> list[tuple[int, "Clue"]]:
        """(number, clue) for every clue of the :attr:`catalogue`."""
        return list(enumerate(self.catalogue, 1)) if self.catalogue else self.numbered()

    def value_name(self, ref: Ref) -> str:
        """``fox``, or ``pet.fox`` when another attribute has a value `fox` too."""
        a, v = ref
        name = self.values[a][v]
        if sum(name in vals for vals in self.values) > 1:
            return f"{self.attributes[a]}.{name}"
        return name

    def house(self, spot: int | str) -> int:
        """The house number of a spot (3, first, last, middle)."""
        if spot == "first":
            return 1
        if spot == "last":
            return self.houses
        if spot == "middle":
            return (self.houses + 1) // 2
        return int(spot)


# -- clue text -------------------------------------------------------------------------
def relation_text(inst: Instance, rel: Relation) -> str:
    """A relation in the clue language (canonical spacing)."""
    a = inst.value_name(rel.a)
    if rel.kind in AT_RULES:
        return f"{a} {rel.kind} {rel.n}"
    b = inst.value_name(rel.b)
    if rel.kind == "distance":
        return f"{a} distance {rel.n} {b}"
    return f"{a} {rel.kind} {b}"


def clue_text(inst: Instance, clue: Clue) -> str:
    """A clue in the clue language, as written after `clue`."""
    parts = [relation_text(inst, r) for r in clue.relations]
    if clue.kind == "simple":
        return parts[0]
    if clue.kind == "either":
        return f"either ({parts[0]}) or ({parts[1]})"
    return "one-of " + " ".join(f"({p})" for p in parts)


# -- .pzl ----------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _clue_parser() -> lark.Lark:
    return build_parser("zebra")


def nearest(text: str, pool) -> str | None:
    """The name in ``pool`` most like ``text`` (difflib ratio; ties go to the
    same first letter, then the closest length)."""
    def score(cand):
        ratio = difflib.SequenceMatcher(None, text, cand).ratio()
        return ratio, cand[:1] == text[:1], -abs(len(cand) - len(text))
    return max(pool, key=score, default=None)


class _Names:
    """Resolves value references, with difflib suggestions for unknown names."""

    def __init__(self, doc: Document, attributes, values):
        self.doc, self.attributes, self.values = doc, attributes, values
        self.by_name: dict[str, list[Ref]] = {}
        for a, vals in enumerate(values):
            for v, name in enumerate(vals):
                self.by_name.setdefault(name, []).append((a, v))
        self.candidates = list(self.by_name) + [f"{attributes[a]}.{n}"
                                                for a, vals in enumerate(values) for n in vals]

    def _nearest(self, text: str, pool) -> str:
        best = nearest(text, pool)
        return f"; did you mean `{best}`?" if best else ""

    def resolve(self, attr: str | None, name: str, pos: Pos, name_pos: Pos) -> Ref:
        """The (attribute, value) of ``name`` or ``attr.name``."""
        if attr is not None:
            if attr not in self.attributes:
                raise self.doc.error(f"unknown attribute `{attr}`"
                                     + self._nearest(attr, self.attributes), pos)
            a = self.attributes.index(attr)
            if name not in self.values[a]:
                raise self.doc.error(f"attribute {attr} has no value `{name}`"
                                     + self._nearest(name, self.values[a]), name_pos)
            return a, self.values[a].index(name)
        found = self.by_name.get(name)
        if not found:
            raise self.doc.error(f"unknown value `{name}`"
                                 + self._nearest(name, self.candidates), pos)
        if len(found) > 1:
            names = " or ".join(f"`{self.attributes[a]}.{name}`" for a, _ in found)
            raise self.doc.error(f"value `{name}` belongs to several attributes; write {names}",
                                 pos)
        return found[0]

    def resolve_text(self, text: str, pos: Pos) -> Ref:
        """Resolve a whole token (`fox` or `pet.fox`)."""
        if text.count(".") == 1:
            attr, name = text.split(".")
            return self.resolve(attr, name, pos, Pos(pos.file, pos.line, pos.column + len(attr) + 1))
        return self.resolve(None, text, pos, pos)


def from_document(doc: Document) -> Instance:
    """Read `houses`, `attribute`, `clue`, `ask` (and check a `solution` block)."""
    inst, _ = _read(doc)
    return inst


def _read(doc: Document):
    doc.check_keywords({"houses", "attribute", "clue", "ask", "solution"})
    he = doc.entry("houses", required=True)
    if len(he.values) != 1 or not is_natural(he.values[0].text) or he.rows:
        raise doc.error("expected `houses N`, for example `houses 5`", he.pos)
    n = natural(he.values[0].text)
    if not 1 <= n <= MAX_HOUSES:
        raise doc.error(f"houses {n} is outside 1..{MAX_HOUSES}", he.values[0].pos)
    attributes, values = [], []
    attr_entries = doc.entries_named("attribute")
    if not attr_entries:
        raise doc.error("missing `attribute NAME: VALUE ...` lines", Pos(doc.file, 1, 1))
    if len(attr_entries) > MAX_ATTRIBUTES:
        raise doc.error(f"{len(attr_entries)} attributes; at most {MAX_ATTRIBUTES} are allowed",
                        attr_entries[MAX_ATTRIBUTES].pos)
    for e in attr_entries:
        name, name_tok, vals = _split_attribute(doc, e)
        if name in attributes:
            raise doc.error(f"attribute `{name}` is given twice", name_tok.pos)
        seen = []
        for tok in vals:
            _check_name(doc, tok.text, tok.pos, "value")
            if tok.text in seen:
                raise doc.error(f"value `{tok.text}` appears twice in attribute {name}", tok.pos)
            seen.append(tok.text)
        if len(seen) != n:
            where = vals[n].pos if len(vals) > n else name_tok.pos
            raise doc.error(f"attribute {name} has {len(seen)} values, houses says {n}", where)
        attributes.append(name)
        values.append(tuple(seen))
    names = _Names(doc, tuple(attributes), tuple(values))
    base = Instance(n, tuple(attributes), tuple(values))
    clues = tuple(_read_clue(doc, e, names, base) for e in doc.entries_named("clue"))
    asks = []
    for e in doc.entries_named("ask"):
        if not e.values or e.rows:
            raise doc.error("expected `ask VALUE`, for example `ask zebra`", e.pos)
        for tok in e.values:
            ref = names.resolve_text(tok.text, tok.pos)
            if ref not in asks:
                asks.append(ref)
    inst = Instance(n, tuple(attributes), tuple(values), clues, tuple(asks))
    sol_e = doc.entry("solution")
    sol = _read_solution(doc, sol_e, inst, names) if sol_e is not None else None
    return inst, sol


def _check_name(doc: Document, text: str, pos: Pos, what: str) -> None:
    if not _NAME_RE.match(text):
        raise doc.error(f"`{text}` is not a {what} name: use letters, digits and _ - ' +"
                        " (no dots; qualify with `attribute.value` in clues)", pos)
    if text in RESERVED:
        raise doc.error(f"`{text}` is a word of the clue language and cannot be a {what} name",
                        pos)


def _split_attribute(doc: Document, e: Entry):
    """`attribute NAME: V V V` -> (name, name token, value tokens)."""
    toks = list(e.values)
    if e.rows:
        raise doc.error("an attribute is one line: `attribute NAME: VALUE ...`", e.rows[0][0].pos)
    if toks and toks[0].text.endswith(":") and len(toks[0].text) > 1:
        name_tok, vals = toks[0], toks[1:]
        name = name_tok.text[:-1]
    elif len(toks) >= 2 and toks[1].text == ":":
        name_tok, vals = toks[0], toks[2:]
        name = name_tok.text
    else:
        raise doc.error("expected `attribute NAME: VALUE ...`, for example"
                        " `attribute pet: dog fox zebra`", toks[0].pos if toks else e.pos)
    _check_name(doc, name, name_tok.pos, "attribute")
    return name, name_tok, vals


_EXPECTED = {
    "NAME": "a value", "PAIR": "a relation (= != left-of right-of somewhere-left-of"
    " somewhere-right-of next-to not-next-to)", "AT": "`at`/`not-at`", "DISTANCE": "`distance`",
    "INT": "a number", "SPOT_WORD": "first/last/middle", "LPAR": "`(`", "RPAR": "`)`",
    "OR": "`or`", "DOT": "`.`", "EITHER": "`either`", "ONE_OF": "`one-of`",
    "$END": "the end of the clue",
}
_RELATIONS_HELP = ("a relation: = != at not-at left-of right-of somewhere-left-of"
                   " somewhere-right-of next-to not-next-to distance")
_WORDS = [*PAIR_RULES, *AT_RULES, *SPOT_WORDS, "either", "one-of", "or"]


def _read_clue(doc: Document, e: Entry, names: _Names, inst: Instance) -> Clue:
    if e.rows:
        raise doc.error("a clue is one line (rows below a `clue` line are not allowed)",
                        e.rows[0][0].pos)
    line, col0 = e.pos.line, e.pos.column
    start = col0 - 1 + len(e.keyword)
    text = " " * start + e.text[start:]  # keep file columns
    if not e.values:
        raise doc.error("expected a clue after `clue`, for example `clue englishman = red`",
                        e.pos)

    def at(column: int) -> Pos:
        return Pos(doc.file, line, column)

    try:
        tree = _clue_parser().parse(text)
    except lark.UnexpectedInput as exc:
        raise _clue_syntax_error(doc, exc, text, at) from None
    rels = []
    for node in (tree.children if tree.data != "simple" else tree.children[:1]):
        if isinstance(node, lark.Tree):
            rels.append(_relation(doc, node, names, inst, at))
    kind = {"simple": "simple", "either": "either", "one_of": "one-of"}[tree.data]
    return Clue(kind, tuple(rels), e.pos)


def _clue_syntax_error(doc: Document, exc, text: str, at) -> InputError:
    col = getattr(exc, "column", 0) or 1
    word = re.match(r"\S*", text[col - 1:]).group(0) if col <= len(text) else ""
    best = difflib.get_close_matches(word, _WORDS, n=1, cutoff=0.5) if word else []
    hint = f"; did you mean `{best[0]}`?" if best else ""
    if isinstance(exc, lark.UnexpectedToken):
        tok, expected = exc.token, set(exc.expected)
        if "PAIR" in expected:
            want = _RELATIONS_HELP
        else:
            want = " or ".join(sorted({_EXPECTED.get(t, t) for t in expected}))
        if tok.type == "$END":
            return doc.error(f"the clue ends too early; expected {want}",
                             at(len(text.rstrip()) + 1))
        return doc.error(f"unexpected `{tok}` in the clue; expected {want}{hint}", at(col))
    return doc.error(f"`{word}` is not understood here{hint}", at(col))


def _relation(doc: Document, node, names: _Names, inst: Instance, at) -> Relation:
    ref_a = node.children[0]
    a = _ref(ref_a, names, at)
    pos = at(ref_a.children[0].column)
    if node.data == "at":
        word = node.children[1]
        spot_tok = node.children[2].children[0]
        spot = spot_tok.value if spot_tok.type == "SPOT_WORD" else natural(spot_tok)
        if spot == "middle" and inst.houses % 2 == 0:
            raise doc.error(f"`middle` needs an odd number of houses; there are {inst.houses}",
                            at(spot_tok.column))
        if isinstance(spot, int) and not 1 <= spot <= inst.houses:
            raise doc.error(f"there is no house {spot}: houses are 1..{inst.houses}",
                            at(spot_tok.column))
        return Relation(str(word), a, None, spot, pos)
    if node.data == "distance":
        d_tok, ref_b = node.children[2], node.children[3]
        d = natural(d_tok)
        if not 1 <= d <= inst.houses - 1:
            raise doc.error(f"distance {d} is impossible with {inst.houses} houses"
                            f" (use 1..{inst.houses - 1}; `=` for the same house)", at(d_tok.column))
        kind = "distance"
    else:
        ref_b = node.children[2]
        kind, d = str(node.children[1]), None
    b = _ref(ref_b, names, at)
    if a == b:
        raise doc.error(f"this clue relates `{inst.value_name(a)}` to itself", pos)
    return Relation(kind, a, b, d, pos)


def _ref(node, names: _Names, at) -> Ref:
    toks = node.children
    if len(toks) == 2:
        return names.resolve(str(toks[0]), str(toks[1]), at(toks[0].column), at(toks[1].column))
    return names.resolve(None, str(toks[0]), at(toks[0].column), at(toks[0].column))


def _read_solution(doc: Document, e: Entry, inst: Instance, names: _Names):
    """A `solution` block: one row `attribute: value value ...` per attribute."""
    if e.values:
        raise doc.error("`solution` takes no values; put `attribute: value ...` rows below it",
                        e.values[0].pos)
    rows: dict[int, tuple[str, ...]] = {}
    for row in e.rows:
        head = row[0]
        name = head.text[:-1] if head.text.endswith(":") else head.text
        if name not in inst.attributes:
            raise doc.error(f"unknown attribute `{name}`"
                            + names._nearest(name, inst.attributes), head.pos)
        a = inst.attributes.index(name)
        if a in rows:
            raise doc.error(f"attribute {name} is given twice in the solution", head.pos)
        vals = row[1:]
        if len(vals) != inst.houses:
            raise doc.error(f"solution row {name} has {len(vals)} values, houses says"
                            f" {inst.houses}", head.pos)
        for tok in vals:
            if tok.text not in inst.values[a]:
                raise doc.error(f"attribute {name} has no value `{tok.text}`"
                                + names._nearest(tok.text, inst.values[a]), tok.pos)
        rows[a] = tuple(t.text for t in vals)
    missing = [inst.attributes[a] for a in range(len(inst.attributes)) if a not in rows]
    if missing:
        raise doc.error("the solution lacks attribute " + ", ".join(missing), e.pos)
    return tuple(rows[a] for a in range(len(inst.attributes)))


def expected_solution(doc: Document):
    """The `solution` block of a document (values per attribute, house order), if any."""
    return _read(doc)[1]


def to_pzl(inst: Instance, solution=None) -> str:
    """Canonical .pzl text; from_document(parse(to_pzl(i))) == i."""
    lines = ["puzzle zebra", f"houses {inst.houses}"]
    for name, vals in zip(inst.attributes, inst.values):
        lines.append(f"attribute {name}: " + " ".join(vals))
    lines += [f"clue {clue_text(inst, c)}" for c in inst.clues]
    lines += [f"ask {inst.value_name(r)}" for r in inst.asks]
    if solution is not None:
        lines.append("solution")
        lines += _columns([[f"{name}:", *row] for name, row in zip(inst.attributes, solution)])
    return "\n".join(lines) + "\n"


def _columns(rows: list[list[str]]) -> list[str]:
    """Rows indented two spaces, columns left-aligned."""
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    return ["  " + " ".join(t.ljust(w) for t, w in zip(r, widths)).rstrip() for r in rows]


# -- encoding -------------------------------------------------------------------------------
def position_vars(inst: Instance, f: Formula) -> list[list[list[int]]]:
    """x[a][v][p - 1]: value v of attribute a is in house p."""
    return [[[f.var("house", attr, val, p) for p in range(1, inst.houses + 1)]
             for val in vals] for attr, vals in zip(inst.attributes, inst.values)]


@lru_cache(maxsize=4096)
def _pair_table(kind: str, n: int, d, negate: bool):
    """How to write ``a KIND b`` (or its negation) over n houses.

    Returns ("conflicts", pairs) when every house of a rules out at most two
    houses of b: binary clauses -a@p | -b@q for the ruled-out pairs (0-based).
    Otherwise ("supports", rows_a, rows_b): for each house of a, the houses
    of b that fit, and for each house of b, the houses of a that fit.
    """
    rule = PAIR_RULES[kind]

    def fits(p, q):
        return rule(p + 1, q + 1, d) != negate

    ruled_out = [[q for q in range(n) if not fits(p, q)] for p in range(n)]
    if max(len(r) for r in ruled_out) <= 2:
        return ("conflicts", tuple((p, q) for p in range(n) for q in ruled_out[p]))
    rows_a = tuple(tuple(q for q in range(n) if fits(p, q)) for p in range(n))
    rows_b = tuple(tuple(p for p in range(n) if fits(p, q)) for q in range(n))
    return ("supports", rows_a, rows_b)


def relation_clauses(inst: Instance, rel: Relation, x, negate: bool = False) -> list[list[int]]:
    """Clauses that say the relation holds (or, with ``negate``, that it does not).

    Exact given that every value has exactly one house: a relation is the
    set of (house of a, house of b) pairs it allows, written either as
    binary conflicts for the few pairs it rules out, or as support clauses
    "a in p -> b in one of the houses that fit p" from both sides.
    """
    n = inst.houses
    xa = x[rel.a[0]][rel.a[1]]
    if rel.kind in AT_RULES:
        rule, h = AT_RULES[rel.kind], inst.house(rel.n)
        return [[-xa[p - 1]] for p in range(1, n + 1) if rule(p, h) == negate]
    xb = x[rel.b[0]][rel.b[1]]
    table = _pair_table(rel.kind, n, rel.n, negate)
    if table[0] == "conflicts":
        return [[-xa[p], -xb[q]] for p, q in table[1]]
    _, rows_a, rows_b = table
    out = [[-xa[p], *[xb[q] for q in row]] for p, row in enumerate(rows_a)]
    out += [[-xb[q], *[xa[p] for p in row]] for q, row in enumerate(rows_b)]
    return out


def clues(inst: Instance) -> list[int]:
    """The clues, by their number (1-based, in file order; a puzzle made by
    :func:`with_clues` keeps the numbers its clues had)."""
    return [i for i, _ in inst.numbered()]


# -- design (satlink.design: minimize, analyze) ------------------------------------


def clues_of(inst: Instance, sol) -> list[int]:
    """The clues the puzzle was written with (its :attr:`~Instance.catalogue`,
    those :func:`with_clues` left out included) that the solution ``sol``
    obeys, by number.

    Zebra's clue space is the puzzle's own clues: the language can say far
    more (any relation between any two values, compounds of them) than a
    designer would choose from, so no space is derived from a solution;
    minimize and analyze work over the clues written, and generate (which
    needs a clue space from a solution alone) does not apply (no ``blank``)."""
    where = houses_of(inst, sol)
    return [i for i, clue in inst.written() if clue_holds(inst, clue, where)]


def with_clues(inst: Instance, numbers) -> Instance:
    """``inst`` with exactly the clues of these numbers (in number order),
    each keeping its number, chosen among all the puzzle was written with
    (its catalogue: a clue left out before can come back)."""
    chosen = set(numbers)
    every = inst.written()
    kept = [(i, clue) for i, clue in every if i in chosen]
    if len(kept) != len(chosen):
        missing = sorted(chosen - {i for i, _ in kept})
        raise InputError(f"this puzzle has no clue {', '.join(map(str, missing))}")
    if len(kept) == len(every):
        return replace(inst, clues=tuple(c for _, c in every), numbers=(), catalogue=())
    return replace(inst, clues=tuple(c for _, c in kept), numbers=tuple(i for i, _ in kept),
                   catalogue=tuple(c for _, c in every))


def clue_name(number: int) -> str:
    """`clue7`: the clue's number, 1-based."""
    return f"clue{number}"


class Encoding(contract.Encoding):
    """Permutation matrices and clue clauses (each clue's clauses guarded by
    its selector in selector mode). No rule is lazy: ``complete`` changes
    nothing."""

    def __init__(self, inst: Instance, f: Formula, options: contract.Options):
        super().__init__(inst, f, options)
        x = position_vars(inst, f)
        f.declare_answer((v for rows in x for row in rows for v in row), one_hot=True)
        n = inst.houses
        for rows in x:
            for row in rows:
                f.exactly_one(row)
            for p in range(n):
                f.exactly_one([row[p] for row in rows])
        direct = options.clues == "direct"
        for i, clue in inst.numbered():
            sel = None if direct else self.selectors.setdefault(i, f.var("clue", i))
            with counts.guarded(f, sel):
                self._clue(i, clue, x)

    def _clue(self, i: int, clue: Clue, x) -> None:
        f, inst = self.formula, self.instance
        if clue.kind == "simple":
            f.extend(relation_clauses(inst, clue.relations[0], x))
            return
        flags = []
        for j, rel in enumerate(clue.relations, 1):
            r = f.var("holds", i, j)
            f.extend([-r, *c] for c in relation_clauses(inst, rel, x))
            f.extend([r, *c] for c in relation_clauses(inst, rel, x, negate=True))
            flags.append(r)
        if clue.kind == "either":
            f.add(flags)
        else:
            f.exactly_one(flags)

    def decode(self, model) -> tuple[tuple[str, ...], ...]:
        """Values of every attribute in house order (`?` where no value is true)."""
        inst = self.instance
        out = []
        for attr, vals in zip(inst.attributes, inst.values):
            row = []
            for p in range(1, inst.houses + 1):
                here = [v for v in vals if model["house", attr, v, p]]
                row.append(here[0] if len(here) == 1 else "?")
            out.append(tuple(row))
        return tuple(out)


def encode(inst: Instance, f: Formula, options: contract.Options) -> Encoding:
    return Encoding(inst, f, options)


# -- independent checking ------------------------------------------------------------------
def relation_holds(inst: Instance, rel: Relation, house_of) -> bool:
    """Does the relation hold when ``house_of[(a, v)]`` gives every value's house?"""
    pa = house_of[rel.a]
    if rel.kind == "at":
        return pa == inst.house(rel.n)
    if rel.kind == "not-at":
        return pa != inst.house(rel.n)
    pb = house_of[rel.b]
    return {
        "=": pa == pb, "!=": pa != pb, "left-of": pa + 1 == pb, "right-of": pa == pb + 1,
        "somewhere-left-of": pa < pb, "somewhere-right-of": pa > pb,
        "next-to": abs(pa - pb) == 1, "not-next-to": abs(pa - pb) != 1,
        "distance": abs(pa - pb) == rel.n,
    }[rel.kind]


def clue_holds(inst: Instance, clue: Clue, house_of) -> bool:
    """simple: the relation; either: at least one; one-of: exactly one."""
    truths = [relation_holds(inst, r, house_of) for r in clue.relations]
    if clue.kind == "one-of":
        return sum(truths) == 1
    return any(truths)


def houses_of(inst: Instance, sol) -> dict[Ref, int]:
    """(attribute, value) -> house number in a solution."""
    return {(a, inst.values[a].index(name)): p
            for a, row in enumerate(sol) for p, name in enumerate(row, 1)
            if name in inst.values[a]}


def verify(inst: Instance, sol) -> list[str]:
    """Broken rules of a solution, from the rules: every attribute a
    permutation of its values, every clue true."""
    if len(sol) != len(inst.attributes):
        return [f"the solution has {len(sol)} attributes, the puzzle {len(inst.attributes)}"]
    problems = []
    for name, vals, row in zip(inst.attributes, inst.values, sol):
        if len(row) != inst.houses or sorted(row) != sorted(vals):
            problems.append(f"attribute {name} does not place each of its values in one house")
    if problems:
        return problems
    where = houses_of(inst, sol)
    for i, clue in inst.numbered():
        if not clue_holds(inst, clue, where):
            refs = [r for rel in clue.relations for r in (rel.a, rel.b) if r is not None]
            at = ", ".join(f"{inst.value_name(r)} in house {where[r]}" for r in dict.fromkeys(refs))
            problems.append(f"clue {i} `{clue_text(inst, clue)}` is false ({at})")
    return problems


def cells(inst: Instance, sol) -> dict[str, str]:
    """Answer cells named `house P ATTRIBUTE`."""
    return {f"house {p} {name}": row[p - 1] for name, row in zip(inst.attributes, sol)
            for p in range(1, inst.houses + 1)}


def solution_json(inst: Instance, sol) -> dict[str, dict[str, str]]:
    """{"1": {"colour": "yellow", ...}, "2": {...}, ...}: house -> attribute -> value."""
    return {str(p): {name: row[p - 1] for name, row in zip(inst.attributes, sol)}
            for p in range(1, inst.houses + 1)}


def answers(inst: Instance, sol) -> list[str]:
    """One line per `ask`: "zebra: house 5, japanese, green, ..."."""
    where = houses_of(inst, sol)
    out = []
    for ref in inst.asks:
        p = where[ref]
        others = [inst.value_name((a, inst.values[a].index(row[p - 1])))
                  for a, row in enumerate(sol) if a != ref[0]]
        out.append(f"{inst.value_name(ref)}: house {p}, " + ", ".join(others))
    return out


# -- drawing ----------------------------------------------------------------------------
def render_text(inst: Instance, sol=None) -> str:
    """The grid as a box-drawing table (houses across, attributes down) and the
    answers to the `ask` lines; blank cells `·` without a solution."""
    head = ["house", *(str(p) for p in range(1, inst.houses + 1))]
    body = [[name, *(sol[a] if sol is not None else ["·"] * inst.houses)]
            for a, name in enumerate(inst.attributes)]
    widths = [max(len(r[c]) for r in [head, *body]) for c in range(len(head))]

    def line(cells_):
        return "│" + "│".join(f" {t.ljust(w)} " for t, w in zip(cells_, widths)) + "│"

    def rule(left, mid, right):
        return left + mid.join("─" * (w + 2) for w in widths) + right

    out = [rule("┌", "┬", "┐"), line(head), rule("├", "┼", "┤"),
           *(line(r) for r in body), rule("└", "┴", "┘")]
    if sol is not None:
        out += answers(inst, sol)
    else:
        out.append(f"{len(inst.clues)} clue" + ("" if len(inst.clues) == 1 else "s"))
    return "\n".join(out)


# -- picture (satlink.render: text and SVG from one description) ---------------------------
from ..render.board import Board, Table  # noqa: E402


def picture(inst: Instance, solution=None) -> Board:
    """A table, attributes down and houses across (blank without a solution),
    with the clues and questions under it, or the answers once solved."""
    header = ("house", *(str(p) for p in range(1, inst.houses + 1)))
    rows = [(name, *(solution[a] if solution is not None else [""] * inst.houses))
            for a, name in enumerate(inst.attributes)]
    if solution is not None:
        notes = answers(inst, solution)
    else:
        notes = [f"{i}. {clue_text(inst, clue)}" for i, clue in inst.numbered()]
        notes += [f"where is {inst.value_name(ref)}?" for ref in inst.asks]
    return Board(table=Table(header, rows), notes=notes)


GENRE = Genre(
    name=NAME, aliases=("einstein",),
    summary="Zebra / Einstein logic puzzles: houses, attributes and clues in a small language",
    instance=Instance,
    text=Written(from_document=from_document, to_pzl=to_pzl,
                 expected_solution=expected_solution),
    encode=encode, verify=verify, clues=clues,
    solution_json=solution_json, cells=cells, picture=picture, draw_text=render_text,
    design=Design(clues_of=clues_of, with_clues=with_clues, clue_name=clue_name),
)
