"""The presenter's pages: /<lang>/present/ (the demos), /<lang>/present/<demo>/<number> (a frame)
and /<lang>/present/<demo>/end (the demo's end: what it showed, and the next demo).

A frame's address is its place: reloading it, or opening the other language's address (the page's
language link, the L key), shows the same frame. Next on a demo's last frame goes to its end, and
Next there to the next demo's first frame, so a clicker alone runs the demos one after another;
the end of the last demo and a demo's first frame have nowhere further to go. Without JavaScript the Back and Next links step
through a demo; app/static/presenter.js adds the keys (a keyboard or a clicker), plays each move on
the table with the step player (steps.js) and blanks the screen.
"""
from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, url_for

from app import wording
from app.engine.cards import Color
from app.i18n import current_language, gettext as _, ngettext
from app.scenes.demos import DEMOS

from .frames import Scene, frames, scene, taught

bp = Blueprint("presenter", __name__)
MAX_COUNT_LABEL = 40  # card counts the step player may show during a move


@bp.get("/<lang:lang>/present/")
def index(lang: str):
    return render_template("presenter/index.html", demos=[(demo, len(frames(demo.id))) for demo in DEMOS.values()],
                           frame_url=frame_url)


@bp.get("/<lang:lang>/present/<demo_id>")
def start(lang: str, demo_id: str):
    if demo_id not in DEMOS:
        abort(404)
    return redirect(frame_url(demo_id, 1))


@bp.get("/<lang:lang>/present/<demo_id>/<int:number>")
def frame(lang: str, demo_id: str, number: int):
    demo = DEMOS.get(demo_id)
    if demo is None or not 1 <= number <= len(frames(demo_id)):
        abort(404)
    shown = scene(demo, number)
    return frame_page(shown, frame_url(demo_id, number - 1) if number > 1 else None,
                      frame_url(demo_id, number + 1) if number < shown.total else end_url(demo_id), jumps(demo_id))


def frame_page(shown: Scene, back_url: str | None, next_url: str | None, jumps: dict[str, object], **more: object):
    """A frame's page: its scene, where Back and Next go, and where the keys jump (``jumps``);
    ``more`` for a live session's projector (app.live.teaching: its controls, and its answer)."""
    return render_template(
        "presenter/frame.html", scene=shown, view=shown.view,
        index_url=url_for("presenter.index", lang=current_language()), back_url=back_url, next_url=next_url,
        jumps=jumps, count_labels={n: ngettext("%(num)d card", "%(num)d cards", n) for n in range(MAX_COUNT_LABEL)},
        colour_labels={c.value: _("Colour in play: %(color)s", color=wording.color_name(c.value)) for c in Color},
        **more)


@bp.get("/<lang:lang>/present/<demo_id>/end")
def end(lang: str, demo_id: str):
    demo = DEMOS.get(demo_id)
    if demo is None:
        abort(404)
    order = list(DEMOS)
    following = DEMOS[order[order.index(demo_id) + 1]] if demo_id != order[-1] else None
    return render_template(
        "presenter/end.html", demo=demo, rules=taught(demo), following=following,
        index_url=url_for("presenter.index", lang=lang), back_url=frame_url(demo_id, len(frames(demo_id))), jumps=jumps(demo_id),
        next_url=frame_url(following.id, 1) if following else None)


def jumps(demo_id: str) -> dict[str, object]:
    """Where presenter.js's Home, End and 1-9 go: the demo's first and last frames, and each demo's
    first frame in the index's order (a remote's number keys, issue 35)."""
    return {"first": frame_url(demo_id, 1), "last": frame_url(demo_id, len(frames(demo_id))),
            "demos": [frame_url(other, 1) for other in DEMOS]}


def end_url(demo_id: str) -> str:
    return url_for("presenter.end", lang=current_language(), demo_id=demo_id)


def frame_url(demo_id: str, number: int) -> str:
    return url_for("presenter.frame", lang=current_language(), demo_id=demo_id, number=number)
