"""System checks of the site formats' registry (games/history/imports/formats/), registered at
start-up (games/apps.py): a format whose ``source`` the database cannot store, or two that
share one, fail ``manage.py check`` instead of an upload.
"""

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.core import checks

from games.history.imports.formats import FORMATS
from games.history.imports.site_format import SiteFormat
from games.models import ImportedHand

PHH_SOURCE = "phh"  # what a hand read from PHH stores


@checks.register()
def check_site_formats(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return format_problems(FORMATS)


def format_problems(formats: Sequence[SiteFormat]) -> list[checks.CheckMessage]:
    """Each way the registry falls short, as a check error naming the format."""
    found: list[checks.CheckMessage] = []
    stored = ImportedHand._meta.get_field("source").max_length or 0
    for site_format in formats:
        if not site_format.source or len(site_format.source) > stored:
            found.append(checks.Error(
                f"Format {site_format.site!r}: its source {site_format.source!r} must be 1 to "
                f"{stored} characters (ImportedHand.source).", id="history.E001"))
    sources = Counter([PHH_SOURCE, *(site_format.source for site_format in formats)])
    sites = Counter(site_format.site for site_format in formats)
    twice = sorted(name for counted in (sources, sites) for name, n in counted.items() if n > 1)
    if twice:
        found.append(checks.Error(f"Formats share a source or a site name: {twice}.",
                                  id="history.E002"))
    return found
