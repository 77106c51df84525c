"""The objects behind Flask's context proxies, typed, and the app's secret key as the factory set it.

Flask annotates ``current_app`` and ``request`` as the app and the request themselves, though each is
a werkzeug ``LocalProxy`` that finds the object anew on every attribute read. A view that asks one
many questions looks it up once through ``the_app()`` or ``the_request()`` here: werkzeug's documented
``_get_current_object``, taken from the proxy once at import, so a call costs what it did before and
the type checker knows what it returns.
"""
from typing import cast

from flask import Flask, Request, current_app, request
from werkzeug.local import LocalProxy

the_app = cast("LocalProxy[Flask]", current_app)._get_current_object
the_request = cast("LocalProxy[Request]", request)._get_current_object


def secret_key() -> str:
    """The app's secret key, always a str (the factory sets one when the config has none), where
    Flask's ``secret_key`` attribute is typed as any key it could be given, bytes or None."""
    key: str = current_app.config["SECRET_KEY"]
    return key
