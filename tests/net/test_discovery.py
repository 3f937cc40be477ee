"""Discovery: adverts survive zeroconf's service info; a loopback round trip if multicast works."""

from __future__ import annotations

import time

import pytest

from se4x_core.net.discovery import (
    SERVICE_TYPE,
    Advert,
    Advertiser,
    Browser,
    advert_from_info,
    service_info,
)

pytestmark = pytest.mark.fast


def test_the_service_info_carries_the_advert() -> None:
    advert = Advert("Ann's game", "192.168.0.7", 47474, players=4, free=2, password=False)
    info = service_info(advert)
    assert info.type == SERVICE_TYPE and info.port == 47474
    assert info.name.startswith("Ann's game.")
    assert advert_from_info(info) == advert
    assert "2 free seats" in advert.label and "password" not in advert.label


def test_a_foreign_service_is_ignored() -> None:
    class Foreign:
        properties = {b"players": b"many"}
        name = "x._se4x._tcp.local."
        port = 1

        def parsed_addresses(self) -> list[str]:
            return ["10.0.0.1"]

    assert advert_from_info(Foreign()) is None


def test_an_advertised_game_is_found_on_loopback_if_multicast_works() -> None:
    advert = Advert("loopback test", "127.0.0.1", 47999, players=2, free=1)
    advertiser = Advertiser(advert)
    browser = Browser(lambda: None)
    try:
        advertiser.start()
        browser.start()
        if browser.error:
            pytest.skip(browser.error)
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline and advert not in browser.adverts():
            time.sleep(0.1)
        if advertiser.error or advert not in browser.adverts():
            pytest.skip(advertiser.error or "multicast does not work here")
        assert advert in browser.adverts()
    finally:
        browser.stop()
        advertiser.stop()
