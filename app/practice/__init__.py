"""The practice table, in rooms named for what they hold: ``views`` (the blueprint's routes),
``forms`` (reading its forms), ``options`` (a new game's options and their checks), ``access``
(who owns a game, its versions, the games kept in memory), ``game`` (a learner against bots),
``narration``, ``pass_and_play``, ``limits`` and ``cli`` (the store's commands)."""
