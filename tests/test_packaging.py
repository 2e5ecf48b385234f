"""An installed (non-editable) printkit finds its bundled packs from any directory."""
import subprocess
import sys
import zipfile

import pytest
from conftest import REPO


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--no-index", "-w", str(out), str(REPO)],
                   check=True, capture_output=True)
    return next(out.glob("printkit-*.whl"))


def test_wheel_carries_the_bundled_packs(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for file in ("gag-grab/game.toml", "gag-grab/kids.csv", "gag-grab/rules.md", "many-faces/actions.csv"):
        assert f"printkit/_bundled/cards/{file}" in names
    for file in ("ComicNeue-Bold.ttf", "AtkinsonHyperlegible-Regular.ttf", "ComicNeue-OFL.txt"):
        assert f"printkit/_bundled/fonts/{file}" in names
    assert not any(n.startswith(("tests/", "cards/")) for n in names)


def test_installed_wheel_checks_and_builds_bundled_packs_from_elsewhere(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    outputs = {}
    for command in ("check", "build"):
        code = (f"import sys; sys.path.insert(0, {str(site)!r}); import printkit;"
                f"assert printkit.__file__.startswith({str(site)!r}), printkit.__file__;"
                f"from printkit.commands.cli import main; sys.argv = ['printkit', {command!r}]; main()")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=elsewhere)
        assert out.returncode == 0, out.stderr
        outputs[command] = out.stdout
    assert "checked 2 packs (gag-grab: " in outputs["check"] and "): 0 errors" in outputs["check"]
    assert f"gag-grab: {site}" in outputs["check"]  # says which copy it checked: the installed one
    for pack in ("gag-grab", "many-faces"):
        for file in ("cards.pdf", "board.pdf", "rules.pdf"):
            assert (elsewhere / "output" / pack / file).stat().st_size > 10_000
