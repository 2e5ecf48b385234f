"""How big the Gag Grab kit gets with a 4000 × 3000 photo on every Gag card.

Run: python benchmarks/art_size.py

It paints 60 different photo-like JPEGs (smooth colour fields with grain, as
a phone camera makes), gives one to each Gag card, and builds cards.pdf twice
in the same run: with pictures downsampled to the pack's target resolution
(the default) and with every pixel kept. It prints both sizes and times.
"""
from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageFilter

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from printkit.commands.build import BuildOptions, build_pack  # noqa: E402


def photo(seed: int, size=(4000, 3000)) -> Image.Image:
    rng = random.Random(seed)
    small = Image.new("RGB", (16, 12))
    small.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(16 * 12)])
    field = small.resize(size, Image.BICUBIC)
    grain = Image.effect_noise(size, 18).convert("RGB")
    return Image.blend(field, grain, 0.12).filter(ImageFilter.SMOOTH)


def kit_with_photos(folder: Path) -> Path:
    pack = folder / "gag-grab"
    shutil.copytree(REPO / "cards" / "gag-grab", pack)
    lines = (pack / "gags.csv").read_text(encoding="utf-8").splitlines()
    out = [lines[0] + ",art"]
    for n, line in enumerate(lines[1:]):
        photo(n).save(pack / f"photo{n:02d}.jpg", quality=88)
        out.append(f"{line},photo{n:02d}.jpg")
    (pack / "gags.csv").write_text("\n".join(out) + "\n", encoding="utf-8")
    manifest = (pack / "game.toml").read_text(encoding="utf-8")
    manifest = manifest.replace('requires = "requirement"', 'requires = "requirement"\nart = "image"')
    manifest = manifest.replace('points = "points"\n', 'points = "points"\nart = "art"\n')
    (pack / "game.toml").write_text(manifest, encoding="utf-8")
    return pack


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        print("painting 60 photos of 4000 × 3000 pixels...", flush=True)
        pack = kit_with_photos(Path(tmp))
        photos = sum(p.stat().st_size for p in pack.glob("photo*.jpg"))
        results = {}
        for label, downsample in (("downsampled to 300 dpi", True), ("every pixel kept", False)):
            start = time.perf_counter()
            built = build_pack(pack, BuildOptions(Path(tmp) / label, downsample=downsample))
            results[label] = (built.files[0].stat().st_size, time.perf_counter() - start)
    print(f"photos on disk: {photos / 1e6:.1f} MB")
    for label, (size, seconds) in results.items():
        print(f"cards.pdf, {label}: {size / 1e6:.1f} MB, built in {seconds:.1f} s")
    small, big = results["downsampled to 300 dpi"][0], results["every pixel kept"][0]
    print(f"downsampling makes it {big / small:.1f} times smaller")


if __name__ == "__main__":
    main()
