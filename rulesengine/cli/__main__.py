import sys

from rulesengine.cli import console_main

sys.exit(console_main())
