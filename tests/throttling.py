"""Helpers for tests of the throttles (pokersite/throttles.py).

django-ratelimit counts in fixed windows that end at a moment set by the clock: a test whose
requests straddled a window's end would see the count start again. Tests therefore set their
rates per day (a window's end then falls within a test's few seconds about once in
twenty thousand runs, where per minute it did once in fifty), and come from an address of
their own, so that counts left in the cache (Redis in CI's second pass) by another test or an
earlier run do not matter.
"""

import uuid

from django.test import Client


def client_from_new_address() -> Client:
    return Client(REMOTE_ADDR=f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7")
