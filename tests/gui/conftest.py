"""GUI test set-up: the ``gui`` marker (Qt runs offscreen, and every test has a data
folder of its own: see tests/conftest.py)."""


def pytest_configure(config):
    """Register the ``gui`` marker once, whoever's conftest gets here first."""
    registered = config.getini("markers")
    if not any(line.split(":")[0].strip() == "gui" for line in registered):
        config.addinivalue_line("markers", "gui: Qt widget tests driven with pytest-qt")
