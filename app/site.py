"""Site-wide endpoints outside the pages (app.pages): the health check."""
from flask import Blueprint

bp = Blueprint("site", __name__)


@bp.get("/healthz")
def healthz():
    """Liveness probe; also the trivial page that benchmarks compare against."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}
