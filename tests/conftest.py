"""pytest set-up for gcnabi's tests: the tests/ folder on sys.path, the
binaries built, named soft assertions (soft.py), and the fixtures `tmp` (a
fresh folder per test, as a string) and `llc` (the newest installed llc)."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import soft  # noqa: E402
from gcnabi_tests import GCNABI, GCNABI_SAN, installed_llcs  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: more than about a minute alone; make test-quick leaves it out")


def pytest_sessionstart(session):
    missing = [b for b in (GCNABI, GCNABI_SAN) if not os.access(b, os.X_OK)]
    if missing:
        pytest.exit("missing %s: run make" % " ".join(missing), returncode=1)
    if not installed_llcs():
        pytest.exit("no llc installed: run make deps", returncode=1)


def pytest_collection_modifyitems(session, config, items):
    """The slow tests first, so that the workers do not wait on one at
    the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Runs the test as pytest would, then fails it if any of its named
    soft assertions failed."""
    soft.start()
    args = {a: pyfuncitem.funcargs[a] for a in pyfuncitem._fixtureinfo.argnames}
    pyfuncitem.obj(**args)
    message = soft.verdict()
    if message:
        pytest.fail(message, pytrace=False)
    return True


@pytest.fixture
def tmp(tmp_path):
    return str(tmp_path)


@pytest.fixture
def llc():
    return installed_llcs()[-1][1]
