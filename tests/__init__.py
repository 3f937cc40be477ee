"""The test suite, a package: test modules and the shared helpers are imported by their
full names (``tests.helpers.scenario``), with the repository root on ``sys.path``
(``pythonpath`` in pyproject.toml's ``[tool.pytest.ini_options]``)."""
