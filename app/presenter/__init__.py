"""Presenter mode (issue 17): the demos of app.scenes.demos on a projector, at /<lang>/present/.

``frames`` turns a demo into the frames a teacher steps through (each move played by the engine,
the class's own preceded by "What would you play?"); ``views`` serves them, one address per frame
in each language. The page (templates/presenter/, presenter.css, presenter.js) shows the shared
position view with every hand open, sized from the screen's height, and the step player plays each
move on it.
"""
