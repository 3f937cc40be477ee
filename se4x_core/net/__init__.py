"""LAN play: an authoritative host, its clients, the protocol between them, discovery.

* :mod:`~se4x_core.net.protocol`: versioned, schema-checked messages and frames;
* :mod:`~se4x_core.net.host`: the host's logic (one Game, every check), no I/O;
* :mod:`~se4x_core.net.views`: what one seat is sent (the leak check's subject);
* :mod:`~se4x_core.net.patch`: updates after the first as the change from the last;
* :mod:`~se4x_core.net.store`: the host's write-ahead journal beside its checkpoint;
* :mod:`~se4x_core.net.table`: a game on a host as a seat-facing table (``se4x_core.table``);
* :mod:`~se4x_core.net.server`: the asyncio socket server around it;
* :mod:`~se4x_core.net.client`: a blocking client and a self-reconnecting threaded one;
* :mod:`~se4x_core.net.discovery`: games advertised and found on the LAN (zeroconf);
* :mod:`~se4x_core.net.hostcmd`: ``se4x host``.
"""
