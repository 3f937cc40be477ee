# state.py is compiled by Cython (pure-Python mode); most types live in the .py source.
cdef int _SLOTS
