# C-level constants for the typed legal-move loops of movement.py.
cdef int _K_SY, _K_BASE, _K_CO, _K_MINER, _K_DECOY
cdef int _M_SUPERNOVA, _M_NEBULA, _M_ASTEROID
cdef int _F_DONE, _A_MOVE, _SLOTS
