"""GUI test set-up: the ``gui`` marker (Qt runs offscreen, see tests/conftest.py)."""


def pytest_configure(config):
    """Register the ``gui`` marker once, whoever's conftest gets here first."""
    registered = config.getini("markers")
    if not any(line.split(":")[0].strip() == "gui" for line in registered):
        config.addinivalue_line("markers", "gui: Qt widget tests driven with pytest-qt")



# -- app shell tests: never write into the real user data folder -------------------------
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory, monkeypatch):
    """Autosaves and settings go to a temporary folder (storage reads SE4X_DATA_DIR)."""
    monkeypatch.setenv("SE4X_DATA_DIR", str(tmp_path_factory.mktemp("se4x-data")))
