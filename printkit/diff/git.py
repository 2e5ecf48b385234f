"""Packs as committed at git revisions, extracted into temporary folders.

Only git's plumbing is called (``rev-parse``, ``ls-tree``, ``cat-file``),
as argument lists and never through a shell, so a revision or path cannot
run anything. Only regular files are taken: symbolic links and submodules
in the pack are skipped, and a path that would leave the folder is refused.
"""
from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..core.errors import UsageProblem
from ..model import MANIFEST_NAME
from ..core.packpath import clipped, is_folder
from ..core.signals import terminate_as_interrupt
from ..core.terminal import visible

MAX_FILES = 2000  # files in the pack at the revision
MAX_BYTES = 64 << 20  # their bytes in all
TIMEOUT = 60  # seconds for one git command
MAX_REVISION = 1000  # characters of a revision: branch names and expressions such as main~3 are far shorter
MAX_PACKS = 50  # packs compared in one run of two revisions
MAX_TREE = 200_000  # files listed at a revision, to find its packs
BLOB_MODES = ("100644", "100755")  # regular files; 120000 is a symbolic link, 160000 a submodule


class GitProblem(UsageProblem):
    """Why a revision's pack cannot be had; said to the user as it is (a usage error)."""


class NotRevisions(GitProblem):
    """The arguments are not two revisions of a repository at all."""


@dataclass(frozen=True)
class Entry:
    path: str  # inside the pack folder, with '/'
    oid: str
    size: int


def is_pack_folder(arg: str) -> bool:
    """Whether a command-line OLD names a pack folder (rather than a git revision)."""
    return bool(arg) and is_folder(arg) and (Path(arg) / MANIFEST_NAME).is_file()


def pack_side(old: str, new: Path) -> AbstractContextManager[tuple[Path | None, str]]:
    """(folder, label) of a command-line OLD beside the pack folder ``new``: OLD itself when it is a pack
    folder, else the pack as committed at the git revision OLD (see ``revision_pack``). ``printkit diff``
    and ``printkit simulate --against`` take their OLD so."""
    return nullcontext((Path(old).resolve(), old)) if is_pack_folder(old) else revision_pack(old, new)


@contextmanager
def revision_pack(rev: str, pack: Path) -> Iterator[tuple[Path | None, str]]:
    """(folder, label): the pack folder ``pack`` as committed at ``rev``, in a temporary folder that
    is removed afterwards whatever happens (None when the pack is not in that revision); the label
    names the revision and its commit."""
    top, inside = _repository(pack)
    commit = _commit(top, rev)
    entries = _entries(top, commit, inside, rev)
    with _extracted(top, entries, Path(pack).resolve().name) as root:
        yield root, _label(rev, commit)


def _label(rev: str, commit: str) -> str:
    return rev if commit.startswith(rev.lower()) else f"{rev} ({commit[:7]})"


@contextmanager
def _extracted(top: Path, entries: list[Entry] | None, name: str) -> Iterator[Path | None]:
    if entries is None:
        yield None
        return
    # Killed with SIGTERM (or Ctrl-C), the checkout is still removed.
    with terminate_as_interrupt(), tempfile.TemporaryDirectory(prefix="printkit-diff-") as tmp:
        root = Path(tmp) / name  # the same folder name: the pack id
        root.mkdir()
        _extract(top, entries, root)
        yield root


@dataclass(frozen=True)
class RevisionPacks:
    """Two revisions' packs: (path in the repository, old folder or None, new folder or None) each."""

    old_label: str
    new_label: str
    packs: tuple[tuple[str, Path | None, Path | None], ...]
    versions: tuple[str, str] | None  # printkit's own version at each revision, in printkit's repository


@contextmanager
def revision_packs(old_rev: str, new_rev: str, packs: Sequence[str], cwd: Path) -> Iterator[RevisionPacks]:
    """The packs ``packs`` (folders, relative to ``cwd``) as committed at two revisions of the
    repository ``cwd`` is in; with none named, every pack whose files differ between them. Each in
    a temporary folder removed afterwards; a side without the pack is None."""
    try:
        top, _ = _repository(cwd)
        commits = _commit(top, old_rev), _commit(top, new_rev)
    except GitProblem as exc:
        raise NotRevisions(str(exc)) from None
    trees = [_listing(top, c, "", rev) for c, rev in zip(commits, (old_rev, new_rev))]
    found = [_pack_folders(t) for t in trees]
    if packs:
        wanted = []
        for name in packs:
            inside = _inside(top, cwd, name)
            if inside not in found[0] and inside not in found[1]:
                raise GitProblem(f"'{name}' is a pack (a folder with a {MANIFEST_NAME}) in neither "
                                 f"{old_rev} nor {new_rev}")
            wanted.append(inside)
    else:
        wanted = [p for p in sorted(found[0] | found[1]) if _files_under(trees[0], p) != _files_under(trees[1], p)]
    wanted = list(dict.fromkeys(wanted))
    if len(wanted) > MAX_PACKS:
        raise GitProblem(f"{len(wanted)} packs differ between {old_rev} and {new_rev}; printkit diff compares "
                         f"at most {MAX_PACKS} at once: name the packs to compare")
    with ExitStack() as stack:
        out = []
        for inside in wanted:
            name = inside.rsplit("/", 1)[-1] or top.name
            old, new = (stack.enter_context(_extracted(top, _pack_entries(tree, inside, rev, required=False), name))
                        for tree, rev in zip(trees, (old_rev, new_rev)))
            out.append((inside or ".", old, new))
        yield RevisionPacks(_label(old_rev, commits[0]), _label(new_rev, commits[1]), tuple(out),
                            _versions(top, trees))


def _inside(top: Path, cwd: Path, name: str) -> str:
    path = (cwd / name).resolve() if not Path(name).is_absolute() else Path(name).resolve()
    try:
        rel = path.relative_to(top)
    except ValueError:
        raise GitProblem(f"'{name}' is not inside the repository at {top}") from None
    return rel.as_posix() if rel.parts else ""


Record = tuple[str, str, str, int, str]  # mode, kind, oid, size, path


def _pack_folders(tree: list[Record]) -> set[str]:
    suffix = "/" + MANIFEST_NAME
    return {path[:-len(suffix)] if path.endswith(suffix) else "" for mode, kind, _, _, path in tree
            if path == MANIFEST_NAME or path.endswith(suffix)}


def _files_under(tree: list[Record], inside: str) -> set[tuple[str, str]]:
    prefix = f"{inside}/" if inside else ""
    return {(path, oid) for _, _, oid, _, path in tree if path.startswith(prefix)}


_VERSION = re.compile(r'^__version__\s*=\s*"([^"\n]{1,40})"', re.M)


def _versions(top: Path, trees: list[list[Record]]) -> tuple[str, str] | None:
    """printkit's version at each revision, when the repository is printkit's own."""
    oids = [next((oid for _, _, oid, _, path in t if path == "printkit/__init__.py"), None) for t in trees]
    found = []
    for oid in oids:
        if oid is None:
            return None
        result = _git(top, "cat-file", "blob", oid)
        match = _VERSION.search(result.stdout.decode("utf-8", "replace")) if result.returncode == 0 else None
        if match is None:
            return None
        found.append(match.group(1))
    return found[0], found[1]


def _git(cwd: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0", GIT_OPTIONAL_LOCKS="0")
    try:
        return subprocess.run(["git", "--literal-pathspecs", "-C", str(cwd), *args], input=stdin, check=False,
                              capture_output=True, timeout=TIMEOUT, env=env)
    except FileNotFoundError:
        raise GitProblem("git is not installed (or not on PATH); it is needed to compare with a revision") from None
    except subprocess.TimeoutExpired:
        raise GitProblem(f"git took more than {TIMEOUT} s to answer 'git {args[0]}'") from None


def _said(result: subprocess.CompletedProcess) -> str:
    """git's own first line of complaint, for the user."""
    lines = result.stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[0].removeprefix("fatal: ") if lines else f"git exited with status {result.returncode}"


def _repository(pack: Path) -> tuple[Path, str]:
    """(the repository's top folder, the pack folder's path inside it with '/', '' at the top)."""
    folder = Path(pack).resolve()
    if not folder.is_dir():
        raise GitProblem(f"'{pack}' is not a folder")
    result = _git(folder, "rev-parse", "--show-toplevel")
    if result.returncode != 0:
        raise GitProblem(f"'{pack}' is not in a git repository ({_said(result)})")
    top = Path(result.stdout.decode("utf-8", "surrogateescape").rstrip("\n")).resolve()
    try:
        inside = folder.relative_to(top)
    except ValueError:
        raise GitProblem(f"'{pack}' is not inside the repository at {top}") from None
    return top, inside.as_posix() if inside.parts else ""


def _commit(top: Path, rev: str) -> str:
    shown = visible(clipped(rev))  # a hostile argument may be long or hold control characters
    if rev.startswith("-"):
        raise GitProblem(f"'{shown}' is not a pack folder, and a revision may not start with '-'")
    if len(rev) > MAX_REVISION:
        raise GitProblem(f"'{visible(rev[:40])}…' is neither a pack folder nor a revision: a revision is at most "
                         f"{MAX_REVISION} characters")
    if not rev or not rev.isprintable():
        raise GitProblem(f"'{shown}' is neither a pack folder nor a revision git accepts")
    result = _git(top, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if result.returncode != 0:
        raise GitProblem(f"'{shown}' is neither a pack folder (with a {MANIFEST_NAME}) nor a known revision "
                         f"of the repository at {top}")
    return result.stdout.decode("ascii").strip()


def _entries(top: Path, commit: str, inside: str, rev: str) -> list[Entry] | None:
    """The regular files under ``inside`` at ``commit``, checked against the limits; None when
    there is no pack there."""
    return _pack_entries(_listing(top, commit, inside, rev), inside, rev, required=False)


def _listing(top: Path, commit: str, inside: str, rev: str) -> list[Record]:
    """Every file git has under ``inside`` (the whole tree for '') at ``commit``."""
    where = ["--", inside] if inside else []
    result = _git(top, "ls-tree", "-r", "-l", "-z", "--full-tree", commit, *where)
    if result.returncode != 0:
        raise GitProblem(f"cannot list '{inside or '.'}' at {rev}: {_said(result)}")
    records: list[Record] = []
    for record in result.stdout.split(b"\0"):
        if not record:
            continue
        meta, _, raw = record.partition(b"\t")
        mode, kind, oid, size = meta.decode("ascii").split()
        records.append((mode, kind, oid, 0 if size == "-" else int(size), raw.decode("utf-8", "surrogateescape")))
        if len(records) > MAX_TREE:
            raise GitProblem(f"'{inside or '.'}' at {rev} has more than {MAX_TREE:,} files; "
                             f"printkit diff lists at most {MAX_TREE:,}")
    return records


def _pack_entries(records: list[Record], inside: str, rev: str, required: bool = True) -> list[Entry] | None:
    """The pack's regular files among ``records``, checked against the limits."""
    prefix = f"{inside}/" if inside else ""
    if not any(path == prefix + MANIFEST_NAME for _, _, _, _, path in records):
        if required:
            raise GitProblem(f"the pack '{inside or '.'}' is not in {rev}: there is no {prefix}{MANIFEST_NAME} there")
        return None
    entries: list[Entry] = []
    total = 0
    for mode, kind, oid, size, path in records:
        if kind != "blob" or mode not in BLOB_MODES or not path.startswith(prefix):
            continue  # symbolic links and submodules are left out
        rel = path[len(prefix):]
        if not _safe(rel):
            raise GitProblem(f"refusing '{path}' at {rev}: the path would leave the pack folder")
        entries.append(Entry(rel, oid, size))
        total += size
        if len(entries) > MAX_FILES:
            raise GitProblem(f"'{inside or '.'}' at {rev} has more than {MAX_FILES:,} files; "
                             f"a pack may have at most {MAX_FILES:,}")
        if total > MAX_BYTES:
            raise GitProblem(f"'{inside or '.'}' at {rev} holds more than {MAX_BYTES >> 20} MiB; "
                             f"printkit diff extracts at most {MAX_BYTES >> 20} MiB of a pack")
    _refuse_file_and_folder(entries, prefix, rev)
    return entries


def _refuse_file_and_folder(entries: list[Entry], prefix: str, rev: str) -> None:
    """A path that is a file and also a folder holding files (a tree git can hold, but no folder on
    disk can) is refused before anything is written."""
    folders = {e.path.rsplit("/", i)[0] for e in entries for i in range(1, e.path.count("/") + 1)}
    both = sorted(folders.intersection(e.path for e in entries))
    if both:
        raise GitProblem(f"refusing '{prefix}{both[0]}' at {rev}: it is both a file and a folder there, "
                         "which no folder on disk can hold")


def _safe(rel: str) -> bool:
    path = PurePosixPath(rel)
    return bool(rel) and not path.is_absolute() and all(p not in ("", ".", "..") for p in rel.split("/")) \
        and "\\" not in rel


def _extract(top: Path, entries: list[Entry], root: Path) -> None:
    """Write every entry's content under ``root``, read in one ``git cat-file --batch``."""
    result = _git(top, "cat-file", "--batch", stdin="".join(f"{e.oid}\n" for e in entries).encode("ascii"))
    if result.returncode != 0:
        raise GitProblem(f"cannot read the pack's files from git: {_said(result)}")
    out, at = result.stdout, 0
    home = root.resolve()
    for entry in entries:
        end = out.index(b"\n", at)
        oid, kind, size = out[at:end].decode("ascii").split()
        if oid != entry.oid or kind != "blob" or int(size) != entry.size:
            raise GitProblem(f"git gave something unexpected for '{entry.path}'")
        data = out[end + 1:end + 1 + entry.size]
        at = end + 1 + entry.size + 1  # the content is followed by a newline
        target = root.joinpath(*entry.path.split("/"))
        if home not in target.resolve().parents:
            raise GitProblem(f"refusing '{entry.path}': the path would leave the pack folder")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        except OSError as exc:  # a name this file system does not take, a full disk...
            raise GitProblem(f"cannot write '{entry.path}' from git into a temporary folder: "
                             f"{exc.strerror or exc}") from None
