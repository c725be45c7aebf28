"""Text carried in a link's fragment: a version prefix, then base64url of zlib-compressed bytes. One packer for
every link (a game's ``#game=g1.…``, a challenge's or a lesson's ``#challenges=c1.…``), bounded both ways: the
link's length before anything is unpacked, and what it unpacks to while unpacking."""

from __future__ import annotations

import base64
import binascii
import zlib

MAX_LINK_CHARS = 200_000  # a whole game is 2-3 thousand characters, a lesson of ten challenges some 4 thousand
GARBLED = "it is cut short or garbled (was the whole link copied?)"


def pack(prefix: str, data: bytes) -> str:
    """``data`` as URL-safe text: ``prefix`` then base64url (no padding) of ``data`` compressed."""
    return prefix + base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def unpack(text, prefix: str, *, max_chars: int, max_bytes: int, error: type[Exception], what: str) -> bytes:
    """The bytes :func:`pack` packed into ``text``, or ``error`` saying in words what is wrong (``what``: what
    the link carries, "a game"): too long, another kind of link, cut short or garbled, unpacking to too much."""
    if not isinstance(text, str):
        raise error("a link is text")
    text = text.strip().lstrip("#")
    if len(text) > max_chars:
        raise error(f"it is {len(text)} characters long, far more than {what} needs (at most {max_chars})")
    if not text.startswith(prefix):
        raise error(f"it does not start with {prefix!r}, as {what}'s link does")
    body = text[len(prefix):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, max_bytes + 1)  # never more than the bound, however it was packed
    except (binascii.Error, ValueError, zlib.error):
        raise error(GARBLED) from None
    if len(raw) > max_bytes or unpacker.unconsumed_tail:
        raise error(f"it unpacks to more than {max_bytes} characters, far more than {what} needs")
    if not unpacker.eof:
        raise error(GARBLED)
    return raw
