"""Makes the trainer's scripts run where Debian's torch and numpy are.

apt installs python3-torch and python3-numpy for the system interpreter,
/usr/bin/python3. A `python3` found first on PATH (pyenv, a virtual
environment) often lacks them; rather than fail, a script started with it
starts again under the system interpreter.
"""

import importlib
import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"


def ensure_modules(*names):
    """Imports the named modules, or restarts the script under /usr/bin/python3."""
    try:
        for name in names:
            importlib.import_module(name)
    except ImportError as error:
        here = os.path.realpath(sys.executable) if sys.executable else ""
        if os.path.exists(SYSTEM_PYTHON) and here != os.path.realpath(SYSTEM_PYTHON):
            os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)
        sys.exit(f"{os.path.basename(sys.argv[0])}: {error}; run nnue/train/setup.sh")
