"""Entry point of the frozen app (PyInstaller)."""

import sys

from frightmare.app import main

if __name__ == "__main__":
    sys.exit(main())
