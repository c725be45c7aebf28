"""A live game in JupyterLab kept across kernels: a restart (or a dead kernel) and Run All bring it back.

Where: one small file per page and game in the user's Jupyter data folder
(``<jupyter data dir>/toy_soldier_rules/kept/``, or ``TSR_KEPT_DIR``), never in
the book's folder (the pages stay as they are in git). It is written after
every answer of the game (an action, an undo, a new game, a load) and holds
what a share link holds (:meth:`Session.link`: the engine's save, the human's
side, the opponent and the seeds), so reading it back is opening that link,
with every check of a save.

Never silently lost: a kept file that cannot be read is set aside (renamed,
not deleted) and the page says so, with a fresh game; a file another game
wrote meanwhile (a second window on the same page) is set aside too before
this game's is written, and the page says where. *New game* starts afresh
(and is kept from then on).

On screen, :func:`restart_notice` marks the game's box: when the kernel goes
(restarted, or dead and restarted by the server), JupyterLab's widget manager
marks every widget "disconnected", and the page's CSS then greys the old
controls, stops their clicks, and says in a sentence what happened and that
Run All brings the game back.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import secrets
from pathlib import Path

KEPT_FORMAT = "tsr-kept-game"
KEPT_VERSION = 1
KEPT_KEYS = ("format", "version", "game", "page", "link")

GONE = ("The kernel behind this game stopped or restarted, so these controls no longer work. "
        "Run All (Run menu) brings the game back as it was.")
NOTICE_CLASS = "tsr-live-game"
_NOTICE_CSS = (
    f".{NOTICE_CLASS}.jupyter-widgets-disconnected > * {{ opacity: .35; pointer-events: none; }}"
    f".{NOTICE_CLASS}.jupyter-widgets-disconnected::before {{ content: {json.dumps(GONE)}; display: block;"
    " font: bold 1.15em/1.4 sans-serif; color: #1A1A1A; background: #FFF3C4; border: 3px solid #B8400A;"
    " padding: 8px 12px; margin: 0 0 8px 0; }"
    # ipywidgets' own mark of a disconnected widget (a small broken-chain icon) says the same, less clearly
    f".{NOTICE_CLASS} .jupyter-widgets-disconnected::before {{ content: none; }}"
)


def restart_notice(box):
    """``box`` (the game's outermost widget in Lab), marked so a lost kernel greys it with :data:`GONE` above it."""
    import ipywidgets as ipw

    box.add_class(NOTICE_CLASS)
    box.children = (*box.children, ipw.HTML(f"<style>{_NOTICE_CSS}</style>"))
    return box


def kept_dir() -> Path:
    if os.environ.get("TSR_KEPT_DIR"):
        return Path(os.environ["TSR_KEPT_DIR"])
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "toy_soldier_rules" / "kept"


def this_page() -> str:
    """The notebook this kernel runs (the Jupyter server says it in ``JPY_SESSION_NAME``), else ``""``."""
    return os.environ.get("JPY_SESSION_NAME", "")


def kept_path(page: str, key) -> Path:
    """The file of the game ``key`` (what :func:`widgets.live.kept` was asked) on ``page``: the page's name to
    read, a hash of both to tell the games apart."""
    name = Path(page).stem or "game"
    digest = hashlib.sha1(f"{page}|{key!r}".encode()).hexdigest()[:10]
    return kept_dir() / f"{Path(page).parent.name or 'book'}-{name}-{digest}.json"


def set_aside(path: Path) -> Path:
    """Rename ``path`` to a free ``<name>.aside-<n>.json`` beside it (nothing is overwritten); the new path."""
    n = 1
    while (aside := path.with_name(f"{path.stem}.aside-{n}{path.suffix}")).exists():
        n += 1
    path.rename(aside)
    return aside


def read_kept(text: str) -> dict:
    """A kept file's content, or ``ValueError`` saying in words what is wrong with it."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(f"it is not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT:
        raise ValueError(f"it is not a kept game (its format should be {KEPT_FORMAT!r})")
    if data.get("version") != KEPT_VERSION:
        raise ValueError(f"its version {data.get('version')!r} is not {KEPT_VERSION}")
    if set(data) != set(KEPT_KEYS) or not all(isinstance(data[k], str) for k in KEPT_KEYS if k != "version"):
        raise ValueError(f"it should hold exactly {', '.join(KEPT_KEYS)}, as text")
    return data


class Keeper:
    """Keeps one :class:`~widgets.live.LivePlay` in ``path``: brings back what is there, then writes every answer."""

    def __init__(self, live, path: Path, page: str = ""):
        self.live, self.path, self.page = live, path, page
        self.game = secrets.token_hex(8)  # this game's mark in its file: another mark there is another game
        self.came_from: str | None = None  # the mark of the file this game was brought back from

    def restore(self) -> bool:
        """Bring back the kept game, if there is one; a file that cannot be read is set aside, in words."""
        if not self.path.exists():
            return False
        try:
            data = read_kept(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            return self._unreadable(str(error))
        session = self.live.session
        answer = session.open(data["link"])
        if (answer.get("message") or {}).get("kind") == "error":
            return self._unreadable(answer["message"]["text"].split(": ", 1)[-1])  # past "Cannot open this link: "
        self.came_from = data["game"]
        self.live.show_game(answer)
        if session.bot_name in [name for _, name in self.live.opponent.options]:
            self.live.opponent.value = session.bot_name  # the same bot already: no change
        self._say(f"The game kept for this page is back as it was ({len(session.state.history)} actions) in this "
                  f"new kernel. It is kept in {self.path}; New game starts afresh.")
        return True

    def _unreadable(self, why: str) -> bool:
        aside = set_aside(self.path)
        self._say(f"The game kept for this page could not be brought back: {why}. The file is kept aside as "
                  f"{aside}; this is a fresh game.")
        return False

    def _say(self, text: str) -> None:
        self.live.status.value = html.escape(text)

    def write(self, _answer: dict | None = None) -> None:
        """The game as it is now, in its file; if it cannot be written, the page says so and plays on."""
        try:
            self._write()
        except OSError as error:
            self._say(f"This game could not be kept for after a kernel restart ({error}); it plays on. "
                      "Save keeps it in a file of your own.")

    def _write(self) -> None:
        """Written whole, then renamed over the old file: a crash halfway leaves the old one."""
        on_disk = self._mark_on_disk()
        if on_disk is not None and on_disk not in (self.game, self.came_from):
            aside = set_aside(self.path)
            self._say(f"Another game had been kept for this page meanwhile (another window?): it is kept aside as "
                      f"{aside}, and this game is kept from now on.")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"format": KEPT_FORMAT, "version": KEPT_VERSION, "game": self.game, "page": self.page,
                "link": self.live.session.link()}
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
        partial.replace(self.path)
        self.came_from = self.game

    def _mark_on_disk(self) -> str | None:
        try:
            return read_kept(self.path.read_text(encoding="utf-8"))["game"]
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, ValueError):
            return ""  # unreadable: another game's, as far as this one can tell (set aside, not overwritten)

    def stop(self) -> None:
        """Keep no more (the Practice page plays challenges on its game, not a game to come back to)."""
        if self.write in self.live.on_show:
            self.live.on_show.remove(self.write)


def keep(game, key, *, page: str | None = None) -> Keeper | None:
    """Keep ``game`` (a LivePlay, or a ruleset's live game holding one as ``.live``) across kernels, in Lab:
    what was kept for ``key`` on this page comes back now, and every answer from now on is kept."""
    live = getattr(game, "live", game)
    page = this_page() if page is None else page
    if not page or os.environ.get("TSR_STATIC_BUILD") or not hasattr(live, "on_show"):
        return None  # not a notebook's kernel in Lab (a test, the site's build), or not a game
    keeper = Keeper(live, kept_path(page, key), page)
    keeper.restore()
    live.on_show.append(keeper.write)
    live.keeper = keeper
    return keeper


def stop_keeping(game) -> None:
    keeper = getattr(getattr(game, "live", game), "keeper", None)
    if keeper is not None:
        keeper.stop()
