"""``python -m engine``: the scripting interface (see engine.cli)."""

import sys

from engine.cli import main

sys.exit(main(sys.argv[1:]))
