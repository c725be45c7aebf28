"""The house-rules study chart and its words for a screen reader."""

from explorer.core.simulate import Summary
from widgets.study import study_chart, study_words

SUMMARIES = {"as written": Summary(10, {"green": 6, "tan": 3}, 1, 0, 40.0, 5.5),
             "short span": Summary(10, {"green": 2, "tan": 8}, 0, 0, 52.0, 7.25)}


def test_the_words_say_what_the_bars_show():
    words = study_words(SUMMARIES, ("green", "tan"))
    assert "as written: green won 60%, tan won 30% of 10 games; 5.5 rounds on average" in words
    assert "short span: green won 20%, tan won 80% of 10 games; 7.2 rounds on average" in words


def test_the_chart_carries_its_text_alternative():
    layout = study_chart(SUMMARIES, ("green", "tan"))
    alt = layout.select_one({"name": "study-alt"})
    assert "green won 60%" in alt.text and "tsr-alt" in alt.css_classes
