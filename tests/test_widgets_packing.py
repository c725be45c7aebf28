"""The packed tables of the static site's JS callbacks give back exactly what was packed."""

from __future__ import annotations

import json

from hypothesis import given, strategies as st

from widgets.packing import packed, unpacked

TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(TEXT, inner, max_size=6),
    max_leaves=40,
)


@given(JSONISH)
def test_unpacking_gives_back_what_was_packed(data):
    assert unpacked(packed(data)) == data


def test_sentences_and_repeated_layers_are_stored_once():
    sentence = "Needs 4+ on each D6 (a 1 never kills)."
    terrain = {"x": list(range(20)), "kind": ["wall"] * 20}
    table = {f"case {i}": {"head": f"Case {i}. {sentence}", "tiles": terrain} for i in range(50)}
    text = packed(table)
    assert text.count(sentence) == 1
    assert text.count('"wall"') == 1
    assert len(text) < len(json.dumps(table)) / 5
    assert unpacked(text) == table
