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
