"""The runner every command goes through: each kind of error gives its message and exit status, no traceback."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import click
import pytest
from click.testing import CliRunner

import printkit
from printkit.render.refusal import BuildRefused
from printkit.checks import check_pack
from printkit.commands.cli import cli
from printkit.core.errors import PackRefused, PrintkitError, UsageProblem
from printkit.geometry.sheet import GutterTooWide, LayoutError
from printkit.commands.runner import Steps, on_ctrl_c, runs



def invoke(body, *args):
    """Run ``body`` as a click command through the runner: (exit status, output, stderr)."""
    command = click.command()(runs(body))
    result = CliRunner().invoke(command, list(args))
    return result.exit_code, result.stdout, result.stderr


def raising(exc: BaseException):
    def body():
        raise exc
    return body


class Failure(PrintkitError):
    pass


class BadOption(UsageProblem):
    option = "--thing"


@pytest.mark.parametrize("exc, status, message", [
    (Failure("the pack is odd"), 1, "printkit: the pack is odd\n"),
    (OSError(13, "Permission denied", "/x/cards.pdf"), 1, "printkit: Permission denied: /x/cards.pdf\n"),
    (UsageProblem("no such pack 'nope'"), 2, "Error: no such pack 'nope'\n"),
    (BadOption("too big"), 2, "Error: Invalid value for '--thing': too big\n"),
    (KeyboardInterrupt(), 130, "printkit: interrupted\n"),
])
def test_each_kind_of_error_ending_a_command(exc, status, message):
    code, out, err = invoke(raising(exc))
    assert code == status and err.endswith(message) and out == ""
    assert "Traceback" not in err


def test_a_refused_pack_shows_its_findings_and_exits_1(mini):
    mini.edit("game.toml", "cards = 8", "cards = 9")  # a deck count that does not add up
    refused = PackRefused(check_pack(mini.path))
    code, out, err = invoke(raising(refused))
    assert code == 1 and "error" in out and err == "mini: not done because of the errors above\n"


def test_ctrl_c_ends_a_watch_as_the_watch_says():
    def body():
        on_ctrl_c("stopped watching", 0)
        raise KeyboardInterrupt
    assert invoke(body) == (0, "", "stopped watching\n")
    assert invoke(raising(KeyboardInterrupt()))[0] == 130  # and only that command


def test_steps_report_each_failure_and_go_on(mini):
    mini.edit("game.toml", "cards = 8", "cards = 9")  # a deck count that does not add up

    def body():
        steps = Steps()
        with steps.step("one", "built"):
            raise LayoutError("cards do not fit")
        with steps.step("two", "built"):
            raise OSError(28, "No space left on device", "/out/two")
        with steps.step("mini", "built"):
            raise BuildRefused(check_pack(mini.path))
        with steps.step("four", "built"):
            click.echo("four built")
        return steps.status
    code, out, err = invoke(body)
    assert code == 1 and out.rstrip().endswith("four built")
    assert err.splitlines() == ["one: not built: cards do not fit",
                                "two: not built: No space left on device: /out/two",
                                "mini: not built because of the errors above"]


def test_a_usage_error_in_a_step_is_said_as_click_says_it_and_the_others_go_on():
    def body():
        steps = Steps()
        with steps.step("one", "built"):
            raise GutterTooWide("a 3 mm gutter does not fit", 2.75)
        with steps.step("two", "built"):
            click.echo("two built")
        return steps.status
    code, out, err = invoke(body)
    assert (code, out) == (2, "two built\n")
    assert err == "Error: Invalid value for '--gutter': a 3 mm gutter does not fit\n"


def test_internal_errors_are_not_the_runners():
    """A bug is not caught as if it were bad input: printkit.commands.cli.main reports it (exit 3)."""
    result = CliRunner().invoke(click.command()(runs(raising(ZeroDivisionError("bug")))), [])
    assert isinstance(result.exception, ZeroDivisionError)


def commands(group: click.Group, path: str = "printkit"):
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from commands(command, f"{path} {name}")
        else:
            yield f"{path} {name}", command


def test_every_command_goes_through_the_runner():
    found = dict(commands(cli))
    assert {"printkit build", "printkit check", "printkit diff", "printkit new", "printkit explain",
            "printkit export tts", "printkit export pod", "printkit simulate", "printkit layout list",
            "printkit layout show", "printkit calibrate"} <= set(found)
    for name, command in found.items():
        callback = command.callback
        while not hasattr(callback, "runner") and hasattr(callback, "__wrapped__"):
            callback = callback.__wrapped__
        assert hasattr(callback, "runner"), f"{name} does not go through printkit.commands.runner"


WRITING = {  # a command that writes files, and what it says it did not make
    "build": (["build", "gag-grab"], "gag-grab: not built"),
    "calibrate": (["calibrate"], "calibration.pdf: not written"),
    "export tts": (["export", "tts", "gag-grab"], "gag-grab: not exported"),
    "export pod": (["export", "pod", "--service", "pdf", "gag-grab"], "gag-grab: not exported"),
    "simulate": (["simulate", "gag-grab", "--games", "2", "--players", "3", "--workers", "1"],
                 "gag-grab: balance.pdf: not written"),
}


@pytest.mark.parametrize("command", WRITING)
def test_every_command_that_writes_says_a_file_error_the_same_way(tmp_path, monkeypatch, command):
    """A disk that fails every write: each command names what it did not make and why, and exits 1."""
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", str(tmp_path / "out"))
    for where in ("printkit.core.output", "printkit.commands.build"):
        monkeypatch.setattr(f"{where}.write_files_atomically", full)
    monkeypatch.setattr("printkit.commands.export_run.replace_folder_files", full)
    args, said = WRITING[command]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"{said}: No space left on device: {tmp_path / 'out'}" in result.output


def test_new_says_a_file_error_the_same_way(tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device", str(tmp_path / "game"))
    monkeypatch.setattr("printkit.scaffold.pack.write_files_atomically", full)
    result = CliRunner().invoke(cli, ["new", str(tmp_path / "game")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr == f"{tmp_path / 'game'}: not created: No space left on device: {tmp_path / 'game'}\n"


def test_every_exception_printkit_defines_derives_from_its_base():
    """Found by loading every module; the builtins callers catch (ValueError, LookupError) are kept as well."""
    defined = {}
    for info in pkgutil.walk_packages(printkit.__path__, "printkit."):
        if info.name == "printkit.__main__":
            continue
        for obj in vars(importlib.import_module(info.name)).values():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and obj.__module__.startswith("printkit."):
                defined[f"{obj.__module__}.{obj.__qualname__}"] = obj
    assert len(defined) >= 29
    assert [name for name, cls in defined.items() if not issubclass(cls, PrintkitError)] == []
    assert issubclass(defined["printkit.geometry.sheet.LayoutError"], ValueError)
    assert issubclass(defined["printkit.commands.packs.UnknownPack"], LookupError)


def test_every_option_of_every_command_is_documented():
    """Each option has help text, and each command a docstring with examples."""
    for name, command in commands(cli):
        for param in command.params:
            if isinstance(param, click.Option):
                assert param.help and len(param.help) > 10, f"{name} {param.opts[0]} has no help"
        assert command.help, f"{name} has no help"


def test_builds_options_reach_it_as_one_build_options(monkeypatch, tmp_path):
    """--out, --paper, the sheet options and the kit's are declared once and handed to the library as one value."""
    from printkit.commands.build import BuildOptions
    from printkit.kit.sheets import SheetOptions
    from printkit.geometry.duplex import Flip, Offset

    seen = []
    monkeypatch.setattr("printkit.commands.cli._build_packs", lambda roots, options: seen.append(options) or 0)
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(tmp_path), "--paper", "letter", "--backs",
                                      "short-edge", "--back-offset", "0.5,-1", "--gutter", "1", "--backs-ink",
                                      "full", "--booklet", "--png", "--dpi", "150"])
    assert result.exit_code == 0, result.output
    assert seen == [BuildOptions(tmp_path, "letter", SheetOptions(Flip.SHORT_EDGE, Offset(0.5, -1.0), 1.0, "full"),
                                 None, True, 150.0)]
