"""The pure rooms load without Django (issue 30): import-linter reads import statements, but a package's
`__init__` that pulls in models would still drag Django in at run time. Each module listed in the
pure-domain contract of .importlinter is imported in a fresh interpreter, with its submodules."""

from __future__ import annotations

import configparser
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

CHECK = """
import importlib, pkgutil, sys
module = importlib.import_module(sys.argv[1])
for info in pkgutil.walk_packages(getattr(module, "__path__", []), module.__name__ + "."):
    importlib.import_module(info.name)
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith(("django.", "tournament.models", "rulings.models")))
print(" ".join(loaded))
"""


def pure_modules() -> list[str]:
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    return config["importlinter:contract:pure-domain"]["source_modules"].split()


def test_the_contract_lists_the_pure_rooms():
    assert {"tournament.pairing.engine", "rulings.search.text", "tournament.results.scoring"} <= set(pure_modules())


@pytest.mark.parametrize("module", pure_modules())
def test_a_pure_module_loads_without_django(module):
    done = subprocess.run([sys.executable, "-c", CHECK, module], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"{module} loads {done.stdout.strip()}"
