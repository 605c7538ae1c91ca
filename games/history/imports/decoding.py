"""Uploaded bytes to text: the encodings hand-history files come in, told apart by sniffing.

PokerStars writes UTF-8, with a byte-order mark or without; a file saved from Windows tools
may be UTF-16 (with or without its mark); older clients and EUR tables wrote cp1252, where
"€" is the byte 0x80 and not valid UTF-8. The order below tries the strict encodings first,
so cp1252, which accepts nearly any byte, only reads what nothing stricter can (and
latin-1 the five bytes cp1252 leaves undefined). Text never holds a zero byte: one means
binary data.
"""

from __future__ import annotations

import codecs
import re

from games.engine import PHHError


def _utf16_without_mark(raw: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when every other byte is zero, as in ASCII text saved as
    UTF-16 without a mark; None otherwise."""
    sample = raw[:4000]
    if len(sample) < 4 or len(sample) % 2:
        return None
    odd, even = sample[1::2], sample[0::2]
    if odd.count(0) > len(odd) * 0.9 and not even.count(0):
        return "utf-16-le"
    if even.count(0) > len(even) * 0.9 and not odd.count(0):
        return "utf-16-be"
    return None


def _stray_zeros_dropped(raw: bytes) -> bytes:
    """One-byte text without the zero bytes some PartyPoker files hold only at its ends or
    right after a line break (what is left of a UTF-16 line break); with any other zero or
    control byte, nothing is dropped and the text is binary.

    >>> _stray_zeros_dropped(b"\\x00Game\\n\\x00Seat\\n\\x00"), _stray_zeros_dropped(b"a\\x00b")
    (b'Game\\nSeat\\n', b'a\\x00b')
    """
    if b"\x00" not in raw:
        return raw
    cleaned = re.sub(rb"(?:^|(?<=\n))\x00+|\x00+$", b"", raw)
    return raw if re.search(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]", cleaned) else cleaned


def decode_text(raw: bytes) -> str:
    """The text of an uploaded file; PHHError when it is not text at all.

    >>> decode_text("€1".encode("cp1252")), decode_text("\\ufeffé".encode("utf-8"))
    ('€1', 'é')
    >>> decode_text("PokerStars".encode("utf-16")), decode_text("Hi".encode("utf-16-le"))
    ('PokerStars', 'Hi')
    >>> decode_text("Full Tilt\\n".encode("utf-16") + b"\\n")
    'Full Tilt\\n'
    >>> decode_text(bytes([0, 1, 2, 255, 0]))
    Traceback (most recent call last):
    ...
    games.engine.phh_fields.PHHError: The file is not text (it holds binary data).
    """
    if raw.startswith(codecs.BOM_UTF8):
        encodings = ["utf-8-sig"]
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encodings = ["utf-16"]
        if len(raw) % 2 and raw.endswith((b"\n", b"\r")):
            raw = raw[:-1]  # a last newline cut to one byte (Full Tilt files fpdb keeps)
    else:
        wide = _utf16_without_mark(raw)
        encodings = [wide] if wide else ["utf-8", "cp1252", "latin-1"]
        if not wide:
            raw = _stray_zeros_dropped(raw)
    for encoding in encodings:
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" not in text:
            return text.lstrip("\ufeff")
    raise PHHError("The file is not text (it holds binary data).")
