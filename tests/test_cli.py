"""The command line through click's CliRunner: formats, exit statuses, no tracebacks."""
import ast
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import REPO

from printkit import __version__
from printkit.commands.cli import cli, main
from printkit.commands.report import format_text, use_color
from printkit.checks import check_pack


@pytest.fixture
def run(monkeypatch):
    monkeypatch.chdir(REPO)

    def invoke(*args, **kwargs):
        return CliRunner().invoke(cli, list(args), catch_exceptions=False, **kwargs)
    return invoke


@pytest.fixture
def broken(mini):
    mini.edit("gags.csv", "LU + Schroeder", "LU + Shroeder")
    return mini


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


@pytest.mark.parametrize("command", [[], ["check"], ["explain"]])
def test_help_everywhere_with_an_example(run, command):
    result = run(*command, "--help")
    assert result.exit_code == 0 and "Example" in result.output


def test_clean_bundled_packs_exit_0_with_a_summary(run):
    result = run("check")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == ("checked 2 packs (gag-grab: cards/gag-grab, many-faces: cards/many-faces): "
                                              "0 errors, 16 warnings")


def test_strict_turns_warnings_into_failure(run):
    assert run("check", "gag-grab", "--strict").exit_code == 1
    assert run("check", "gag-grab", "--strict", "--ignore", "N600", "--ignore", "N604").exit_code == 0


def test_text_is_compiler_style_with_a_hint_line(run, broken):
    result = run("check", str(broken.path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith("gags.csv:3:18: error R401 unknown term 'Shroeder'")
    assert lines[1] == "  hint: did you mean 'Schroeder'?"
    assert lines[-1] == f"checked 1 pack (mini: {broken.path}): 1 error, 0 warnings"
    assert "\x1b[" not in result.output  # not a terminal: no colour


def test_json_format(run, broken, monkeypatch):
    monkeypatch.chdir(broken.path.parent)
    result = run("check", "mini", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["errors"] == 1 and data["warnings"] == 0
    assert data["packs"] == [{"id": "mini", "path": "mini", "errors": 1, "warnings": 0}]
    assert data["diagnostics"] == [{
        "file": "mini/gags.csv", "line": 3, "column": 18, "severity": "error", "code": "R401",
        "message": "unknown term 'Shroeder'", "hint": "did you mean 'Schroeder'?"}]


def test_github_format_escapes_and_annotates(run, broken, monkeypatch):
    monkeypatch.chdir(broken.path.parent)
    result = run("check", "mini", "--format", "github")
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        "::error file=mini/gags.csv,line=3,col=18,title=R401::"
        "unknown term 'Shroeder'%0Ahint: did you mean 'Schroeder'?")


def test_a_file_argument_checks_its_pack(run, broken):
    result = run("check", str(broken.path / "gags.csv"), str(broken.path / "kids.csv"))
    assert result.exit_code == 1 and f"(mini: {broken.path})" in result.output.splitlines()[-1]


def test_files_outside_any_pack(run, tmp_path):
    stray = tmp_path / "stray.csv"
    stray.write_text("a,b\n")
    assert run("check", str(stray)).exit_code == 2
    result = run("check", "--ignore-outside", str(stray), "gag-grab")
    assert result.exit_code == 0 and "(gag-grab: cards/gag-grab)" in result.output


@pytest.mark.parametrize("args", [["check", "no-such-pack"], ["check", "--format", "xml"],
                                  ["check", "--ignore", "Z999"], ["explain", "Z999"],
                                  ["build", "--gutter", "-1"], ["build", "--gutter", "10.5"], ["build", "--gutter", "nan"],
                                  ["build", "--png", "--dpi", "nan"],
                                  ["build", "--backs-ink", "dark"]])
def test_usage_errors_exit_2(run, args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and "Error" in result.output


def test_explain_lists_every_code_on_a_line(run):
    from printkit.core.findings import CODES

    lines = run("explain").output.splitlines()
    assert [line.split()[0] for line in lines] == list(CODES)
    assert lines[list(CODES).index("R401")].split()[1:3] == ["error", "unknown-term"]


def test_explain_gives_the_meaning_an_example_and_the_fix(run):
    text = run("explain", "r401").output
    assert text.startswith("R401 unknown-term (error)\n")
    sections = [line for line in text.splitlines() if line and not line.startswith(" ")]
    assert sections[2:] == ["What it means:", "Example, from the test pack tests/checks/mini:", "How to fix it:"]
    assert "    Toy Piano,5,LU + Shroeder" in text  # the input, then the finding it gives
    assert "    gags.csv:3:18: error R401 unknown term 'Shroeder'" in text


def test_explain_as_json(run):
    from printkit.core.findings import CODES

    one = json.loads(run("explain", "A105", "--format", "json").output)
    assert one["code"] == "A105" and one["severity"] == "error"
    assert one["example"]["changes"][1] == {"file": "back.png", "picture": [150, 210]}
    assert "[art] min_dpi" in one["example"]["gives"]
    every = json.loads(run("explain", "--format", "json").output)
    assert [c["code"] for c in every] == list(CODES)
    assert all(c["meaning"] and c["fix"] and (c["example"] or c["no_example"]) for c in every)


def test_manifest_syntax_error_is_a_finding_not_a_traceback(run, mini):
    mini.write("game.toml", "[game\ntitle = 1\n")
    result = run("check", str(mini.path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert ":1:" in result.output and "M101" in result.output


def test_internal_errors_are_one_line_without_traceback(monkeypatch, capsys):
    def boom(*args, **kwargs):
        raise RuntimeError("kaboom")
    monkeypatch.setattr("printkit.checks.check_pack", boom)
    monkeypatch.setattr(sys, "argv", ["printkit", "check", "gag-grab"])
    monkeypatch.delenv("PRINTKIT_DEBUG", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 3
    err = capsys.readouterr().err
    assert "internal error: RuntimeError: kaboom" in err and "Traceback" not in err


class FakeTerminal:
    def isatty(self):
        return True


def test_colour_only_on_a_terminal_and_never_with_no_color(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_color(FakeTerminal()) and not use_color(object())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(FakeTerminal())
    coloured = format_text([check_pack(REPO / "cards" / "gag-grab")], color=True)
    assert "\x1b[" in coloured


def loaded_by(command: str, packages: tuple[str, ...]) -> list[str]:
    """Which of ``packages`` (or modules inside them) a fresh Python has loaded after 'printkit COMMAND'."""
    code = (f"import sys; from printkit.commands.cli import main; sys.argv = ['printkit', {command!r}];\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"wanted = {packages!r}\n"
            "print('LOADED', sorted({p for p in wanted for m in sys.modules if m == p or m.startswith(p + '.')}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO)
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("LOADED ")), None)
    assert line is not None, out.stdout + out.stderr
    return ast.literal_eval(line.removeprefix("LOADED "))


def test_check_never_imports_reportlab_or_pillow():
    assert loaded_by("check", ("reportlab", "PIL")) == []


def test_the_command_line_loads_the_check_stack_only_when_it_checks():
    """'printkit --version' loads no checks, pack readers or game engines: it answers at once."""
    heavy = ("printkit.checks", "printkit.model.manifest", "printkit.games.claims.engine", "reportlab", "PIL")
    assert loaded_by("--version", heavy) == []
    assert "printkit.checks" in loaded_by("check", heavy)  # the probe sees the stack when it is loaded


def test_python_dash_m(tmp_path):
    out = subprocess.run([sys.executable, "-m", "printkit", "check", "gag-grab"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 0 and "gag-grab" in out.stdout


def test_build_defaults_match_the_sheet_layout():
    """No --gutter means the layout's own (up to DEFAULT_GUTTER, as fits), its limits are the layout's
    limits, and the backs' ink defaults to the sheets' own default."""
    from printkit.kit.sheets import DEFAULT_BACKS_INK, SheetOptions
    from printkit.geometry.sheet import DEFAULT_GUTTER, GUTTER_LIMITS

    params = {p.name: p for p in cli.commands["build"].params}
    assert params["gutter"].default is None and SheetOptions().gutter is None
    assert f"up to {DEFAULT_GUTTER:g} mm" in params["gutter"].help
    assert (params["gutter"].type.min, params["gutter"].type.max) == GUTTER_LIMITS
    assert params["backs_ink"].default == DEFAULT_BACKS_INK == SheetOptions().backs_ink == "light"


@pytest.mark.parametrize("command", [["check"], ["build"], ["simulate"], ["export", "tts"], ["diff", "HEAD"]])
def test_a_pack_name_the_file_system_refuses_is_a_usage_error(command):
    """300 characters (past the 255 a file name may have) or a control character: a short message, exit 2."""
    for name in ("b" * 300, "a\x01b"):
        result = CliRunner().invoke(cli, [*command, name])
        assert result.exit_code == 2, result.output
        assert "no pack '" in result.output and "internal error" not in result.output
        assert len(result.output) < 600 and "\x01" not in result.output
