"""The arrows of the design point one way: the engine never imports the display."""

import subprocess
import sys

CHECK = """
import sys
import explorer
from explorer.core.registry import all_rulesets
rulesets = all_rulesets()
for name in rulesets:
    game = explorer.new_game(name)
    list(game.legal_actions)
shown = sorted(m for m in sys.modules if m.split('.')[0] in {'bokeh', 'ipywidgets', 'IPython', 'jupyter_bokeh', 'widgets'})
print(','.join(shown))
"""


def test_the_engine_plays_every_ruleset_without_importing_widgets_or_jupyter():
    result = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def _core_imports() -> dict[str, set[str]]:
    """Each core module's imports of other core modules, wherever they are written (at the top or inside a
    function: an import put in a function only puts the circle off until it runs), but not those under
    ``if TYPE_CHECKING:`` (never run); by dotted name under explorer.core ("state", "session.flow"; a package
    by its own name, "session")."""
    import ast
    from pathlib import Path

    core = Path(__file__).parent.parent / "explorer" / "core"
    graph = {}
    for path in core.rglob("*.py"):
        parts = path.relative_to(core).with_suffix("").parts
        package = parts[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for_typing = {id(inner) for block in ast.walk(tree)
                      if isinstance(block, ast.If) and ast.unparse(block.test).endswith("TYPE_CHECKING")
                      for statement in block.body for inner in ast.walk(statement)}
        found = set()
        for node in ast.walk(tree):
            if (isinstance(node, ast.ImportFrom) and 1 <= node.level <= len(package) + 1
                    and id(node) not in for_typing):
                base = package[:len(package) - node.level + 1]
                names = [node.module] if node.module else [a.name for a in node.names]
                found |= {".".join((*base, name)) for name in names}
        name = ".".join(package if parts[-1] == "__init__" else parts)
        if name:  # explorer/core/__init__.py imports everything: it is no module's dependency
            graph[name] = found - {"__init__"}
    return graph


def test_core_modules_import_each_other_without_a_cycle():
    graph = _core_imports()
    done, visiting = set(), []

    def visit(name):
        assert name not in visiting, f"import cycle in explorer.core: {' -> '.join(visiting + [name])}"
        if name in done:
            return
        visiting.append(name)
        for other in graph.get(name, ()):
            visit(other)
        visiting.pop()
        done.add(name)

    for name in graph:
        visit(name)


def test_the_core_names_no_ruleset():
    from pathlib import Path

    core = Path(__file__).parent.parent / "explorer" / "core"
    for path in core.rglob("*.py"):
        assert "explorer.rulesets" not in path.read_text(encoding="utf-8"), f"{path.name} reaches into the rulesets"


MAX_MODULE_LINES = 450  # issue 23: a module is one idea, a screen or a few long


def test_no_module_of_the_project_is_over_450_lines():
    """The engine, the boards, the widgets, the site's build and the page's own scripts (issue 35 item 10): each
    module one idea."""
    from pathlib import Path

    root = Path(__file__).parent.parent
    files = [path for folder in ("explorer", "boards", "widgets", "sitebuild") for path in (root / folder).rglob("*.py")]
    scripts = root / "sitebuild" / "static" / "js"
    files += [*scripts.rglob("*.js"), *scripts.rglob("*.mjs")]
    long = {path.relative_to(root).as_posix(): n for path in files
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert len(files) > 100 and not long, f"split these by concern: {long}"


BOARDS = """
import sys, json
import explorer
from boards import phlog, simple_plastic
for name, board in (("phlog", phlog.PhlogLayers("green")), ("simple_plastic", simple_plastic.SimplePlasticLayers())):
    json.dumps(board.layers(explorer.new_game(name)))
shown = sorted(m for m in sys.modules if m.split('.')[0] in {'bokeh', 'ipywidgets', 'IPython', 'jupyter_bokeh', 'widgets',
                                                             'numpy'})
print(','.join(shown))
"""


def test_the_board_layers_need_no_bokeh_so_the_page_computes_them_too():
    result = subprocess.run([sys.executable, "-c", BOARDS], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
