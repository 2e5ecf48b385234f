"""The reportlab internals printkit's renderer relies on, each tried on a tiny object.

reportlab is pinned below its next major version (pyproject.toml); when a new
release moves one of these, this file fails by name before a build does.
"""
from __future__ import annotations

import io
import zlib

from reportlab import rl_config
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, ListFlowable, ListItem, Paragraph, Table, TableStyle

from printkit.render.pdf import _compress_last_page


def _canvas_with_one_page() -> Canvas:
    canvas = Canvas(io.BytesIO(), pageCompression=1, invariant=1)
    canvas.drawString(10, 10, "printkit")
    canvas.showPage()
    return canvas


def test_a_finished_page_is_reachable_with_its_stream():
    """render/pdf.py compresses each page as it is finished, through the canvas's document."""
    page = _canvas_with_one_page()._doc.Pages.pages[-1]
    assert page.compression
    assert not page.Contents
    assert b"printkit" in page.stream.encode("latin-1") if isinstance(page.stream, str) else page.stream
    assert not page.Override_default_compilation


def test_flate_compression_is_named_and_encoded_as_zlib():
    assert PDFZCompress.pdfname == "FlateDecode"
    assert zlib.decompress(PDFZCompress.encode(b"q 1 0 0 1 0 0 cm Q")) == b"q 1 0 0 1 0 0 cm Q"
    stream = PDFStream(PDFDictionary({"Filter": PDFArray([PDFName(PDFZCompress.pdfname)])}), b"x")
    assert stream.content == b"x"
    assert callable(stream.format)


def test_compressing_as_pages_finish_gives_the_bytes_reportlab_gives():
    """The early compression must not change a byte of the file (deterministic builds)."""
    def document(early: bool) -> bytes:
        assert hasattr(rl_config, "useA85")  # render_pdf turns ASCII85 off while it writes, as here
        out = io.BytesIO()
        canvas = Canvas(out, pageCompression=1, invariant=1)
        for n in range(3):
            canvas.drawString(10, 10 + n, f"page {n}")
            canvas.showPage()
            if early:
                _compress_last_page(canvas)
        canvas.save()
        return out.getvalue()

    saved, rl_config.useA85 = rl_config.useA85, 0
    try:
        assert document(early=True) == document(early=False)
    finally:
        rl_config.useA85 = saved


def test_a_table_keeps_its_cells_widths_heights_and_styles():
    """render/rules_lint.py and rules_tables.py read a laid-out table's rows, widths and cell styles."""
    body = getSampleStyleSheet()["BodyText"]
    table = Table([[Paragraph("a", body), "b"], ["c", "d"]], colWidths=[40, 50], repeatRows=1)
    table.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 3)]))
    table.wrap(200, 400)
    assert table._colWidths == [40, 50]
    assert len(table._rowHeights) == 2 and all(h > 0 for h in table._rowHeights)
    first = table._cellvalues[0][0]
    assert isinstance(first[0] if isinstance(first, (list, tuple)) else first, Paragraph)
    assert table._cellvalues[1][1] == "d"
    style = table._cellStyles[0][0]
    assert style.leftPadding == 3 and isinstance(style.rightPadding, (int, float))
    assert table.repeatRows == 1 and hasattr(table, "splitInRow")
    assert table._width == 90 and table._height == sum(table._rowHeights)
    parts = table.split(200, table._rowHeights[0] + table._rowHeights[1] / 2)
    assert all(hasattr(part, "_cellvalues") for part in parts)


def test_nested_flowables_are_reachable():
    """The rules walk into KeepTogether (_content), ListFlowable (_getContent) and its items (_flowable)."""
    body = getSampleStyleSheet()["BodyText"]
    inner = Paragraph("kept", body)
    assert KeepTogether([inner])._content == [inner]
    items = ListFlowable([ListItem(Paragraph("one", body)), Paragraph("two", body)])
    content = items._getContent()
    assert len(content) == 2
    assert all(isinstance(getattr(item, "_flowable", None), Paragraph) for item in content)
