"""printkit export tts: the saved object read back against the CSVs, the sheets against the cards, the geometry.

Expected numbers come from the pack files (read here with csv and tomllib) and
from arithmetic done here, not from printkit's own results.
"""
import csv
import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from conftest import REPO
from printkit.commands.cli import cli
from printkit.export.tts import image_base, image_refs, plan_decks
from printkit.export.tts_objects import deck_object
from printkit.export.tts_sheets import (MAX_TEXTURE, board_pixels, card_pixels, cell_box, grid_for, hidden_cell,
                                        sheet_grids, table_layout)
from printkit.kit.sheets import PrintDeck

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

BASE = "https://example.org/kits/many-faces/"


def run(*args):
    return CliRunner().invoke(cli, ["export", "tts", *args])


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    """Gag Grab exported with local file references, Many Faces with --image-url; each once."""
    folder = tmp_path_factory.mktemp("tts")
    local = run("gag-grab", "--out", str(folder))
    hosted = run("many-faces", "--out", str(folder), "--image-url", BASE.rstrip("/"))
    assert local.exit_code == 0, local.output
    assert hosted.exit_code == 0, hosted.output
    return folder, local.output + hosted.output


def saved(out, pack):
    return json.loads((out[0] / pack / "tts" / f"{pack}.json").read_text(encoding="utf-8"))


def local_path(url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path("/" + url[len("file:///"):])


def expected_decks(pack: str) -> dict[str, Counter]:
    """Deck title -> Counter of card names, from game.toml and the CSV files."""
    root = REPO / "cards" / pack
    manifest = tomllib.loads((root / "game.toml").read_text(encoding="utf-8"))
    decks = {}
    for spec in manifest["decks"].values():
        with open(root / spec["file"], encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        decks[spec["title"]] = Counter({r["name"]: int(r.get("count") or 1) for r in rows})
    # decks game.toml shuffles together are one deck, by the group's title
    for group in manifest.get("shuffled_together", {}).values():
        titles = [manifest["decks"][d]["title"] for d in group["decks"]]
        decks[group["title"]] = sum((decks.pop(t) for t in titles), Counter())
    aid = manifest["player_aid"]
    decks["Player aids"] = Counter({aid.get("title", "Your turn"): aid.get("copies", manifest["game"]["players"]["max"])})
    return decks


def decks_of(state: dict) -> list[dict]:
    return [o for o in state["ObjectStates"] if o["Name"] in ("DeckCustom", "Card")]


def sheets_of(state: dict) -> dict[str, dict]:
    """Every CustomDeck entry in the file by key; a key always names the same sheet."""
    found: dict[str, dict] = {}
    for obj in decks_of(state):
        for inner in [obj] + obj.get("ContainedObjects", []):
            for key, entry in inner["CustomDeck"].items():
                assert found.setdefault(key, entry) == entry
    return found


@pytest.mark.parametrize("pack", ["gag-grab", "many-faces"])
def test_every_copy_of_every_card_with_its_name(out, pack):
    state = saved(out, pack)
    expected = expected_decks(pack)
    got = {d["Nickname"]: Counter(c["Nickname"] for c in d["ContainedObjects"]) for d in decks_of(state)}
    assert got == expected
    if pack == "gag-grab":
        assert sum(got["Kid cards"].values()) == 52 and sum(got["Gag cards"].values()) == 60
    else:
        assert sum(got["Snoopy deck"].values()) == 96  # 80 personalities and 16 actions, one deck
    for deck in decks_of(state):
        assert deck["Name"] == "DeckCustom" and len(deck["DeckIDs"]) == len(deck["ContainedObjects"])
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        assert deck["Transform"]["rotZ"] == 180  # face down


@pytest.mark.parametrize("pack", ["gag-grab", "many-faces"])
def test_card_ids_point_at_cells_that_are_not_the_hidden_one(out, pack):
    state = saved(out, pack)
    sheets = sheets_of(state)
    owners = {}
    for deck in decks_of(state):
        for card in deck["ContainedObjects"]:
            sheet = sheets[str(card["CardID"] // 100)]
            assert owners.setdefault(card["CardID"] // 100, deck["Nickname"]) == deck["Nickname"]  # ids unique
            assert 0 <= card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1
            assert str(card["CardID"] // 100) in card["CustomDeck"]
        # every copy of a card shows the same cell, and two different cards never do
        by_name = {}
        for card in deck["ContainedObjects"]:
            assert by_name.setdefault(card["Nickname"], card["CardID"]) == card["CardID"]
        assert len(set(by_name.values())) == len(by_name)


def test_sheets_are_the_grid_times_the_card_and_fit_4096(out):
    # Poker cards, 63.5 × 88.9 mm: a 10 × 7 sheet of 4096 px wide gives 4096 / 635 = 6.45 px per mm,
    # 4096 / 622.3 = 6.58 would fit the height; the smaller wins: 409.6 × 573.4, rounded down.
    card = (409, 573)
    state = saved(out, "gag-grab")
    for entry in sheets_of(state).values():
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        assert entry["BackIsHidden"] is True
        with Image.open(local_path(entry["FaceURL"])) as sheet:
            assert sheet.size == (entry["NumWidth"] * card[0], entry["NumHeight"] * card[1])
            assert max(sheet.size) <= 4096 and sheet.mode == "RGB"
        with Image.open(local_path(entry["BackURL"])) as back:
            assert back.size == card


def test_the_hidden_cell_shows_the_back(out):
    entry = next(e for e in sheets_of(saved(out, "gag-grab")).values() if "gags" in e["FaceURL"])
    w, h = 409, 573
    with Image.open(local_path(entry["FaceURL"])) as sheet, Image.open(local_path(entry["BackURL"])) as back:
        left, top = (entry["NumWidth"] - 1) * w, (entry["NumHeight"] - 1) * h
        cell = sheet.crop((left, top, left + w, top + h))
        assert ImageChops.difference(cell, back.convert("RGB")).getbbox() is None


def test_a_cell_is_the_card_drawn_alone(out):
    from printkit.commands.build import checked_pack
    from printkit.faces import front_key
    from printkit.kit.sheets import print_decks
    from printkit.render.raster import face_images

    state = saved(out, "gag-grab")
    gags = next(d for d in decks_of(state) if d["Nickname"] == "Gag cards")
    card = next(c for c in gags["ContainedObjects"] if c["Nickname"] == "Shortstop")
    entry = card["CustomDeck"][str(card["CardID"] // 100)]
    cell = card["CardID"] % 100
    w, h = 409, 573
    column, row = cell % entry["NumWidth"], cell // entry["NumWidth"]
    report = checked_pack(REPO / "cards" / "gag-grab")
    _, faces = print_decks(report.pack, report.fronts)
    key = next(front_key(c) for c in report.pack.decks["gags"].cards if c.name == "Shortstop")
    alone = face_images(faces, [key], 0.0, size=(w, h))[key]
    with Image.open(local_path(entry["FaceURL"])) as sheet:
        crop = sheet.crop((column * w, row * h, column * w + w, row * h + h))
    diff = ImageStat.Stat(ImageChops.difference(crop, alone)).mean
    assert max(diff) < 2.0, diff
    # and it is not just any card: the next cell differs
    with Image.open(local_path(entry["FaceURL"])) as sheet:
        other = sheet.crop(((column + 1) * w, row * h, (column + 2) * w, row * h + h))
    assert max(ImageStat.Stat(ImageChops.difference(other, alone)).mean) > 2.0


def test_a_cell_matches_the_cards_png_from_build(out, tmp_path):
    """The same card as 'printkit build --png' writes it: its 3 mm bleed cut off and the trim
    brought to the cell's 409 × 573 px, it is the sheet's cell but for resampling."""
    dpi = 409 / 63.5 * 25.4  # the trim 409 px wide
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--png", "--dpi", f"{dpi:.4f}", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    png = Image.open(tmp_path / "gag-grab" / "png" / "gags" / "beethovens-ninth.png").convert("RGB")
    bleed = 3.0 / 25.4 * dpi
    trim = png.crop((round(bleed), round(bleed), png.width - round(bleed), png.height - round(bleed)))
    trim = trim.resize((409, 573))
    state = saved(out, "gag-grab")
    gags = next(d for d in decks_of(state) if d["Nickname"] == "Gag cards")
    card = next(c for c in gags["ContainedObjects"] if c["Nickname"] == "Beethoven\u2019s Ninth")
    entry = card["CustomDeck"][str(card["CardID"] // 100)]
    cell = card["CardID"] % 100
    column, row = cell % entry["NumWidth"], cell // entry["NumWidth"]
    with Image.open(local_path(entry["FaceURL"])) as sheet:
        crop = sheet.convert("RGB").crop((column * 409, row * 573, column * 409 + 409, row * 573 + 573))
        neighbour = sheet.convert("RGB").crop(((column + 1) * 409, row * 573, (column + 2) * 409, row * 573 + 573))
    assert max(ImageStat.Stat(ImageChops.difference(crop, trim)).mean) < 4.0
    assert max(ImageStat.Stat(ImageChops.difference(neighbour, trim)).mean) > 4.0


def test_the_board_is_one_image_at_most_4096_long(out):
    state = saved(out, "gag-grab")
    boards = [o for o in state["ObjectStates"] if o["Name"] == "Custom_Board"]
    assert len(boards) == 1 and boards[0]["Transform"]["rotZ"] == 0
    with Image.open(local_path(boards[0]["CustomImage"]["ImageURL"])) as board:
        # 6 spaces of 63.5 + 2 × 2 mm and 7 mm tracks: 419 mm; 6 × (88.9 + 4) + 7 + 7 + 16: 587.4 mm
        assert board.size == (round(4096 * 419 / 587.4), 4096)


def test_objects_do_not_share_a_spot(out):
    state = saved(out, "gag-grab")
    spots = [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in state["ObjectStates"]]
    # the board, 8 pawns (one per player, up to 8), the die and 3 decks
    assert len(set(spots)) == len(spots) == 1 + 8 + 1 + 3
    assert not [o for o in state["ObjectStates"] if o["Name"] == "Custom_Tile"]  # its pack has no game module


MANY_FACES = tomllib.loads((REPO / "cards" / "many-faces" / "game.toml").read_text(encoding="utf-8"))


def personas() -> list[tuple[str, str]]:
    """(name, colour) of every Personality Token, in [tokens] order, named as the persona deck labels it."""
    labels = MANY_FACES["decks"][MANY_FACES["module"]["deck"]]["face"]["labels"]
    return [(labels[term], style["colour"]) for term, style in MANY_FACES["tokens"].items()]


def persona_tiles(state: dict) -> list[dict]:
    """The round tiles: the Personality Tokens (the first-player marker is a square one)."""
    return [o for o in state["ObjectStates"] if o["Name"] == "Custom_Tile" and o["CustomImage"]["CustomTile"]["Type"] == 2]


def hosted_file(url: str) -> Path:
    assert url.startswith(BASE), url
    return Path(url[len(BASE):])


def test_many_faces_has_the_popularity_board_and_says_so(out):
    state = saved(out, "many-faces")
    boards = [o for o in state["ObjectStates"] if o["Name"] == "Custom_Board"]
    assert len(boards) == 1 and boards[0]["Nickname"] == "Many Faces of Snoopy: Popularity Board"
    assert boards[0]["Transform"]["rotZ"] == 0
    assert re.fullmatch(re.escape(BASE) + r"board-[0-9a-f]{10}\.png", boards[0]["CustomImage"]["ImageURL"])
    line = next(line for line in out[1].splitlines() if line.startswith("many-faces:"))
    assert f"the board, {len(personas())} tokens, a first-player marker and many-faces.json" in line
    assert "no board" not in line


def test_the_popularity_board_image_has_a_place_per_entry_and_fits_4096(out):
    [path] = (out[0] / "many-faces" / "tts").glob("board-*.png")
    with Image.open(path) as board:
        assert board.mode == "RGB" and max(board.size) == 4096 and board.width > board.height
        # A row through the places, 40% up: the frame's cream shows left of, between and right of them.
        row = [board.getpixel((x, round(board.height * 0.6))) for x in range(board.width)]
    cream = [max(abs(a - b) for a, b in zip(p, (0xFF, 0xF4, 0xD6))) < 8 for p in row]
    runs = sum(1 for x in range(len(cream)) if cream[x] and (x == 0 or not cream[x - 1]))
    assert runs == len(MANY_FACES["module"]["popularity"]) + 1


def test_a_token_per_persona_named_as_in_the_pack_face_up(out):
    tokens = persona_tiles(saved(out, "many-faces"))
    assert [t["Nickname"] for t in tokens] == [name for name, _ in personas()]
    backs = {t["CustomImage"]["ImageSecondaryURL"] for t in tokens}
    assert len(backs) == 1 and backs != {""}  # one back for all, so they can be mixed face down
    for t in tokens:
        assert t["Transform"]["rotZ"] == 0 and t["CustomImage"]["CustomTile"]["Stackable"] is False
        slug = t["Nickname"].lower().replace(" ", "-")
        assert re.fullmatch(re.escape(BASE + slug) + r"-token-[0-9a-f]{10}\.png", t["CustomImage"]["ImageURL"])


def test_token_images_are_discs_in_the_personas_colours_transparent_around(out):
    folder = out[0] / "many-faces" / "tts"
    tokens = persona_tiles(saved(out, "many-faces"))
    colours = dict(personas())
    images = [(hosted_file(t["CustomImage"]["ImageURL"]), colours[t["Nickname"]]) for t in tokens]
    images.append((hosted_file(tokens[0]["CustomImage"]["ImageSecondaryURL"]), "#FFFFFF"))
    for name, colour in images:
        with Image.open(folder / name) as image:
            assert image.mode == "RGBA" and image.width == image.height, name
            w, h = image.size
            alpha = image.getchannel("A")
            for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 8, h // 8)):  # outside the disc
                assert alpha.getpixel(corner) == 0, (name, corner)
            assert alpha.getpixel((w // 2, h // 2)) == 255
            # The disc's edge on the middle row, then a point 15% of its radius inside it: the persona's colour.
            row = [x for x in range(w) if alpha.getpixel((x, h // 2)) == 255]
            left, r = row[0], (row[-1] - row[0]) / 2
            assert abs(r - w / 2) < w * 0.02, name  # cropped to the disc: it fills the square
            assert abs(row[0] + row[-1] - (w - 1)) <= 2  # centred
            rgb = image.getpixel((round(left + 0.15 * r), h // 2))[:3]
            want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
            assert max(abs(a - b) for a, b in zip(rgb, want)) < 6, (name, rgb, colour)


def test_many_faces_objects_do_not_share_a_spot(out):
    state = saved(out, "many-faces")
    spots = [(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in state["ObjectStates"]]
    # the board, the tokens, the first-player marker, the Snoopy deck and the player aids
    assert len(set(spots)) == len(spots) == 1 + len(personas()) + 1 + 2


def test_a_module_without_table_pieces_still_exports(tmp_path, monkeypatch):
    from dataclasses import replace

    from printkit.games import registry as games

    plain = replace(games.MODULES["sets-and-runs"], table_pieces=None)
    monkeypatch.setitem(games.MODULES, "sets-and-runs", plain)
    result = run("many-faces", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "no board: the pack has no [board]; its game module's pieces stay in board.pdf" in result.output
    written = {p.name for p in (tmp_path / "many-faces" / "tts").iterdir()}
    assert not [n for n in written if n.startswith("board") or "token" in n]
    state = json.loads((tmp_path / "many-faces" / "tts" / "many-faces.json").read_text(encoding="utf-8"))
    # the decks, and the first-player marker [pieces] asks for
    assert sorted(o["Name"] for o in state["ObjectStates"]) == ["Custom_Tile", "DeckCustom", "DeckCustom"]


def test_more_than_200_tokens_are_refused_before_drawing(tmp_path, many_faces):
    extra = "".join(f'extra-{n} = {{ colour = "#000000", symbol = "disc", code = "X" }}\n' for n in range(193))
    many_faces.edit("game.toml", "flashbeagle = { colour", extra + "flashbeagle = { colour")
    result = run(str(many_faces.path), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1, result.output
    assert "at most 200 tokens" in result.output and "offers 201" in result.output
    assert not (tmp_path / "out").exists()


def test_image_url_names_every_image_written(out):
    state = saved(out, "many-faces")
    urls = set()
    for entry in sheets_of(state).values():
        urls |= {entry["FaceURL"], entry["BackURL"]}
    for obj in state["ObjectStates"]:
        image = obj.get("CustomImage", {})
        urls |= {image[k] for k in ("ImageURL", "ImageSecondaryURL") if image.get(k)}
    assert all(u.startswith(BASE) for u in urls)
    written = {p.name for p in (out[0] / "many-faces" / "tts").glob("*.png")}
    assert {u[len(BASE):] for u in urls} == written


def test_same_input_same_bytes(out, tmp_path):
    again = run("many-faces", "--out", str(tmp_path), "--image-url", BASE)
    assert again.exit_code == 0, again.output
    first, second = out[0] / "many-faces" / "tts", tmp_path / "many-faces" / "tts"
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("url", ["ftp://example.org/x/", "https://example.org/a b/", "example.org/x/",
                                 "https://example.org/x/?v=1", "https://" + "a" * 1000 + ".org/", "https://"])
def test_image_url_must_be_a_web_folder(tmp_path, url):
    result = run("gag-grab", "--out", str(tmp_path), "--image-url", url)
    assert result.exit_code == 2 and "--image-url" in result.output
    assert not any(tmp_path.iterdir())


def test_image_url_base_gets_its_slash():
    assert image_base("https://example.org/kit") == "https://example.org/kit/"
    refs = image_refs(Path("/x"), image_base("https://example.org/kit/"))
    assert refs("Kid cards-sheet-1.png") == "https://example.org/kit/Kid%20cards-sheet-1.png"
    assert image_refs(Path("/srv/out"), None)("a.png") == "file:///srv/out/a.png"


def test_a_pack_with_errors_is_refused(tmp_path, gag_grab):
    gag_grab.edit("gags.csv", "SN + Woodstock", "SN + Wodstock")
    result = run(str(gag_grab.path), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and "not exported" in result.output
    assert not (tmp_path / "out").exists()


def test_help():
    result = run("--help")
    assert result.exit_code == 0 and "Examples:" in result.output and "--image-url" in result.output


# -- the geometry, without drawing ------------------------------------------------

@pytest.mark.parametrize("count, grid", [(1, (2, 1)), (8, (3, 3)), (16, (6, 3)), (60, (9, 7)), (69, (10, 7))])
def test_smallest_grid_with_room_for_the_hidden_cell(count, grid):
    assert grid_for(count) == grid


@pytest.mark.parametrize("count, grids", [(69, [(10, 7)]), (70, [(10, 7), (2, 1)]),
                                          (200, [(10, 7), (10, 7), (9, 7)])])
def test_more_than_69_cards_take_more_sheets(count, grids):
    assert sheet_grids(count) == grids


@pytest.mark.parametrize("count", [0, 70])
def test_a_sheet_holds_1_to_69_cards(count):
    with pytest.raises(ValueError):
        grid_for(count)


@pytest.mark.parametrize("size, pixels", [((63.5, 88.9), (409, 573)),  # 4096 / 635 px per mm
                                          ((70.0, 120.0), (341, 585)),  # 4096 / 840 px per mm
                                          ((70.0, 70.0), (409, 409))])  # 4096 / 700
def test_card_pixels_fill_a_10_by_7_sheet_within_4096(size, pixels):
    w, h = card_pixels(*size)
    assert (w, h) == pixels
    assert 10 * w <= MAX_TEXTURE and 7 * h <= MAX_TEXTURE
    assert abs(w / h - size[0] / size[1]) < 1 / h  # the card's shape, to a pixel


def test_cells_run_along_rows_and_the_hidden_one_is_last():
    assert cell_box(0, (3, 3), (10, 20)) == (0, 0, 10, 20)
    assert cell_box(4, (3, 3), (10, 20)) == (10, 20, 20, 40)
    assert hidden_cell((3, 3)) == 8 and cell_box(8, (3, 3), (10, 20)) == (20, 40, 30, 60)
    with pytest.raises(ValueError):
        cell_box(9, (3, 3), (10, 20))


def test_board_pixels_keep_the_long_side_at_4096():
    assert board_pixels(419, 587.4) == (2922, 4096)
    assert board_pixels(600, 300) == (4096, 2048)


def test_decks_in_a_row_below_the_board_do_not_overlap():
    sizes = [(63.5, 88.9), (70.0, 120.0), (63.5, 88.9)]
    layout = table_layout(sizes, (419.0, 587.4))
    spots, board = layout.decks, layout.board
    spans = sorted((s.x - w / 25.4 / 2, s.x + w / 25.4 / 2) for s, (w, _) in zip(spots, sizes))
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))
    assert all(s.z + 120 / 25.4 / 2 < board.z - 587.4 / 25.4 / 2 for s in spots)
    assert layout.tokens == []


def overlaps(a, b) -> bool:
    """Whether two (centre x, centre z, width, height) rectangles overlap."""
    return abs(a[0] - b[0]) < (a[2] + b[2]) / 2 and abs(a[1] - b[1]) < (a[3] + b[3]) / 2


@pytest.mark.parametrize("board", [(266.0, 75.0), (419.0, 587.4), None])
def test_tokens_beside_the_board_overlap_nothing(board):
    decks, tokens = [(63.5, 88.9)] * 3, [(26.0, 26.0)] * 8
    layout = table_layout(decks, board, tokens)
    unit = 25.4  # mm: what the layout promises to allow for each TTS unit
    boxes = [(s.x, s.z, w / unit, h / unit) for s, (w, h) in zip(layout.decks + layout.tokens, decks + tokens)]
    if board is not None:
        boxes.append((layout.board.x, layout.board.z, board[0] / unit, board[1] / unit))
        assert all(s.x - 13 / unit > board[0] / unit / 2 for s in layout.tokens)  # to the board's right
    assert len(layout.tokens) == 8
    assert not [(a, b) for n, a in enumerate(boxes) for b in boxes[n + 1:] if overlaps(a, b)]


def test_a_deck_of_one_card_is_a_card():
    deck = PrintDeck("solo", "Solo", ("solo/front/Lone",), "solo/back", (("Lone", 1),), (63.5, 88.9),
                     ("solo/front/Lone",))
    plan = plan_decks([deck])[0]
    guids = iter(f"{n:06x}" for n in range(10))
    obj = deck_object(plan, lambda name: "file:///x/" + name, 0.0, 0.0, lambda: next(guids))
    assert obj["Name"] == "Card" and obj["Nickname"] == "Lone" and obj["CardID"] == 100
    assert obj["CustomDeck"]["1"]["NumWidth"] * obj["CustomDeck"]["1"]["NumHeight"] == 2
    assert obj["Transform"]["rotZ"] == 180


def test_tts_folder_auto_writes_into_the_saved_objects_folder_only(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    missing = run("gag-grab", "--tts-folder", "auto")
    assert missing.exit_code == 2 and "Saved Objects" in missing.output
    assert not any(tmp_path.iterdir())  # nothing made, not even the folder
    folder = tmp_path / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    folder.mkdir(parents=True)
    result = run("gag-grab", "--tts-folder", "auto")
    assert result.exit_code == 0, result.output
    assert f"Saved Objects folder: {folder}" in result.output
    assert (folder / "gag-grab" / "tts" / "gag-grab.json").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".local"]


def test_tts_folder_and_out_are_one_or_the_other(tmp_path):
    result = run("gag-grab", "--tts-folder", str(tmp_path / "a"), "--out", str(tmp_path / "b"))
    assert result.exit_code == 2 and "not both" in result.output
    result = run("gag-grab", "--tts-folder", str(tmp_path / "a"))
    assert result.exit_code == 0 and (tmp_path / "a" / "gag-grab" / "tts" / "gag-grab.json").is_file()


@pytest.mark.parametrize("name", ["", " ", "a-file", "a-fifo"])
def test_tts_folder_must_name_a_folder(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("mine", encoding="utf-8")
    os.mkfifo(tmp_path / "a-fifo")
    result = run("gag-grab", "--tts-folder", name)
    assert result.exit_code == 2 and "is not a folder" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-fifo", "a-file"]  # nothing written here
