"""Ink coverage as the build states it: measured from a raster of the pages as written."""
import re

import pytest
from click.testing import CliRunner
from PIL import Image

from printkit.commands.cli import cli
from printkit.render.coverage import image_coverage


@pytest.mark.parametrize("colour, percent", [("#FFFFFF", 0.0), ("#000000", 100.0), ("#00FFFF", 100.0),
                                             ("#0000FF", 200.0), ("#808080", 100 * 127 / 255)])
def test_coverage_of_flat_colours(colour, percent):
    # White takes no ink; black is K alone; cyan is C alone; blue is C and M; mid grey is K at half.
    assert image_coverage(Image.new("RGB", (10, 10), colour)) == pytest.approx(percent, abs=0.5)


def test_the_build_states_ink_coverage_and_light_backs_take_a_fraction_of_full(tmp_path):
    found = {}
    for ink in ("light", "full"):
        result = CliRunner().invoke(cli, ["build", "many-faces", "--out", str(tmp_path / ink), "--backs-ink", ink])
        assert result.exit_code == 0, result.output
        line = next(ln for ln in result.output.splitlines() if ln.startswith("cards.pdf ink coverage"))
        match = re.search(rf"backs \({ink}\) (\d+)% a page on average, at most (\d+)%", line)
        assert match and re.search(r"fronts \d+% a page on average", line), line
        found[ink] = int(match.group(1))
    assert found["full"] > 3 * found["light"] > 0
