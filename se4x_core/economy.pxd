# economy.py is compiled by Cython (pure-Python mode); types live in the .py source.
