"""Files for their owner's eyes only (README "Running in production": the instance folder 0700, the
secret key and the games' SQLite file 0600, whatever the umask)."""
from __future__ import annotations

import os
import secrets
from pathlib import Path


def create_private(path: Path, content: str = "") -> None:
    """Make ``path`` holding ``content``, readable and writable by its owner only, in a folder of
    the owner's only (made if missing), unless ``path`` exists; nothing is changed if it does.

    The content is written to a private temp file first, which is closed, then linked into place:
    the link fails if another process won the race, and then everyone reads the winner's complete
    file. So the file is never open under its own name here: app.store.sqlite needs that,
    as closing any descriptor of a file drops every lock SQLite holds on it in this process.
    """
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    tmp.touch(mode=0o600, exist_ok=False)
    try:
        if content:
            tmp.write_text(content)
        os.link(tmp, path)
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
