"""The app's windows: the main window (a shell), the phase windows it opens through
the dialog host, the dialogs, and the panels docked beside the map.

Why a package: each window is a view over the session and builds its
widgets from :mod:`se4x_qt.widgets` and :mod:`se4x_qt.style`; keeping them
together shows which screens there are, and the router
(:mod:`~se4x_qt.windows.dialog_host`) names every phase window by import.
"""
