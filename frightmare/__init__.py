"""Frightmare Companion: a table-side companion for Final Girl: Frightmare on Maple Lane."""

__version__ = "0.1.0"
APP_ID = "io.github.frightmare.companion"
APP_NAME = "Frightmare Companion"
