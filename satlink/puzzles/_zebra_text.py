"""Zebra puzzles as text: how a puzzle (:mod:`satlink.puzzles._zebra_clues`)
is read from and written to `.pzl`, its clues in the clue language
(``grammars/zebra.lark``): positioned errors, suggestions for misspelt
names. The encoding is in :mod:`satlink.puzzles.zebra`.
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

import lark

from ..errors import InputError, Pos
from ..document import Document, Entry
from ..lark_parsers import build_parser
from ..numerals import is_natural, natural
from ._zebra_clues import AT_RULES, PAIR_RULES, Clue, Instance, Ref, Relation, clue_text

#: Largest puzzle accepted (README): 64 houses x 64 attributes is 262,144 position variables.
MAX_HOUSES = 64
MAX_ATTRIBUTES = 64

SPOT_WORDS = ("first", "last", "middle")
#: Words of the clue language that may not be value names (they start a clue).
RESERVED = ("either", "one-of")
_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_'+-]*\Z")


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


