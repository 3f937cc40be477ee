"""The project's data files, installed as the package ``se4x_resources``.

Read through :mod:`se4x_core.paths`, never by importing this package: models,
rules data, the rules texts and reference, sounds and icons."""
