"""Tables of people (issue 38): people on their own devices at one practice game, each seeing
their own hand, bots playing the seats nobody holds. ``seating`` opens and joins tables and finds a
browser's seat, ``play`` shows a seat its view and makes its moves, ``events`` streams each table's
new versions; app.api.tables is their JSON API. The rows are app.store.seats'.
"""
