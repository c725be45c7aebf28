"""Challenges shared by a teacher: a file opened, or a link whose fragment carries a challenge or a lesson
(``#challenges=c1.…``: the challenges' TOML text, packed as a game's link is, :mod:`explorer.core.packing`).
Whatever arrives is read and every challenge checked (:func:`.checking.check`) before any is played: refused
in words, as one :class:`ChallengeError`."""

from __future__ import annotations

import base64
import binascii

from ..errors import ChallengeError
from ..limits import brief
from ..packing import MAX_LINK_CHARS, pack, unpack
from .challenge import Challenge
from .checking import _read, check
from .file_format import MAX_FILE_BYTES, decoded, load

LINK_PREFIX = "c1."  # a challenges link's format and version, as a game's link has "g1."
FORMS = ("text", "file", "link")  # TOML text (JupyterLab), a file's bytes in base64 (the page), a link's text


def challenges_link(text: str) -> str:
    """``text`` (one challenge's or a lesson's TOML text) as a link's fragment value: ``c1.`` then packed."""
    return pack(LINK_PREFIX, text.encode("utf-8"))


def link_text(link) -> str:
    """The TOML text a link carries (:func:`challenges_link`), or ``ChallengeError`` saying what is wrong."""
    return decoded(unpack(link, LINK_PREFIX, max_chars=MAX_LINK_CHARS, max_bytes=MAX_FILE_BYTES,
                          error=ChallengeError, what="a challenge"))


def as_text(data, form: str = "text") -> str:
    """The TOML text of ``data`` in ``form`` (:data:`FORMS`), or ``ChallengeError`` saying why it cannot be read."""
    if form not in FORMS:
        raise ChallengeError(f"challenges come as {', '.join(FORMS)}, not {brief(form)}")
    if not isinstance(data, str):
        raise ChallengeError(f"the challenges are text, not {brief(data)}")
    if form == "link":
        return link_text(data)
    if form == "file":
        if len(data) > MAX_FILE_BYTES * 4 // 3 + 4:  # refused from its length, before it is unpacked
            raise ChallengeError(f"the file is over {MAX_FILE_BYTES:,} bytes; a challenges file is at most "
                                 f"{MAX_FILE_BYTES:,}")
        try:
            data = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise ChallengeError("the file's bytes did not arrive whole (not base64): choose it again") from None
        return decoded(data)
    return data


def file_text(path) -> str:
    """The text of the challenges file at ``path`` (a file over the limit refused by its size, unread), or
    ``ChallengeError`` saying why it cannot be read."""
    from pathlib import Path

    try:
        return decoded(_read(Path(path)))
    except OSError as exc:
        raise ChallengeError(f"the file {brief(str(path))} cannot be read: {exc.strerror or exc}") from None


def opened(text: str, ruleset) -> dict[str, Challenge]:
    """The challenges of ``text`` for ``ruleset``, by name, in order, every one checked as ``make challenge``
    checks it; ``ChallengeError`` saying (about the first that is not ready) what is wrong."""
    challenges = load(text, ruleset)
    if not challenges:
        raise ChallengeError("it holds no challenge ([[challenge]] tables)")
    for challenge in challenges.values():
        try:
            problems = check(challenge)
        except Exception as exc:  # noqa: BLE001 - words, never a traceback, even for a fault of the checker
            problems = [f"the checker could not finish ({type(exc).__name__}: {brief(str(exc))})"]
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise ChallengeError(f"challenge {challenge.order + 1} ({challenge.name}) is not ready: "
                                 f"{problems[0]}{more}")
    return challenges
