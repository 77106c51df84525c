"""Learn by doing (issue 16): positions the learner acts on, judged by the engine.

``position`` builds the shared view of a position given in the check API's scenario notation
(the sandbox shows it now; lessons, quiz answers and rule pages reuse it); its template is
app/templates/macros/position.html, styled by app/static/position.css.
"""
