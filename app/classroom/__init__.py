"""The classroom (issue 17): class codes and the teacher's view (class_pages), and watch links
that let anyone follow a game read-only (watch_pages); their JSON is app.api.classes and
app.api.watch. The domain lives beside them: classes (a class and its students' progress),
codes (the code and its QR code), watching (what a watcher may see), limits (rate limits on
code look-ups and joins).
"""
from ..api import classes as classes_api, watch as watch_api
from . import class_pages, watch_pages

# The blueprints whose limits count failures after the answer: Flask-Limiter's hooks run for them.
LIMITED = (class_pages.bp.name, classes_api.bp.name)
LIMIT_PAGES = {class_pages.bp.name: class_pages.classroom_error}  # a refusal's page, with the ways on


def init_app(app) -> None:
    for blueprint in (class_pages.bp, watch_pages.bp, classes_api.bp, watch_api.bp):
        app.register_blueprint(blueprint)
