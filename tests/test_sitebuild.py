"""The offline-site helpers: the right BokehJS bundles per page, local widget code."""

import json

from sitebuild.offline import _config_script, bokeh_bundles, widget_scripts
from sitebuild.vendor import manifest


def _state(*model_names: str) -> str:
    doc = {"roots": [{"type": "object", "name": name, "id": f"p{i}"} for i, name in enumerate(model_names)]}
    # The Bokeh document sits inside the widget state as an escaped JSON string.
    return json.dumps({"state": {"m1": {"model_name": "BokehModel", "state": {"_render_bundle": json.dumps(doc)}}}})


def test_a_page_without_bokeh_loads_no_bokehjs():
    assert bokeh_bundles(json.dumps({"state": {"m1": {"model_name": "IntSliderModel"}}})) == []


def test_a_plain_figure_needs_only_the_core_bundle():
    assert bokeh_bundles(_state("Figure", "GlyphRenderer", "ColumnDataSource")) == ["bokeh"]


def test_widgets_and_tables_add_their_bundles():
    assert bokeh_bundles(_state("Figure", "Slider")) == ["bokeh", "bokeh-widgets"]
    assert bokeh_bundles(_state("DataTable", "TableColumn")) == ["bokeh", "bokeh-widgets", "bokeh-tables"]


def test_widget_code_comes_from_the_site_itself():
    scripts = list(widget_scripts())
    assert all("://" not in path for path in scripts)
    assert scripts[0].endswith("require.js") and scripts[-1].endswith("embed-amd.js")
    config = _config_script()
    assert "://" not in config
    for name in ("@jupyter-widgets/html-manager", "@bokeh/jupyter_bokeh"):
        assert f"{name}@{manifest()[name]['version']}" in config


def test_the_code_hash_moves_when_the_engine_or_widgets_change(tmp_path):
    from sitebuild.freshness import code_hash

    (tmp_path / "explorer").mkdir()
    (tmp_path / "widgets").mkdir()
    rule = tmp_path / "explorer" / "rules.py"
    rule.write_text("TO_KILL = 4\n")
    (tmp_path / "widgets" / "board.py").write_text("SIZE = 1\n")
    before = code_hash(tmp_path)
    assert code_hash(tmp_path) == before
    rule.write_text("TO_KILL = 5\n")
    assert code_hash(tmp_path) != before
