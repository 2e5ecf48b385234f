"""The benchmark scripts' synthetic packs stay valid (the scripts themselves are not timed here)."""
import sys

from conftest import REPO

from printkit.checks import check_pack

sys.path.insert(0, str(REPO / "benchmarks"))
import cards_2000  # noqa: E402


def test_the_2000_card_pack_checks_clean(tmp_path):
    report = check_pack(cards_2000.synthetic_pack(tmp_path))
    assert report.errors == 0, [f for f in report.findings if f.is_error][:3]
    assert report.pack.decks["gags"].total == cards_2000.CARDS


def test_the_baseline_draws_pages(tmp_path):
    pdf = cards_2000.baseline(20)
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") >= 4
