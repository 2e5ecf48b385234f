"""Every registered finding code has a test that provokes it."""
from pathlib import Path

from printkit.core.findings import CODES


def test_every_code_appears_in_a_check_test():
    here = Path(__file__).parent
    text = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_*_findings.py"))
    untested = [code for code in CODES if f"_{code}_" not in text]
    assert untested == []
