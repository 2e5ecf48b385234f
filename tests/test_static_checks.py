"""Lint and type check, run with the suite so CI (.ci/run, the README's test command) runs them too.

Both tools come with the test extras; the configuration is in pyproject.toml.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(module: str, *args: str) -> subprocess.CompletedProcess:
    pytest.importorskip(module, reason=f"{module} is not installed (pip install -e '.[test]')")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=240, check=False)


def test_ruff_finds_nothing():
    result = _run("ruff", "check", "--no-fix", "printkit", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_no_type_error():
    result = _run("mypy")  # files and settings: [tool.mypy] in pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout

