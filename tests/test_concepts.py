"""The concept index across rulesets: built from the catalogues' tags, a row for every concept and ruleset,
every link to a section the book really has."""

from __future__ import annotations

import json

import re
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest

from explorer.core.concepts import concept_index, indexed_rulesets
from explorer.core.registry import get_ruleset
from explorer.core.rules import CONCEPT_IDS, CONCEPTS, Absent, Catalogue, RuleRef, Ruling, Section, concept
from tests.conformance.cases import chapter_folder, rulesets_under_test
from widgets.concepts import concept_anchor, concepts_html
from widgets.links import rule_href

BOOK = Path(__file__).resolve().parents[1] / "book"
ROWS = (("turn", "The turn", "turn"), ("moving", "Moving", "moving"))


def entries():
    """(concept id, ruleset name, entry) for every row of the index."""
    return [(c, name, entry) for c, rows in concept_index().items() for name, entry in rows.items()]


def test_the_vocabulary_is_the_ten_concepts_in_their_order():
    assert [(c.id, c.name) for c in CONCEPTS] == [
        ("movement", "Movement"), ("line_of_sight", "Line of sight"), ("cover", "Cover"), ("shooting", "Shooting"),
        ("hand_to_hand", "Hand-to-hand"), ("morale", "Morale and leadership"), ("specialists", "Specialists"),
        ("hidden_information", "Hidden information"), ("terrain", "Terrain"), ("victory", "Victory"),
    ]
    assert concept("cover").name == "Cover"
    with pytest.raises(ValueError, match="unknown concept 'morality'"):
        concept("morality")


def test_every_concept_has_a_row_for_every_ruleset():
    index = concept_index()
    assert list(index) == list(CONCEPT_IDS)
    rulesets = set(rulesets_under_test())
    assert "toy_ruleset" in rulesets  # the test run's sixth ruleset has its row too
    for concept_id, rows in index.items():
        assert set(rows) == rulesets, concept_id


def test_the_rows_come_in_the_order_of_the_rulesets_titles():
    titles = [get_ruleset(name).title for name in concept_index()["movement"]]
    assert titles == sorted(titles, key=str.casefold)


def test_every_sentence_is_a_sentence_and_an_absent_concept_says_none():
    for concept_id, name, entry in entries():
        assert entry.sentence.strip() and entry.sentence[0].isupper() and entry.sentence.endswith("."), (concept_id, name)
        assert entry.sentence.startswith("None") == entry.absent, (concept_id, name, entry.sentence)


def test_every_link_names_an_existing_section_of_its_ruleset():
    for concept_id, name, entry in entries():
        sections = get_ruleset(name).sections
        assert entry.ref.ruleset == name
        assert entry.ref.section in sections, (concept_id, name, entry.ref)
        if not entry.absent:  # the sentence is the section's own tag: written once, in the catalogue
            assert sections[entry.ref.section].concepts[concept_id] == entry.sentence


def _labels(page: Path) -> set[str]:
    return set(re.findall(r"^\(([\w-]+)\)=$", page.read_text(encoding="utf-8"), flags=re.MULTILINE))


def test_every_link_resolves_to_a_page_and_anchor_in_the_book_sources():
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    for concept_id, name, entry in entries():
        section = get_ruleset(name).sections[entry.ref.section]
        href = rule_href(entry.ref.key, lab=False)
        assert href == f"../{name}/{section.page}.html#{entry.ref.label}"
        source = chapter_folder(name) / f"{section.page}.md"
        assert source.is_file(), (concept_id, href)
        if source.is_relative_to(BOOK):
            assert f"file: {name}/{section.page}\n" in toc, (concept_id, href)
        if entry.ref.section.startswith("rulings."):  # the {rulings} directive gives each ruling its label
            assert f"```{{rulings}} {name}\n" in source.read_text(encoding="utf-8")
            get_ruleset(name).ruling(entry.ref.section.removeprefix("rulings."))
        else:
            assert entry.ref.label in _labels(source), (concept_id, href)


def test_the_page_is_in_the_book():
    assert "      - file: compare/concepts\n" in (BOOK / "_toc.yml").read_text(encoding="utf-8")
    assert "compare-concepts" in _labels(BOOK / "compare" / "concepts.md")


class _Page(HTMLParser):
    """The ids, the links (href, text) and the table rows (cell texts and their links) of a piece of HTML."""

    def __init__(self, text: str):
        super().__init__()
        self.ids, self.links, self.tables = set(), [], []
        self._link = None
        self._cell = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables:
            self._cell = {"text": "", "links": []}
            self.tables[-1][-1].append(self._cell)
        elif tag == "a":
            self._link = {**attrs, "href": attrs.get("href"), "target": attrs.get("target"), "text": ""}
            self.links.append(self._link)
            if self._cell is not None:
                self._cell["links"].append(self._link)

    def handle_endtag(self, tag):
        if tag == "a":
            self._link = None
        elif tag in ("td", "th"):
            self._cell = None

    def handle_data(self, data):
        if self._link is not None:
            self._link["text"] += data
        if self._cell is not None:
            self._cell["text"] += data


def test_the_page_shows_a_table_per_concept_each_row_linking_its_section(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")  # as the site is built
    page = _Page(concepts_html())
    index = concept_index()
    assert len(page.tables) == len(CONCEPTS)
    jumps = [link["href"] for link in page.links if link["href"].startswith("#")]
    assert jumps == [f"#{concept_anchor(c.id)}" for c in CONCEPTS]
    assert {href[1:] for href in jumps} <= page.ids
    for c, table in zip(CONCEPTS, page.tables):
        rows = table[1:]  # the first row is the header
        assert [row[0]["text"] for row in rows] == [get_ruleset(name).title for name in index[c.id]]
        for row, (name, entry) in zip(rows, index[c.id].items()):
            how = row[1]
            assert entry.sentence in how["text"]
            (link,) = how["links"]
            assert link["href"] == rule_href(entry.ref.key, lab=False)
            assert link["text"] == get_ruleset(name).sections[entry.ref.section].title


def test_in_jupyterlab_each_link_opens_the_chapters_notebook_beside_this_one(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.setenv("JPY_SESSION_NAME", "/book/compare/concepts.md")
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", "/nonexistent")  # no server's runtime file: `make lab` serves book/
    page = _Page(concepts_html())
    rule_links = [link for link in page.links if not link["href"].startswith("#")]
    assert len(rule_links) == len(entries())
    for link, (_, name, entry) in zip(rule_links, entries()):
        section = get_ruleset(name).sections[entry.ref.section]
        assert link["href"] == f"/lab/tree/{name}/{section.page}.md#{entry.ref.label}"
        assert link["data-commandlinker-command"] == "rendermime:handle-local-link" and link["target"] is None
        assert json.loads(link["data-commandlinker-args"])["path"] == f"{name}/{section.page}.md"


# -- the catalogue refuses a concept index with a hole or a typo in it, when the ruleset is imported -----------

def _full(**overrides):
    """Concepts for a tiny catalogue: movement on 'moving', the rest absent on 'turn' (then ``overrides``)."""
    absent = {c: Absent("turn", f"None: no {c} here.") for c in CONCEPT_IDS if c != "movement"}
    return {"concepts": {"moving": {"movement": "One step a turn."}}, "absent": absent} | overrides


def test_a_complete_catalogue_answers_every_concept():
    catalogue = Catalogue("toy", ROWS, **_full())
    assert catalogue["moving"].concepts == {"movement": "One step a turn."}
    assert catalogue.concept_entry("movement") == ("One step a turn.", RuleRef("toy", "moving"), False)
    assert catalogue.concept_entry("cover").absent and catalogue.concept_entry("cover").ref == RuleRef("toy", "turn")


def test_an_unknown_concept_fails_loudly():
    with pytest.raises(ValueError, match="unknown concept 'moral'"):
        Catalogue("toy", ROWS, **_full(concepts={"moving": {"movement": "One step.", "moral": "Brave."}}))
    with pytest.raises(ValueError, match="unknown concept 'moral'"):
        Catalogue("toy", ROWS, **_full(absent=_full()["absent"] | {"moral": Absent("turn", "None.")}))
    with pytest.raises(ValueError, match="unknown concept 'moral'"):
        Section(RuleRef("toy", "turn"), "The turn", "turn", {"moral": "Brave."})


def test_a_concept_left_out_fails_loudly():
    absent = {c: a for c, a in _full()["absent"].items() if c != "victory"}
    with pytest.raises(ValueError, match="says nothing of victory"):
        Catalogue("toy", ROWS, **_full(absent=absent))


def test_a_concept_stated_twice_fails_loudly():
    with pytest.raises(ValueError, match="'movement' twice"):
        Catalogue("toy", ROWS, **_full(concepts={"moving": {"movement": "One step."}, "turn": {"movement": "Two."}}))
    with pytest.raises(ValueError, match="also as absent"):
        Catalogue("toy", ROWS, **_full(absent=_full()["absent"] | {"movement": Absent("turn", "None.")}))


def test_an_empty_sentence_fails_loudly():
    with pytest.raises(ValueError, match="needs a sentence"):
        Catalogue("toy", ROWS, **_full(concepts={"moving": {"movement": "  "}}))


def test_a_link_to_a_section_that_does_not_exist_fails_loudly():
    with pytest.raises(KeyError, match="'shooting'"):
        Catalogue("toy", ROWS, **_full(concepts={"shooting": {"movement": "One step."}}))
    with pytest.raises(KeyError, match="'shooting'"):
        Catalogue("toy", ROWS, **_full(absent=_full()["absent"] | {"cover": Absent("shooting", "None.")}))


def test_a_rulings_section_is_tagged_once_the_rulings_are_added():
    victory = Ruling("victory", "How is it won?", "The last side standing wins.", "The source is silent.")
    absent = {c: a for c, a in _full()["absent"].items() if c != "victory"}
    tags = {"moving": {"movement": "One step a turn."}, "rulings.victory": {"victory": "By our ruling, the last."}}
    catalogue = Catalogue("toy", ROWS, concepts=tags, absent=absent)  # rulings added later, as at registration
    catalogue.add_rulings([victory])
    assert catalogue.concept_entry("victory").ref == RuleRef("toy", "rulings.victory")
    with pytest.raises(KeyError, match="rulings.victory"):
        Catalogue("toy", ROWS, [Ruling("other", "?", "!", ".")], concepts=tags, absent=absent)


def test_a_ruleset_whose_catalogue_has_no_concepts_is_left_out_of_the_index():
    tiny = SimpleNamespace(name="race", title="Dice race", sections={"turn": Section(RuleRef("race", "turn"), "T", "turn")})
    untagged = SimpleNamespace(name="bare", title="Bare", sections=Catalogue("bare", ROWS))
    rulesets = {"race": tiny, "bare": untagged, "phlog": get_ruleset("phlog")}
    assert [rs.name for rs in indexed_rulesets(rulesets)] == ["phlog"]
    assert set(concept_index(rulesets)["cover"]) == {"phlog"}
