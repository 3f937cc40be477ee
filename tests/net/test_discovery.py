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


class Forged:
    """What a hostile machine on the LAN can advertise."""

    def __init__(self, addresses: list[str], **props: str) -> None:
        self.properties = {k.encode(): v.encode() for k, v in
                           {"name": "Game", "players": "2", "free": "1", **props}.items()}
        self.name = "x._se4x._tcp.local."
        self.port = 47474
        self._addresses = addresses

    def parsed_addresses(self) -> list[str]:
        return self._addresses


@pytest.mark.parametrize(("addresses", "props"), [
    (["8.8.8.8"], {}),  # a public address: the host would not be served there anyway
    (["10.0.0.1"], {"players": "-3"}),
    (["10.0.0.1"], {"players": "1000"}),
    (["10.0.0.1"], {"free": "5"}),  # more free seats than seats
    (["10.0.0.1"], {"free": "-1"}),
])
def test_a_forged_advert_is_refused(addresses: list[str], props: dict[str, str]) -> None:
    assert advert_from_info(Forged(addresses, **props)) is None


def test_an_adverts_name_and_address_are_cleaned() -> None:
    advert = advert_from_info(Forged(["1.1.1.1", "192.168.1.4"],
                                     name="\x1b[31mFree\u202eCP\x00 game " + "x" * 80))
    assert advert is not None and advert.address == "192.168.1.4"  # the LAN one
    assert advert.name.startswith("[31mFreeCP game") and len(advert.name) <= 40
    assert all(ch.isprintable() for ch in advert.name)


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
