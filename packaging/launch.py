"""Entry script of the PyInstaller bundle: the same main() as the `yobigoe` command."""

import sys

from app.main import main

if __name__ == "__main__":
    sys.exit(main())
