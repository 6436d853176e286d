import sys

from frightmare.app import main

sys.exit(main())
