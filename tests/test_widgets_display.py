"""Live-only controls: playable in JupyterLab, a dead snapshot with its note beside the controls on the site."""

import ipywidgets as ipw

from widgets.display import _controls, live_only


def _box():
    board = ipw.HTML("the board")
    play = ipw.Button(description="Play", button_style="primary")
    return ipw.VBox([board, ipw.Dropdown(options=["a"]), ipw.HBox([play])]), play


def test_in_jupyterlab_the_controls_stay_live(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    box, play = _box()
    shown = live_only(box)
    assert not any(c.disabled for c in _controls(shown)) and play.button_style == "primary"


def test_on_the_site_it_is_plain_html_every_control_disabled_the_note_above_the_first(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    box, play = _box()
    page = live_only(box)._repr_html_()
    # the board, the note, then the controls: a dead menu and a dead button, no call-to-action style
    assert page.index("the board") < page.index("live-only") < page.index("<select disabled>")
    assert "<option selected>a</option>" in page and '<button type="button" disabled>Play</button>' in page
    assert "primary" not in page


def test_a_widget_without_a_snapshot_rule_fails_the_build(monkeypatch):
    import pytest

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    with pytest.raises(TypeError, match="ColorPicker has no static snapshot"):
        live_only(ipw.VBox([ipw.ColorPicker()]))


def test_boards_inside_live_widgets_are_static_embeds_on_the_site(monkeypatch):
    from bokeh.plotting import figure

    from widgets.display import bokeh_widget

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    fig = figure()
    fig.scatter([1], [2])
    page = live_only(ipw.VBox([bokeh_widget(fig), ipw.Button(description="Play")]))._repr_html_()
    assert 'class="tsr-bokeh"' in page and "Bokeh.embed.embed_item" in page


def test_on_the_site_a_board_is_a_static_embed_that_bokehjs_draws(monkeypatch):
    import json

    from bokeh.plotting import figure

    from sitebuild.offline import bokeh_bundles
    from widgets.display import StaticBokeh, show

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    fig = figure(title="a </script> in a title")
    fig.scatter([1], [2])
    shown = show(fig)
    assert isinstance(shown, StaticBokeh)
    page = shown._repr_html_()
    assert 'class="tsr-bokeh"' in page and "Bokeh.embed.embed_item" in page
    assert page.count("</script>") == 2  # the title's "</script>" cannot end the embed early
    item = page.split('type="application/json"', 1)[1].split(">", 1)[1].split("</script>", 1)[0]
    assert json.loads(item)["doc"]["roots"]
    assert page == show(fig)._repr_html_()  # the same board gives the same page: rebuilds are identical
    assert bokeh_bundles(page) == ["bokeh"]


def test_every_live_game_has_a_static_snapshot(monkeypatch):
    from widgets.phlog import live_play
    from widgets.simple_plastic import SimplePlasticLive

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    for live in (live_play(), SimplePlasticLive(human="green", bot_seed=1)):
        page = live.widget()._repr_html_()
        assert 'class="tsr-bokeh"' in page and "live-only" in page
        assert "<button" in page and "<select disabled>" in page
        assert "<button type=\"button\">" not in page  # no live-looking button


def test_every_figure_shown_lets_a_swipe_scroll_the_page(monkeypatch):
    """Charts too (their hidden toolbar still held an active pan tool): nothing pans on a swipe."""
    from bokeh.models import Plot

    from widgets.dice_odds import dice_odds_explorer, running_share_chart
    from widgets.display import StaticBokeh

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    for layout in (dice_odds_explorer(), running_share_chart([1, 4, 6, 2, 5])):
        assert any(f.toolbar.active_drag != None for f in layout.select({"type": Plot}))  # noqa: E711 (Bokeh's "auto")
        StaticBokeh(layout)
        for fig in layout.select({"type": Plot}):
            assert fig.toolbar.active_drag is None and fig.toolbar.active_scroll is None


def test_a_static_embed_of_a_live_board_prints_no_warning_on_the_page(caplog):
    """The live board's kernel tap handlers mean nothing on a static page: Bokeh's warning stays off it."""
    from widgets.display import StaticBokeh
    from widgets.phlog import live_play

    with caplog.at_level("WARNING"):
        item = StaticBokeh(live_play(seed=7).live.figure).item
    assert "choices-pieces" in item and not caplog.records


def test_a_page_tools_controls_are_named_with_their_values_for_the_page(monkeypatch):
    """A page tool's snapshot names its tool and each control, with option values as JSON (boards.classroom)."""
    import json
    import re

    from boards.classroom import LabTool
    from widgets.study import HouseRulesLab

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    page = HouseRulesLab(games=10).widget()._repr_html_()
    assert 'data-tool="boards.classroom:LabTool"' in page and LabTool.__module__ == "boards.classroom"
    names = set(re.findall(r'data-name="([a-z]+)"', page))
    assert names == {"ruleset", "scenario", "setting", "value", "games", "run", "progress", "results"}
    values = [json.loads(v.replace("&quot;", '"')) for v in re.findall(r'<option value="([^"]*)"', page)]
    assert "simple_plastic" in values and "skirmish" in values
