"""The hex map: the view and its items, the controller that turns clicks into actions,
the minimap, and the painted art of counters and markers.

Why a package: the map is the app's largest piece of drawing, and its parts
only make sense together (the view draws :mod:`~se4x_qt.map.map_items`
painted with :mod:`~se4x_qt.map.art`; the controller and the minimap drive
the view).  The main window puts the map together with the side panel
(:mod:`se4x_qt.windows.side_panel`), which the controller fills with the
selected hex.
"""
