"""Advanced rule sets, each a config option (``"advanced": [...]``), off by default."""
