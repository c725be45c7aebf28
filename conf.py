"""Sphinx configuration: the MyST notebooks of book/ become the rulebook site.

Build with ``make site``; the output is ``_build/html``, a static site that
needs no internet (see sitebuild/offline.py).
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # the sitebuild extensions live beside this file

project = "Toy Soldier Rules Explorer"
author = "Toy Soldier Rules Explorer contributors"
copyright = "2026, Toy Soldier Rules Explorer contributors; rules text © their authors"

extensions = [
    # The site map is book/_toc.yml, not {toctree} blocks in the pages: JupyterLab would show those as code.
    "sphinx_external_toc",
    "myst_nb", "sitebuild.offline", "sitebuild.rulebook", "sitebuild.freshness",
    "sitebuild.practice",  # "Practise this" links on chapter pages, the classroom's challenge lists
    "sitebuild.rawmarkup",  # raw {glue}/{rule}/directive text in a page fails the build
    "sitebuild.lean_theme",  # the theme without its 1.5 MB fontawesome.js
    "sitebuild.bokeh_callbacks",  # the boards' Bokeh callbacks served as a script: no 'unsafe-eval'
    "sitebuild.csp",  # a Content-Security-Policy on every page: only the site's own scripts run
    "sitebuild.offline_app",  # installable, and offline after one visit: manifest + service worker
    "sitebuild.pdf",  # links to the printable book's PDFs (written after the HTML by 'make pdf')
    "sitebuild.accessible",  # names for the theme's and myst-nb's nameless toggles (axe-core)
]

# The sources are book/ (sphinx-build -c . book _build/html); this file stays at the top.
root_doc = "index"
exclude_patterns = ["**/.ipynb_checkpoints", "**/_build"]
source_suffix = {".md": "myst-nb"}

# -- notebooks ---------------------------------------------------------------
# Kernels started by this build inherit it: widgets.show() then skips embedding
# BokehJS (the site serves it from _static/ instead; see sitebuild/offline.py).
os.environ["TSR_STATIC_BUILD"] = "1"
external_toc_path = "_toc.yml"  # relative to book/
nb_execution_mode = "cache"
# TSR_JUPYTER_CACHE lets two builds run side by side (each needs its own cache).
nb_execution_cache_path = os.environ.get("TSR_JUPYTER_CACHE", str(Path(__file__).parent / "_build" / ".jupyter_cache"))
nb_execution_raise_on_error = True  # a failing cell fails the build, naming page and cell
nb_execution_show_tb = True
nb_output_stderr = "warn"  # with -W, anything a cell prints to stderr (a stray warning) fails the build
nb_execution_timeout = 300
nb_ipywidgets_js = {}  # no widget manager (nor myst-nb's default, from a CDN): see sitebuild/offline.py
nb_merge_streams = True
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath", "substitution", "attrs_block", "attrs_inline"]
myst_heading_anchors = 3

# Bokeh's own loader outputs have no static renderer; the figures are shown as
# jupyter_bokeh widgets with BokehJS served locally, so these are expected.
suppress_warnings = ["mystnb.unknown_mime_type"]

# -- site --------------------------------------------------------------------
html_theme = "sphinx_book_theme"
html_title = "Toy Soldier Rules Explorer"
html_static_path = ["sitebuild/static"]
html_css_files = ["fonts.css", "css/army-men.css", "css/print.css", "css/projector.css", "css/live-play.css", "css/practise-links.css"]
html_js_files = [
    "js/projector.js",  # the projector-mode toggle (remembered)
    "js/offline-app.js",  # registers the service worker (sitebuild/offline_app.py)
]
templates_path = ["sitebuild/templates"]  # layout.html: see sitebuild/lean_theme.py
html_context = {"default_mode": "light"}
html_theme_options = {
    "show_toc_level": 2,
    "home_page_in_toc": True,
    "use_download_button": True,
    "use_fullscreen_button": False,
    "navigation_with_keys": False,
    "show_navbar_depth": 1,
    "collapse_navbar": False,
    # The original page's third column: the chapter's Equipment and Notes under the page's contents.
    "secondary_sidebar_items": ["page-toc", "equipment-notes"],
}
html_last_updated_fmt = None
html_copy_source = False
html_favicon = "sitebuild/static/favicon.svg"
