#!/usr/bin/env python3
"""Refresh translations/*/LC_MESSAGES/messages.po from the messages in app/.

Run it after adding, changing or removing a message, then translate every new or fuzzy entry
in the Arabic catalogue (the English one is filled with the msgids here) and run the tests:

    .venv/bin/python scripts/update_catalogues.py

Entries are sorted, without line numbers, and the POT date is ignored, so parallel branches
that each add a message rarely conflict in the .po files; obsolete entries are dropped.
"""
import os
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's app, not an installed one
from app.i18n import EXTRACT_KEYWORDS, LANGUAGES, TRANSLATIONS  # noqa: E402

ROOT = TRANSLATIONS.parent


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def fill_english(po: Path) -> None:
    """English is the source language: its msgstr is the msgid, never empty nor fuzzy."""
    with po.open("rb") as f:
        catalog = read_po(f, locale="en")
    for message in catalog:
        strings = message.string if message.pluralizable else (message.string,)
        if message.id and (message.fuzzy or not all(strings)):
            message.string = message.id
            message.flags.discard("fuzzy")
    with po.open("wb") as f:
        write_po(f, catalog, include_lineno=False)


def main() -> None:
    os.chdir(ROOT)  # locations in the .po files relative to the repo, as babel.cfg's patterns are
    with tempfile.TemporaryDirectory() as tmp:
        pot = str(Path(tmp) / "messages.pot")
        keywords = [arg for kw in EXTRACT_KEYWORDS for arg in ("-k", kw)]
        pybabel("extract", "-F", "babel.cfg", *keywords, "-c", "TRANSLATORS:",
                "--sort-output", "--add-location=file", "--project=Uno Tutor",
                "-o", pot, ".")
        for lang in LANGUAGES:
            po = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
            if not po.exists():
                pybabel("init", "-i", pot, "-d", "translations", "-l", lang)
            fuzzy = () if lang != "en" else ("--no-fuzzy-matching",)
            pybabel("update", "-i", pot, "-d", "translations", "-l", lang,
                    "--ignore-pot-creation-date", "--ignore-obsolete", *fuzzy)
        fill_english(TRANSLATIONS / "en" / "LC_MESSAGES" / "messages.po")


if __name__ == "__main__":
    main()
