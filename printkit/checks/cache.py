"""Card front checks kept between runs: ``printkit check --cache DIR`` (and ``--watch``).

What the checks find on one card's front (printkit.checks.fronts.CardChecks) depends
only on the card's row (its values and where each cell stands, since findings point
there), on game.toml (the deck, its layout and face, the fonts named, the lint
settings), on the bytes of printkit's fonts and code, and on the pictures the front
shows. The key of a kept result is a hash of all of these but the pictures; each
entry lists the pictures it was drawn with and the hash of their bytes, and is used
only while they still match. So a change to one card re-checks that card; a change
to game.toml, a font or printkit re-checks them all. What depends on several cards
(counts, names, balance) is never kept: it is checked every time; the sheet-page lint is
kept apart, under ``keep`` (printkit.checks.sheet_cache).

The folder holds ``check-00.json`` … ``check-3f.json`` (an entry goes to the file its
key starts with), JSON only, each written whole or not at all (printkit.core.output).
A file that is not one of ours, damaged, of another format or over its share of the
limit is ignored and, when entries are next written there, replaced. At most
MAX_MB MB in all: when a file would pass its share, the entries written longest ago go.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import time
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.errors import PrintkitError, UsageProblem
from ..core.findings import Finding, Location
from ..core.fonts import fonts_dir
from ..core.output import read_plain, write_files_atomically
from ..core.packpath import clipped, inside_pack
from ..faces import LazyFronts
from ..faces.art import ASKED
from ..images.probe import MAX_PICTURE_BYTES
from ..model.pack import Card, Pack
from .fronts import CardChecks, FrontChecks
from .page_lint import PageProblem

FORMAT = 1  # raise when what an entry holds, or what its key covers, changes
FILES = 64  # entries are spread over this many files: an edit rewrites one
MAX_MB = 32  # the most the folder holds, in all
FILE_BYTES = (MAX_MB << 20) // FILES  # each file's share
KEY_CHARS = 32  # hex digits of an entry's key kept: 128 bits
MAX_ENTRY = 64 << 10  # bytes: a card whose findings take more is checked every time
PREFIX = "check-"
SHOWN = 200  # characters of the folder's path a message quotes


class CacheFolderProblem(UsageProblem):
    option = "--cache"


def open_cache(folder: Path) -> CheckCache:
    """The cache in ``folder``, made if absent; CacheFolderProblem when it cannot be one."""
    shown = clipped(str(folder), SHOWN)
    try:
        info = folder.stat()
    except FileNotFoundError:
        try:
            folder.mkdir(parents=True)
        except OSError as exc:
            raise CacheFolderProblem(f"cannot make the cache folder {shown}: {exc.strerror or exc}") from None
    except OSError as exc:
        raise CacheFolderProblem(f"cannot use {shown} as the cache folder: {exc.strerror or exc}") from None
    else:
        if not stat.S_ISDIR(info.st_mode):
            raise CacheFolderProblem(f"{shown} is not a folder: name a folder for the cache (it is made if absent)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CacheFolderProblem(f"cannot write into the cache folder {shown}")
    return CheckCache(folder)


class CheckCache:
    """Kept front checks in one folder, for one run: ``start`` each pack, then ``get`` or ``put``
    each card's, then ``save``. ``hits`` and ``checked`` count the fronts found and not found."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.hits = 0
        self.checked = 0
        # File name -> the entries of it this run asks for (``want``), read when first needed: a
        # folder near its limit holds far more than one pack's, and is never all in memory at once.
        self._files: dict[str, dict[str, Any]] = {}
        self._wanted: set[str] = set()
        self._new: dict[str, dict[str, Any]] = {}  # file name -> entries to add to it
        self._digests: dict[tuple[Path, str], str] = {}  # pictures' hashes, for this run only
        self._pack = ""
        self._root = Path()
        self._paths = _Paths(Path())
        self.problem: str | None = None  # why the cache could not be written, if it could not

    def start(self, pack: Pack) -> None:
        """Key what every front of ``pack`` depends on: game.toml as loaded, fonts, code, fixed pictures."""
        m = pack.manifest
        self._root = pack.root
        self._paths = _Paths(pack.root)
        named = sorted({text for layout in m.layouts.values() for element in layout.elements
                        for text in _strings(element.props)} | {icon.file for icon in m.icons.values() if icon.file})
        # Fixed pictures (drawn once per deck, not for each card) are named by a layout's `file` or
        # an icon: hashed here. A picture named by a card's cell is hashed for the cards showing it.
        parts: list[Any] = [FORMAT, __version__, _code_digest(), self._paths.key(repr(m)),
                            [(name, self._digest(name)) for name in named]]
        fronts = [m.layouts.get(deck.face.layout) for deck in m.decks if deck.face is not None]
        if m.claims is not None and any(e.type == "legend" for layout in fronts if layout for e in layout.elements):
            # A legend on a front names the cards the claims are paid with: those fronts depend on them.
            paid = pack.decks.get(m.claims.paid_from)
            parts.append(hashlib.sha256("".join(_card_text(c, self._paths) for c in (paid.cards if paid else ()))
                                        .encode())
                         .hexdigest())
        self._pack = hashlib.sha256(json.dumps(parts).encode()).hexdigest()

    def want(self, keys: Iterable[str]) -> None:
        """The keys this run will look up: only their entries are kept when a file is read."""
        self._wanted = set(keys)

    def key(self, card: Card) -> str:
        return hashlib.sha256((self._pack + _card_text(card, self._paths)).encode()).hexdigest()[:KEY_CHARS]

    def get(self, key: str, face: str) -> CardChecks | None:
        """The kept checks under ``key`` of the front ``face`` whose pictures are unchanged, else None."""
        entry: Any = self._entries(key).get(key)
        found = None
        try:
            _, pictures, *checks = entry
            if all(self._digest(name) == digest for name, digest in pictures):
                found = _decode(face, checks, self._paths)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            found = None  # damaged, or written by something else: checked again
        if found is None:
            self.checked += 1
        else:
            self.hits += 1
        return found

    def put(self, key: str, checks: CardChecks, pictures: Iterable[str]) -> None:
        if not checks.portable:
            return
        entry = [int(time.time()), [[name, self._digest(name)] for name in dict.fromkeys(pictures)],
                 *_encode(checks, self._paths)]
        if len(json.dumps(entry)) > MAX_ENTRY:
            return
        self._new.setdefault(_file(key), {})[key] = entry

    def save(self) -> None:
        """Write the files that gained entries, each within its share (the oldest entries go first)."""
        files = {}
        for name, new in sorted(self._new.items()):
            entries = _load(self.folder / name)  # read again: another check may have written it meanwhile
            entries.update(new)
            files[self.folder / name] = _within(entries)
        self._new.clear()
        for path, data in files.items():  # each on its own: one that cannot be written keeps no other out
            try:
                write_files_atomically({path: data}, tree=self.folder)
            except (OSError, PrintkitError) as exc:  # a cache that cannot be written costs time, not findings
                self.problem = self.problem or (f"could not write the cache in {clipped(str(self.folder), SHOWN)}: "
                                                f"{getattr(exc, 'strerror', None) or exc}")

    def kept(self, text: str) -> Any:
        """What ``keep`` kept under ``text`` for this pack (unchecked: the caller checks it), or None."""
        key = self._other_key(text)
        entry = _load(self.folder / _file(key)).get(key)
        return entry[1] if isinstance(entry, list) and len(entry) == 2 else None

    def keep(self, text: str, value: Any) -> None:
        """Keep ``value`` (JSON) under ``text`` for this pack, unless it passes MAX_ENTRY; see ``save``."""
        entry = [int(time.time()), value]
        if len(json.dumps(entry)) <= MAX_ENTRY:
            key = self._other_key(text)
            self._new.setdefault(_file(key), {})[key] = entry

    def _other_key(self, text: str) -> str:
        """The key of a result other than a front's (the sheet-page lint) that depends on ``text``."""
        return hashlib.sha256((self._pack + "\0other\0" + self._paths.key(text)).encode()).hexdigest()[:KEY_CHARS]

    def _entries(self, key: str) -> dict[str, Any]:
        name = _file(key)
        if name not in self._files:
            self._files[name] = {k: v for k, v in _load(self.folder / name).items() if k in self._wanted}
        return self._files[name]

    def _digest(self, name: str) -> str:
        """The hash of the picture file ``name`` in the pack, or a word for why there is none."""
        found = self._digests.get((self._root, name))
        if found is None:
            found = self._digests[(self._root, name)] = _file_digest(self._root, name)
        return found


def _file(key: str) -> str:
    return f"{PREFIX}{int(key[:2], 16) % FILES:02x}.json"


def _dump(entries: dict[str, Any]) -> bytes:
    return json.dumps({"printkit": "check cache", "format": FORMAT, "entries": entries},
                      separators=(",", ":"), sort_keys=True).encode()


def _load(path: Path) -> dict[str, Any]:
    """A file's entries; none when it is absent, damaged, too long, of another format or not ours."""
    try:
        data = read_plain(path, FILE_BYTES)
        kept = json.loads(data) if data is not None else None
    except (OSError, PrintkitError, ValueError, RecursionError):
        return {}
    if not isinstance(kept, dict) or kept.get("printkit") != "check cache" or kept.get("format") != FORMAT \
            or not isinstance(kept.get("entries"), dict):
        return {}
    return {k: v for k, v in kept["entries"].items() if isinstance(v, list)}


def _within(entries: dict[str, Any]) -> bytes:
    """The file of ``entries``, those written longest ago left out until it is at most FILE_BYTES."""
    sizes = {key: len(key) + len(json.dumps(entry, separators=(",", ":"))) + 4 for key, entry in entries.items()}
    total = len(_dump({})) + sum(sizes.values())
    for key in sorted(entries, key=lambda k: (_written(entries[k]), k)):
        if total <= FILE_BYTES:
            break
        total -= sizes[key]
        del entries[key]
    data = _dump(entries)
    while len(data) > FILE_BYTES and entries:  # the sizes above are close, not exact
        del entries[min(entries, key=lambda k: (_written(entries[k]), k))]
        data = _dump(entries)
    return data


def _written(entry: list) -> int:
    """When an entry was written (seconds), 0 if it does not say."""
    return entry[0] if entry and isinstance(entry[0], int) else 0


def _file_digest(root: Path, name: str) -> str:
    try:
        path = inside_pack(root, name, "pictures")
        info = path.stat()
    except (OSError, ValueError, RuntimeError, PrintkitError):
        return "absent"
    if not stat.S_ISREG(info.st_mode):
        return "not a file"
    if info.st_size > MAX_PICTURE_BYTES:
        return f"{info.st_size} bytes"  # refused by its size alone
    try:
        data = read_plain(path, MAX_PICTURE_BYTES)
    except (OSError, PrintkitError):
        return "unreadable"
    return hashlib.sha256(data or b"").hexdigest()


def _strings(value: Any) -> Iterable[str]:
    """Every text in a layout element's settings: any may name a picture."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
    elif hasattr(value, "items"):
        yield from _strings(dict(value.items()))


def _card_text(card: Card, paths: _Paths) -> str:
    """Everything of a card's row a check may use or report: each cell's text, and where it and each of its
    characters stands. (Its values are made from the cells by the column types of game.toml, keyed too.)"""
    parts = [card.deck, card.name, str(card.count), str(card.line)]
    for column, cell in card.cells.items():
        where = cell.location
        parts += [column, cell.text, paths.out_file(where.file), str(where.line), str(where.column),
                  repr(cell.positions) if cell.positions is not None else "-"]
    return "\0".join(parts)


@cache
def _code_digest() -> str:
    """A hash of printkit's code, layouts and fonts: an edited checkout is another printkit."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parents[1]
    for folder, suffixes in ((package, (".py", ".toml")), (fonts_dir(), (".ttf", ".otf"))):
        for path in sorted(p for p in folder.rglob("*") if p.suffix in suffixes):
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


# -- entries as JSON --------------------------------------------------------

class _Paths:
    """Paths and texts with the pack folder's path taken out (``out``) and put back (``back``): the same
    pack checked from another folder (another CI checkout, another working folder) has the same keys."""

    MARK = "\0pack\0"

    def __init__(self, root: Path):
        self.prefix = os.path.join(str(root), "")  # the folder as the pack's paths start with it
        # A pack's thousands of cells and findings name a few files: each converted once.
        self._outs: dict[Path, str] = {}
        self._backs: dict[str, Path] = {}

    def out_file(self, path: Path) -> str:
        """``out`` of a file's path, remembered."""
        found = self._outs.get(path)
        if found is None:
            found = self._outs[path] = self.out(str(path))
        return found

    def back_file(self, text: str) -> Path:
        """The file ``out_file`` gave ``text`` for, remembered."""
        found = self._backs.get(text)
        if found is None:
            found = self._backs[text] = Path(self.back(text))
        return found

    def out(self, text: str) -> str:
        return text.replace(self.prefix, self.MARK) if self.prefix != os.sep else text

    def back(self, text: str) -> str:
        return text.replace(self.MARK, self.prefix)

    def key(self, text: str) -> str:
        """``text`` (a repr, where paths are quoted) with the pack folder's path taken out."""
        quoted = repr(self.prefix)[1:-1]
        return text.replace(f"('{quoted}", f"('{self.MARK}").replace(f"""('{quoted.rstrip(os.sep + "/")}')""",
                                                                    f"('{self.MARK}')")


def _finding(f: Finding, paths: _Paths) -> list:
    return [f.code, paths.out(f.message), paths.out_file(f.location.file), f.location.line, f.location.column,
            None if f.hint is None else paths.out(f.hint)]


def _unfinding(v: list, paths: _Paths) -> Finding:
    code, message, file, line, column, hint = v
    if not (isinstance(message, str) and isinstance(file, str) and isinstance(line, int) and isinstance(column, int)
            and (hint is None or isinstance(hint, str))):
        raise ValueError("not a finding")
    return Finding(code, paths.back(message), Location(paths.back_file(file), line, column),
                   None if hint is None else paths.back(hint))


def _encode(c: CardChecks, paths: _Paths) -> list:
    """printing, art, layout and face lint, as JSON lists (the face key is the card's: not kept)."""
    return [[_finding(f, paths) for f in c.printing],
            [[None if key is None else [key[0], paths.out_file(key[1].file), key[1].line, key[1].column],
              [_finding(f, paths) for f in found]] for key, found in c.art],
            [[list(key), _finding(f, paths)] for key, f in c.layout], [[p.code, p.what, p.problem] for p in c.lint]]


def _decode(face: str, v: list, paths: _Paths) -> CardChecks:
    def named(key):
        return None if key is None else (str(key[0]), Location(paths.back_file(key[1]), int(key[2]), int(key[3])))

    def element_key(key) -> tuple:
        if not all(isinstance(part, (str, int)) for part in key):
            raise ValueError("not an element key")
        return tuple(key)

    printing, art, layout, lint = v
    return CardChecks(face, tuple(_unfinding(f, paths) for f in printing),
                      tuple((named(key), tuple(_unfinding(f, paths) for f in found)) for key, found in art),
                      tuple((element_key(key), _unfinding(f, paths)) for key, f in layout),
                      tuple(PageProblem(str(code), str(what), str(problem)) for code, what, problem in lint))


def cached_fronts(fronts: LazyFronts, checks: FrontChecks, cache: CheckCache) -> Iterator[None]:
    """Merge each front's checks into ``checks`` in the pack's order: kept ones from ``cache``, the
    others drawn, checked and kept; one step for each front. The cache is saved at the end."""
    cache.start(checks.pack)
    keys = {face: cache.key(fronts.card(face)) for face in fronts}
    cache.want(keys.values())
    for face, key in keys.items():
        card = fronts.card(face)
        found = cache.get(key, face)
        if found is None:
            asked: list[str] = []
            token = ASKED.set(asked)
            try:
                result = fronts[face]
            finally:
                ASKED.reset(token)
            found = checks.card_checks(card, result)
            cache.put(key, found, asked)
        checks.merge(found)
        yield
    cache.save()


def watch_folder() -> Path:
    """Where ``--watch`` keeps the cache unless told: printkit's folder in the user's cache folder."""
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / "printkit" / "Cache" / "check"
    if os.uname().sysname == "Darwin":
        return Path.home() / "Library" / "Caches" / "printkit" / "check"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "printkit" / "check"
