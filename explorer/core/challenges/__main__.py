"""``python -m explorer.core.challenges RULESET [FILE]`` (``make challenge``): check a challenges file, in words."""

import sys

from .checking import main

sys.exit(main())
