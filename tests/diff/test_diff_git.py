"""printkit diff against a git revision: a temporary repository with the pack committed, then edited."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile

import pytest
from click.testing import CliRunner
from diffpacks import GAG_GRAB, copy_pack, edit, make_edits

from printkit.commands.cli import cli
from printkit.diff import git as diffgit
from printkit.diff.git import GitProblem, revision_pack

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(repo, *args, input_text: str | None = None):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    result = subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false",
                             "-C", str(repo), *args], capture_output=True, text=True, env=env, check=False,
                            input=input_text)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    """A repository whose HEAD~1 has the pack as bundled, HEAD a symlink and a submodule entry
    besides; the working tree has the standard edits."""
    root = tmp_path_factory.mktemp("repo")
    git(root, "init", "-q")
    pack = copy_pack(root / "cards" / "gag-grab")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "pack")
    (pack / "link.csv").symlink_to("/etc/hostname")
    (pack / "up").symlink_to("../../..")
    sha = git(root, "rev-parse", "HEAD")
    git(root, "update-index", "--add", "--cacheinfo", f"160000,{sha},cards/gag-grab/sub")  # a submodule entry
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "links")
    make_edits(pack)
    return root


def run(*args):
    return CliRunner().invoke(cli, ["diff", *map(str, args)], catch_exceptions=False)


def test_diff_against_head_reports_the_working_tree_edits(repo):
    result = run("HEAD", repo / "cards" / "gag-grab", "--format", "json")
    assert result.exit_code == 0, result.output
    top = json.loads(result.output)
    (data,) = top["packs"]
    short = git(repo, "rev-parse", "--short=7", "HEAD")
    assert top["old"] == data["old"] == f"HEAD ({short})" and data["pack"] == "gag-grab"
    assert data["summary"]["text"].startswith("3 cards changed, 1 added, 1 removed, 1 renamed; Kid cards 52 → 53")
    gags = data["decks"][1]
    assert [(c["kind"], c["name"]) for c in gags["cards"]][2] == ("renamed", "The Red Baron")


def test_relative_pack_path_from_inside_the_repository(repo, monkeypatch):
    monkeypatch.chdir(repo / "cards")
    result = run("HEAD~1", "gag-grab")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("gag-grab: HEAD~1 (")
    assert "    ~ Shortstop: requires 'SN x2' → 'SN + Sally'" in result.output.splitlines()


def test_only_regular_files_are_extracted_and_the_folder_is_removed(repo, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with revision_pack("HEAD", repo / "cards" / "gag-grab") as (root, label):
        files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*"))
        assert root.name == "gag-grab" and label.startswith("HEAD (")
        assert files == ["README.md", "gags.csv", "game.toml", "kids.csv", "rules.md"]  # no link.csv, up, sub
        assert "Shortstop,3,SN x2" in (root / "gags.csv").read_text(encoding="utf-8")  # as committed
    assert list(tmp_path.iterdir()) == []


def test_the_folder_is_removed_when_the_diff_fails(repo, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(RuntimeError):
        with revision_pack("HEAD", repo / "cards" / "gag-grab"):
            raise RuntimeError("boom")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("rev, message", [
    ("no-such-branch", "'no-such-branch' is neither a pack folder (with a game.toml) nor a known revision"),
    ("-c", "'-c' is not a pack folder, and a revision may not start with '-'"),
    ("--output=/tmp/x", "a revision may not start with '-'"),
])
def test_bad_revisions_are_usage_errors(repo, rev, message):
    result = run("--", rev, repo / "cards" / "gag-grab")
    assert result.exit_code == 2 and message in result.output


def test_not_a_repository_is_a_usage_error(tmp_path):
    pack = copy_pack(tmp_path / "gag-grab")
    result = run("HEAD", pack)
    assert result.exit_code == 2 and f"'{pack}' is not in a git repository" in result.output


def rows(pack, name):
    """Card rows of a CSV file, counted from the file itself."""
    return len([line for line in (pack / name).read_text(encoding="utf-8").splitlines()[1:] if line.strip()])


def test_a_pack_not_in_the_revision_has_every_card_added(repo, tmp_path):
    other = copy_pack(repo / "cards" / "newer")
    try:
        result = run("HEAD", other, "--format", "json", "--exit-code")
        kids, gags = rows(other, "kids.csv"), rows(other, "gags.csv")
    finally:
        shutil.rmtree(other)
    assert result.exit_code == 1, result.output
    (data,) = json.loads(result.output)["packs"]
    assert data["status"] == "added" and data["summary"]["text"].startswith("pack added: ")
    decks = {d["id"]: d for d in data["decks"]}
    assert {d: decks[d]["status"] for d in decks} == {"kids": "added", "gags": "added", "player-aid": "added"}
    assert [len(decks[d]["cards"]) for d in ("kids", "gags")] == [kids, gags]
    assert all(c["kind"] == "added" for d in decks.values() for c in d["cards"])


def test_git_not_installed(repo, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    result = run("HEAD", repo / "cards" / "gag-grab")
    assert result.exit_code == 2 and "git is not installed" in result.output


def test_limits_on_files_and_bytes(repo, monkeypatch):
    pack = repo / "cards" / "gag-grab"
    monkeypatch.setattr(diffgit, "MAX_FILES", 3)
    with pytest.raises(GitProblem, match="has more than 3 files"):
        with revision_pack("HEAD", pack):
            pass
    monkeypatch.setattr(diffgit, "MAX_FILES", 2000)
    monkeypatch.setattr(diffgit, "MAX_BYTES", 1000)
    with pytest.raises(GitProblem, match="holds more than 0 MiB"):
        with revision_pack("HEAD", pack):
            pass


def test_pack_at_the_top_of_its_repository(tmp_path):
    pack = copy_pack(tmp_path / "gag-grab")
    git(pack, "init", "-q")
    git(pack, "add", "-A")
    git(pack, "commit", "-q", "-m", "pack")
    edit(pack, "kids.csv", "Sally,,gallery,1,girl", "Sally,,gallery,3,girl")
    result = run("HEAD", pack)
    assert result.exit_code == 0 and "    ~ Sally: count '1' → '3'" in result.output.splitlines()


def test_a_redrawn_picture_is_a_change_and_the_proof_shows_both(tmp_path):
    from checks.test_art_findings import with_art
    from conftest import ScratchPack
    from PIL import Image
    import pypdfium2 as pdfium

    pack = copy_pack(tmp_path / "gag-grab")
    with_art(ScratchPack(pack), {"Football Kick": "kick.png"})
    Image.new("RGB", (600, 450), (30, 90, 220)).save(pack / "kick.png")
    git(pack, "init", "-q")
    git(pack, "add", "-A")
    git(pack, "commit", "-q", "-m", "blue")
    Image.new("RGB", (600, 450), (220, 30, 30)).save(pack / "kick.png")  # redrawn, same file name
    proof = tmp_path / "proof.pdf"
    result = run("HEAD", pack, "--proof", proof)
    assert result.exit_code == 0, result.output
    assert "    ~ Football Kick: art 'kick.png' → 'kick.png (picture changed)'" in result.output.splitlines()
    image = pdfium.PdfDocument(str(proof))[0].render(scale=30 / 72).to_pil().convert("RGB")
    k = 30 / 25.4  # pixels a mm

    def count(colour, x0, x1):
        box = image.crop((round(x0 * k), round(20 * k), round(x1 * k), round(110 * k)))
        return sum(n for n, p in box.getcolors(1 << 20) if all(abs(a - b) < 40 for a, b in zip(p, colour)))
    blue, red = (30, 90, 220), (220, 30, 30)
    # The old card (left, from the extracted revision) is blue, the new one (right) red.
    assert count(blue, 12, 66) > 50 and count(red, 12, 66) == 0
    assert count(red, 72, 126) > 50 and count(blue, 72, 126) == 0


# -- two revisions: printkit diff REV1 REV2 [PACK]... ------------------------------------------------------

POWER = ("Draw 3 Kid cards, then discard any 2 cards.", "Draw 2 Kid cards, then discard any 1 card.")


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """Tags one (gag-grab), two (a power's text edited), three (a second pack added), four (gag-grab
    removed); the working tree then has an uncommitted edit that a diff of two revisions must not see."""
    root = tmp_path_factory.mktemp("history")
    git(root, "init", "-q")
    pack = copy_pack(root / "cards" / "gag-grab")
    steps = [("one", lambda: None), ("two", lambda: edit(pack, "game.toml", *POWER)),
             ("three", lambda: copy_pack(root / "cards" / "second")),
             ("four", lambda: shutil.rmtree(pack))]
    for tag, step in steps:
        step()
        git(root, "add", "-A")
        git(root, "commit", "-q", "-m", tag)
        git(root, "tag", tag)
    edit(root / "cards" / "second", "gags.csv", "Shortstop,3,SN x2", "Shortstop,3,SN x3")
    return root


def diff_json(*args):
    result = run(*args, "--format", "json", "--exit-code")
    assert result.exit_code == 1, result.output
    return json.loads(result.output)


def test_two_revisions_compare_every_pack_that_differs_without_a_checkout(history, monkeypatch):
    monkeypatch.chdir(history)
    head, status = git(history, "rev-parse", "HEAD"), git(history, "status", "--porcelain")
    data = diff_json("one", "two")
    assert [p["pack"] for p in data["packs"]] == ["cards/gag-grab"]
    one, two = (git(history, "rev-parse", "--short=7", t) for t in ("one", "two"))
    assert (data["old"], data["new"]) == (f"one ({one})", f"two ({two})")
    sally = next(c for d in data["packs"][0]["decks"] for c in d["cards"] if c["name"] == "Sally")
    assert sally["causes"] == ["game.toml powers[2].text"]
    # Nothing was checked out: HEAD and the working tree are as they were.
    assert (git(history, "rev-parse", "HEAD"), git(history, "status", "--porcelain")) == (head, status)


def test_a_pack_added_and_a_pack_removed_report_every_card(history, monkeypatch, tmp_path):
    monkeypatch.chdir(history)
    kids, gags = rows(GAG_GRAB, "kids.csv"), rows(GAG_GRAB, "gags.csv")
    for old, new, path, status, kind in (("two", "three", "cards/second", "added", "added"),
                                         ("three", "four", "cards/gag-grab", "removed", "removed")):
        (pack,) = diff_json(old, new)["packs"]
        assert (pack["pack"], pack["status"]) == (path, status)
        decks = {d["id"]: d for d in pack["decks"]}
        assert [len(decks[d]["cards"]) for d in ("kids", "gags")] == [kids, gags]
        assert {c["kind"] for d in decks.values() for c in d["cards"]} == {kind}
    proof = tmp_path / "proof.pdf"
    result = run("two", "three", "--proof", proof)
    assert result.exit_code == 0 and "wrote" in result.output
    import pdfplumber

    with pdfplumber.open(proof) as doc:
        first = " ".join((doc.pages[0].extract_text() or "").split())
    assert "not in old" in first and "Charlie Brown" in first and "added" in first


def test_every_changed_pack_in_one_report(history, monkeypatch):
    monkeypatch.chdir(history)
    data = diff_json("one", "four")
    assert [(p["pack"], p["status"]) for p in data["packs"]] == [("cards/gag-grab", "removed"),
                                                                 ("cards/second", "added")]
    markdown = run("one", "four", "--format", "markdown").output
    assert "### printkit diff: Peanuts Gag Grab (`cards/gag-grab`, pack removed)" in markdown.splitlines()
    assert "### printkit diff: Peanuts Gag Grab (`cards/second`, pack added)" in markdown.splitlines()
    text = run("one", "four").output.splitlines()
    assert text[-1] == "2 packs compared, 2 changed"


def test_packs_named_from_a_subfolder(history, monkeypatch):
    monkeypatch.chdir(history / "cards")
    data = diff_json("one", "four", "second")
    assert [p["pack"] for p in data["packs"]] == ["cards/second"]
    result = run("one", "four", "nothing")
    assert result.exit_code == 2 and "'nothing' is a pack (a folder with a game.toml) in neither one nor four" \
        in result.output
    result = run("one", "two", "second")  # a pack in neither: not there yet
    assert result.exit_code == 2


def test_same_revision_twice_has_nothing_to_compare(history, monkeypatch):
    monkeypatch.chdir(history)
    result = run("two", "two", "--exit-code")
    assert result.exit_code == 0 and result.output.strip().endswith("no pack differs")


def test_neither_a_pack_nor_two_revisions(history, monkeypatch):
    monkeypatch.chdir(history)
    result = run("one", "no-such-thing")
    assert result.exit_code == 2
    assert "no-such-thing" in result.output and "nor are OLD and NEW both git revisions" in result.output


def test_printkit_own_version_differing_between_revisions_is_a_note(tmp_path, monkeypatch):
    (tmp_path / "printkit").mkdir()
    init = tmp_path / "printkit" / "__init__.py"
    git(tmp_path, "init", "-q")
    copy_pack(tmp_path / "cards" / "gag-grab")
    for version in ("0.1.0", "0.2.0"):
        init.write_text(f'"""printkit."""\n\n__version__ = "{version}"\n', encoding="utf-8")
        git(tmp_path, "add", "-A")
        git(tmp_path, "commit", "-q", "-m", version)
        git(tmp_path, "tag", f"v{version}")
    monkeypatch.chdir(tmp_path)
    result = run("v0.1.0", "v0.2.0", "--format", "json", "--exit-code")
    assert result.exit_code == 1, result.output  # no pack differs, but what draws them does
    data = json.loads(result.output)
    assert data["packs"] == [] and len(data["notes"]) == 1
    assert "printkit's own version differs between the revisions (0.1.0 → 0.2.0)" in data["notes"][0]


def _commit_with_tree(repo, pack_tree: str, branch: str) -> None:
    """Commit, as ``branch``, a tree whose cards/gag-grab is the tree ``pack_tree`` (made with git mktree)."""
    cards = git(repo, "mktree", input_text=f"040000 tree {pack_tree}\tgag-grab\n")
    root = git(repo, "mktree", input_text=f"040000 tree {cards}\tcards\n")
    commit = git(repo, "commit-tree", root, "-m", "hostile")
    git(repo, "update-ref", f"refs/heads/{branch}", commit)


@pytest.mark.parametrize("name", ["game.toml", "notes"])
def test_a_file_and_a_folder_of_one_name_at_a_revision_is_refused_before_extracting(tmp_path, monkeypatch, name):
    pack = copy_pack(tmp_path / "repo" / "cards" / "gag-grab")
    root = tmp_path / "repo"
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    monkeypatch.chdir(root)  # two revisions are of the repository the command runs in
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "pack")
    blob = git(root, "hash-object", "-w", "--stdin", input_text="hello\n")
    inner = git(root, "mktree", input_text=f"100644 blob {blob}\tinside.txt\n")
    listing = [line for line in git(root, "ls-tree", "HEAD:cards/gag-grab").splitlines()
               if not line.endswith("\t" + name)]
    tree = git(root, "mktree", input_text="\n".join(
        [*listing, f"100644 blob {blob}\t{name}", f"040000 tree {inner}\t{name}"]) + "\n")
    _commit_with_tree(root, tree, "hostile")
    for args in (("hostile", pack), ("hostile", "HEAD", pack), ("HEAD", "hostile")):
        result = CliRunner().invoke(cli, ["diff", *map(str, args)])
        assert result.exit_code == 2, result.output
        assert (f"refusing 'cards/gag-grab/{name}' at hostile: it is both a file and a folder there, which no "
                "folder on disk can hold") in result.output
    assert not list(temporary.iterdir())
