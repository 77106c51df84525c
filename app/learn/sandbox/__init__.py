"""The sandbox's builder (/<lang>/sandbox): a position made from a form's fields, and the form's
fields read back from a position, so that either spelling of a position leads to the other.

A position is a check-API scenario plus its lead-in moves (app.learn.position); the builder's
fields say it in a learner's terms: your hand (seat 0, "You"), the top card and the colour named
for a wild, how many players and how many cards each other one holds, whose turn, the direction,
the rules, and a pending decision, which the builder reaches by a lead-in move, as a game would:

- ``drawn``: the player whose turn it is has just drawn the card ``drawn`` (the scenario's seed is
  the first one whose shuffled draw pile has that card on top, so the link stays short);
- ``wild-draw-four`` / ``draw-two``: the player before them has just played that card on them (a
  Wild Draw Four naming ``named``, holding a card of the colour in play if ``bluff``; a Draw Two of
  the colour in play), so they may challenge, accept or stack as the rules allow;
- ``link``: other lead-in moves, kept as a link gave them.

The other players' cards are kept from the position being edited (``base``) where they still
fit, and the rest dealt from the deck in a fixed shuffled order: the same fields always give the
same scenario, written the same way (``canonical``), and loading that scenario fills the same fields.

Its rooms, one per direction a position travels (the page, app/learn/sandbox_page.py, uses them all):

- ``builder``: the fields (``Builder``) and the position they make, with the lead-in moves and the
  seed that draws the card asked for; the first position; ``SandboxError``, the builder's refusals;
- ``reading``: the fields read back from a position (and from a link the engine refused);
- ``form``: the fields read from a submitted form, over the position being edited;
- ``links``: the position a ``?scenario=``/``?moves=`` link gives.
"""
