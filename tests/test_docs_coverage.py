"""The docs cover what printkit has: every finding code, every command's options, every layout element type and
key; and every link between the pages (and to files of the repository) leads somewhere."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import click
import pytest
from conftest import REPO
from readme_sessions import page_text, pages

from printkit.commands.cli import cli
from printkit.core.findings import CODES
from printkit.model.design_keys import COMMON_KEYS, ELEMENT_KEYS, ELEMENT_TYPES, LAYOUT_KEYS, STYLE_KEYS

FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
LINK = re.compile(r"\]\(([^)\s]+)\)|^\[[^\]]+\]: (\S+)", re.MULTILINE)


def prose(text: str) -> str:
    """The text without its fenced code blocks and inline code."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


def sections(text: str) -> dict[str, str]:
    """Each heading's text (without the #s), to the text under it up to the next heading of any level."""
    parts = re.split(r"^(#+ .*)$", FENCE.sub(lambda m: m.group(0).replace("#", "\\#"), text), flags=re.MULTILINE)
    return {parts[i].lstrip("#").strip(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#+ (.*)$", FENCE.sub("", text), re.MULTILINE):
        base = slug(heading)
        seen[base] = seen.get(base, -1) + 1
        yield base if seen[base] == 0 else f"{base}-{seen[base]}"


def leaf_commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    found = []
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += leaf_commands(command, (*path, name))
        else:
            found.append(((*path, name), command))
    return found


def test_every_finding_code_has_its_section_in_the_findings_reference():
    headings = re.findall(r"^### ([A-Z]\d{3}) ", page_text("docs/findings.md"), re.MULTILINE)
    assert sorted(headings) == sorted(CODES)


@pytest.mark.parametrize(("path", "command"), leaf_commands(), ids=lambda v: " ".join(v) if isinstance(v, tuple) else "")
def test_every_option_of_every_command_is_documented_in_the_commands_page(path, command):
    """Under the command's own heading: its synopsis names every argument, and every option is described."""
    title = f"`printkit {' '.join(path)}`"
    under = sections(page_text("docs/commands.md"))
    if title not in under and path[0] in ("layout",):
        title = f"`printkit {path[0]}`"  # the layout subcommands share a section
    assert title in under, f"docs/commands.md has no section {title}"
    text = under[title]
    for param in command.params:
        if isinstance(param, click.Argument):
            shown = param.name.upper().removesuffix("S") if param.nargs == -1 else param.name.upper()  # PACK...
            assert shown in text, f"{title}: argument {shown} is not shown"
        else:
            for flag in param.opts:
                assert re.search(rf"`{re.escape(flag)}[\s`=]", text), f"{title}: {flag} is not documented"
                assert text.count(flag) >= 2 or re.search(rf"^\| `{re.escape(flag)}", text, re.MULTILINE), \
                    f"{title}: {flag} appears only in the synopsis"


def test_every_command_has_a_section_and_a_line_in_the_readme():
    readme = page_text("README.md")
    for name in cli.commands:
        assert f"(docs/commands.md#printkit-{name}" in readme, name


def _element_rows() -> dict[str, str]:
    table = sections(page_text("docs/layouts.md"))["Element types"]
    return dict(re.findall(r"^\| `([a-z]+)` \|(.*)$", table, re.MULTILINE))


def test_every_layout_element_type_is_documented_with_its_keys():
    rows = _element_rows()
    assert list(rows) == list(ELEMENT_TYPES)
    for kind, keys in ELEMENT_KEYS.items():
        own = rows[kind].rsplit("|", 2)[-2]
        assert sorted(re.findall(r"`(\w+)`", own)) == sorted(keys), kind


def test_every_layout_key_is_documented():
    text = page_text("docs/layouts.md")
    for key in {*COMMON_KEYS, *STYLE_KEYS, *LAYOUT_KEYS}:
        assert re.search(rf"`{key}`|^{key} = |\[\[{key}\]\]|\.{key}\b", text, re.MULTILINE), key


def _links() -> list[tuple[Path, str]]:
    found = []
    for page in pages():
        text = re.sub(r"`[^`\n]*`", "", FENCE.sub("", page.read_text(encoding="utf-8")))
        found += [(page, a or b) for a, b in LINK.findall(text)]
    return found


def test_pages_link_to_one_another():
    targets = {target.split("#")[0] for page, target in _links() if page.name == "README.md"}
    for page in pages()[1:]:
        assert f"docs/{page.name}" in targets, f"the README does not link to docs/{page.name}"


@pytest.mark.parametrize(("page", "target"), _links(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_every_internal_link_resolves(page, target):
    if re.match(r"[a-z]+:", target):
        return  # a web address
    path, _, anchor = unquote(target).partition("#")
    file = (page.parent / path).resolve() if path else page
    assert file.exists(), f"{page.name}: {target} leads nowhere"
    assert REPO in file.parents or file == REPO, f"{page.name}: {target} leaves the repository"
    if anchor:
        assert file.suffix == ".md", f"{page.name}: {target} has an anchor into a non-Markdown file"
        assert anchor in set(anchors(file.read_text(encoding="utf-8"))), f"{page.name}: no heading for #{anchor}"
