"""The offline-site helpers: the right BokehJS bundles per page."""

import json

from sitebuild.offline import bokeh_bundles


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


def _project(root, pages: dict[str, str], modules: dict[str, str]):
    """A checkout in ``root``: book pages and package modules, by path, with their text."""
    for path, text in {**{f"book/{k}": v for k, v in pages.items()}, **modules}.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    for package in {path.split("/")[0] for path in modules}:
        (root / package / "__init__.py").touch()


def test_the_packages_a_notebook_runs_are_those_its_cells_import_and_theirs_in_turn(tmp_path):
    from sitebuild.freshness import code_hash, directive_packages, notebook_packages

    cell = "```{code-cell} ipython3\n:tags: [remove-cell]\n%matplotlib inline\nimport os\nfrom alpha.board import draw\n```\n"
    _project(tmp_path, {"page.md": f"# A page\n\n{cell}\n```{{data-table}} delta.tables:rows\n```\n"},
             {"alpha/board.py": "def draw():\n    from beta import rules\n", "beta/rules.py": "TO_KILL = 4\n",
              "gamma/other.py": "import alpha\n", "delta/tables.py": "ROWS = 1\n"})
    assert notebook_packages(tmp_path) == {"alpha", "beta"}  # gamma imports alpha, but no page imports gamma
    assert directive_packages(tmp_path) == {"delta"}
    before = code_hash(tmp_path)
    (tmp_path / "gamma" / "other.py").write_text("import alpha  # changed\n")
    assert code_hash(tmp_path) == before
    (tmp_path / "beta" / "rules.py").write_text("TO_KILL = 5\n")
    assert code_hash(tmp_path) != before


def test_a_change_to_any_package_the_books_notebooks_import_runs_them_again(tmp_path):
    """Issue 36: boards/ (every board's layers, the comparison chapter's sums) was missing from a hand-kept list."""
    import shutil

    from sitebuild.freshness import ROOT, code_hash, notebook_packages, project_packages

    for folder in ("book", *project_packages()):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__", "_build"))
    packages = notebook_packages(tmp_path)
    assert {"explorer", "widgets", "boards"} <= packages
    for package in sorted(packages):
        before = code_hash(tmp_path)
        module = next((tmp_path / package).rglob("*.py"))
        module.write_text(module.read_text() + "\n# changed\n")
        assert code_hash(tmp_path) != before, package


def test_the_markup_check_catches_a_planted_glue_role(tmp_path):
    from sitebuild.rawmarkup import check_pages

    page = tmp_path / "page.html"
    page.write_text(
        "<html><head><script>var s = '{glue:md}`in_a_script`';</script></head><body>"
        "<caption><span class=\"caption-text\">Units ({glue:md}`sp_per_squad` specialist per squad)</span></caption>"
        "<pre>```{code-cell} ipython3\n{glue:md}`shown_on_purpose`</pre>"
        "<p>Use <code>{rule}`simple_plastic:moving`</code> to link a rule.</p></body></html>"
    )
    found = check_pages({"simple_plastic/quick_reference": page})
    assert list(found) == ["simple_plastic/quick_reference"]
    assert len(found["simple_plastic/quick_reference"]) == 1
    assert "{glue:md}`sp_per_squad`" in found["simple_plastic/quick_reference"][0]


def test_the_markup_check_names_each_kind_of_raw_markup():
    from sitebuild.rawmarkup import raw_markup

    assert raw_markup("<p>A rule: {rule}`simple_plastic:moving.span`</p>")
    assert raw_markup("<p>An unknown role: {kbdx}`Ctrl`</p>")
    assert raw_markup("<p>```{note}<br>a raw directive</p>")
    assert raw_markup("<p>:::{margin} Notes</p>")
    assert raw_markup("<p>{glue}`sp_span`</p>")
    assert raw_markup("<p>A set {1, 2} and `code` and {x} alone are prose.</p>") == []
    assert raw_markup("<p>Rendered: 4 inches</p><code>{glue:md}`x`</code>") == []


def test_the_theme_head_loses_only_its_fontawesome_script():
    from sitebuild.lean_theme import without_fontawesome_js

    head = (
        '<link href="_static/styles/theme.css?digest=1" rel="stylesheet" />\n'
        "  <!-- So that users can add custom icons -->\n"
        '  <script defer src="../_static/scripts/fontawesome.js?digest=1"></script>\n'
        '  <link rel="preload" as="script" href="_static/scripts/bootstrap.js?digest=1" />'
    )
    lean = without_fontawesome_js(head)
    assert "fontawesome" not in lean
    assert "theme.css" in lean and "bootstrap.js" in lean


# -- the printable book (sitebuild/pdf.py) ---------------------------------------------------

from sitebuild.pdf import BOOK_PDF, book_pages, boards_expected, pdf_links, print_width_px, quick_reference_pdf  # noqa: E402


def test_each_quick_reference_has_its_own_pdf_and_no_other_page_does():
    assert quick_reference_pdf("army_men/quick_reference") == "pdf/army_men-quick-reference.pdf"
    assert quick_reference_pdf("army_men/moving") is None
    assert quick_reference_pdf("quick_reference") is None


def test_quick_references_and_the_home_page_link_the_pdfs():
    assert pdf_links("phlog/quick_reference") == [
        ("pdf/phlog-quick-reference.pdf", "This sheet as a PDF"), (BOOK_PDF, "The whole rulebook as a PDF")]
    assert pdf_links("index") == [(BOOK_PDF, "The whole rulebook as a PDF")]
    assert pdf_links("phlog/moving") == []


def test_the_book_follows_the_menu_without_repeats_or_anchors():
    index = """<nav class="navbar-nav"><a class="reference internal" href="elsewhere.html">Not the menu</a></nav>
    <nav class="bd-docs-nav bd-links" aria-label="Main"><ul>
      <li><a class="reference internal" href="#">Toy Soldier Rules Explorer</a></li>
      <li><a class="reference internal" href="army_men/index.html">Army <em>Men</em></a><ul>
        <li><a class="reference internal" href="army_men/setup.html">Setting up</a></li>
        <li><a class="reference internal" href="army_men/setup.html#deploy">Deploying</a></li></ul></li>
      <li><a class="reference external" href="https://example.org/">Outside</a></li>
      <li><a class="reference internal" href="./credits.html">Credits</a></li></ul></nav>"""
    assert book_pages(index) == [("index.html", "Toy Soldier Rules Explorer"), ("army_men/index.html", "Army Men"), ("army_men/setup.html", "Setting up"),
                                 ("credits.html", "Credits")]


def test_boards_counted_as_the_page_embeds_them():
    page = '{"model_name": "BokehModel"} {"model_name":"BokehModel"} <div class="tsr-bokeh"></div>'
    assert boards_expected(page) == 3
    assert boards_expected("<p>no boards</p>") == 0


def test_pages_are_laid_out_at_the_printable_width_of_the_sheet():
    assert print_width_px("A4") == 703  # 210 mm less two 12 mm margins, at 96 px an inch
    assert print_width_px("Letter") == 725


def test_the_title_page_names_each_chapter_and_whose_rules_it_explains():
    from sitebuild.pdf import CREDITS, title_page_html

    page = title_page_html("Toy Soldier Rules Explorer", "© 2026", [
        ("index.html", "Toy Soldier Rules Explorer"), ("simple_plastic/index.html", "Simple Plastic Wargame"),
        ("simple_plastic/moving.html", "Moving"), ("credits.html", "Credits")])
    assert "<li>Simple Plastic Wargame <span>(Adly Abdullah, 2016)</span></li>" in page
    assert "Moving" not in page and CREDITS in page and "© 2026" in page


def test_packages_no_longer_in_vendor_toml_are_not_served(tmp_path):
    from sitebuild import vendor

    kept = [vendor.package_dir("@fontsource/cutive-mono", "5.3.0", tmp_path), vendor.package_dir("pyodide", "1", tmp_path)]
    gone = [vendor.package_dir("@jupyter-widgets/html-manager", "1.0.15", tmp_path),
            vendor.package_dir("requirejs", "2.3.8", tmp_path)]
    for folder in kept + gone:
        folder.mkdir(parents=True)
        (folder / "file.js").write_text("x")
    vendor.prune(tmp_path, tuple(kept))
    assert all(folder.is_dir() for folder in kept)
    assert not any(folder.exists() for folder in gone)
    assert not (tmp_path / "npm" / "@jupyter-widgets").exists()


def test_no_script_of_the_page_is_over_450_lines():
    """The page's scripts are split by idea, as the engine is (issue 35 item 10; tests/test_architecture.py)."""
    from pathlib import Path

    from tests.test_architecture import MAX_MODULE_LINES

    scripts = Path(__file__).parent.parent / "sitebuild" / "static" / "js"
    found = {path.relative_to(scripts).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in scripts.rglob("*") if path.suffix in {".js", ".mjs"}}
    assert "live-play.js" in found and "live-play/table.js" in found  # the folder is the one the site serves
    long = {name: n for name, n in found.items() if n > MAX_MODULE_LINES}
    assert not long, f"split these by idea: {long}"
