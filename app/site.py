"""Site-wide pages: a minimal home (the real pages come later) and a health check."""
from flask import Blueprint, render_template

bp = Blueprint("site", __name__)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.get("/healthz")
def healthz():
    """Liveness probe; also the trivial page that benchmarks compare against."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}
