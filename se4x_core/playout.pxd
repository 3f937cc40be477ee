# playout.py is compiled; its locals are typed in the .py source.
