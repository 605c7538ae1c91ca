"""When a hand was played, from a site's header: local time and zone, stored as UTC.

PokerStars writes the player's local time and zone, then (since about 2008) the same moment
in Eastern Time in brackets: ``2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]``. Older
files and HM1 exports write ``2007/10/15 - 05:34:03 (ET)``; files that trackers exported
sometimes drop the zone. The abbreviations stand for regions whose clocks change with
summer time, so each is read through the IANA zone it names (``zoneinfo``): 16:28 ET on a
January day is 21:28 UTC, on a July day 20:28 UTC.

Which time counts: the bracketed Eastern Time when there is one (PokerStars' own clock, one
zone for every file), else the zone written; a time with no zone is PokerStars' clock,
Eastern Time. A zone this module does not know gives no time at all rather than a wrong one.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# The abbreviations PokerStars writes, and the region each one's clock follows.
ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AKT": "America/Anchorage", "HT": "Pacific/Honolulu", "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "CET": "Europe/Paris",
    "EET": "Europe/Helsinki", "BST": "Europe/London", "WEST": "Europe/Lisbon",
    "CEST": "Europe/Paris", "EEST": "Europe/Helsinki", "CST": "America/Chicago",
    "CDT": "America/Chicago", "MST": "America/Denver", "MDT": "America/Denver",
    "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo", "AWST": "Australia/Perth",
    "ACST": "Australia/Adelaide", "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}
DEFAULT_ZONE = "ET"

_MOMENT = r"(\d{4})/(\d{1,2})/(\d{1,2})(?: -)? (\d{1,2}):(\d{2}):(\d{2})"
_WRITTEN = re.compile(_MOMENT + r"(?: \(?([A-Z]{2,5})\)?)?")
_BRACKETED = re.compile(r"\[" + _MOMENT + r" ([A-Z]{2,5})\]")


_OFFSET = re.compile(r"^(?:GMT|UTC)([+-])(\d{1,2}):?(\d{2})?$")


def zone_of(name: str) -> tzinfo | None:
    """The clock a zone name stands for: an abbreviation of ``ZONES``, an offset as PHH files
    write it ("GMT-0400", "UTC+01:00") or an IANA name ("Europe/Paris"); None if unknown.

    >>> zone_of("ET"), zone_of("GMT-0400"), zone_of("Mars/Olympus")
    (zoneinfo.ZoneInfo(key='America/New_York'), \
datetime.timezone(datetime.timedelta(days=-1, seconds=72000)), None)
    """
    if name in ZONES:
        return ZoneInfo(ZONES[name])
    offset = _OFFSET.match(name)
    if offset:
        sign, hours, minutes = offset.groups()
        delta = timedelta(hours=int(hours), minutes=int(minutes or 0))
        return timezone(-delta if sign == "-" else delta) if delta < timedelta(hours=24) else None
    if "/" in name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            return None
    return None


def local_time(moment: datetime, zone: str) -> tuple[datetime, str]:
    """A stored UTC moment on the clock of ``zone`` (the site's), or in UTC when the zone is
    not known: (the local time, the zone's name as written).

    >>> local_time(datetime(2013, 1, 8, 21, 28, 42, tzinfo=UTC), "ET")[0].strftime("%H:%M")
    '16:28'
    """
    clock = zone_of(zone) if zone else None
    if clock is None:
        return moment.astimezone(UTC), "UTC"
    return moment.astimezone(clock), zone


def played_at(header: str) -> tuple[datetime | None, str]:
    """(the moment in UTC, the zone it was read in) from a hand's first line; (None, "")
    when the line holds no time, or one in a zone not known here.

    >>> played_at("Hold'em No Limit ($1/$2) - 2009/10/12 - 13:51:22 (ET)")
    (datetime.datetime(2009, 10, 12, 17, 51, 22, tzinfo=datetime.timezone.utc), 'ET')
    >>> played_at("- 2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]")[0].isoformat()
    '2013-01-08T21:28:42+00:00'
    >>> played_at("- 2020/05/05 16:31:20 XYZ")
    (None, '')
    """
    match = _BRACKETED.search(header) or _WRITTEN.search(header)
    if match is None:
        return None, ""
    zone = match.group(7) or DEFAULT_ZONE
    if zone not in ZONES:
        return None, ""
    year, month, day, hour, minute, second = (int(x) for x in match.groups()[:6])
    try:
        local = datetime(year, month, day, hour, minute, second, tzinfo=ZoneInfo(ZONES[zone]))
    except ValueError:  # a date that does not exist (2009/02/30)
        return None, ""
    return local.astimezone(UTC), zone
