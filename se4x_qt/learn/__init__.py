"""Learning to play, for every game: guided games and tours (:mod:`tutorial`), and tips
the first time something happens in a real game (:mod:`tips`).

Game-neutral: each game brings its own guided game and tips through its app record
(``AppGame.tutorial``, ``AppGame.tips``); nothing here names a game.
"""
