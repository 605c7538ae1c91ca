"""This machine's addresses on the local network, for a game among friends in one house.

``make run HOST=0.0.0.0`` listens on every interface; in development the site then accepts
these addresses as hosts (settings.ALLOWED_HOSTS), and the table page shows the invite link
a friend on the same network can open.
"""

import ipaddress
import socket


def lan_addresses() -> list[str]:
    """Private IPv4 addresses of this machine, the outgoing one first (may be empty)."""
    found: list[str] = []
    try:
        # Connecting a UDP socket sends nothing; it only picks the outgoing interface.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found.extend(str(info[4][0]) for info in infos)  # (address, port) for AF_INET
    except OSError:
        pass
    unique = dict.fromkeys(found)
    return [a for a in unique if ipaddress.ip_address(a).is_private and not a.startswith("127.")]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (as in a request's Host, without the port) names this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("192.168.1.20")
    (True, True, False)
    """
    if host in ("localhost", "[::1]", "::1"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serving_on(host: str, port: str) -> list[str]:
    """The addresses to open a site served on ``host``:``port`` at (for `make run`)."""
    if host in ("0.0.0.0", "::"):
        return [f"http://127.0.0.1:{port}/"] + [f"http://{a}:{port}/" for a in lan_addresses()]
    return [f"http://{host}:{port}/"]


if __name__ == "__main__":  # `make run` says where the site is: python -m pokersite.lan HOST PORT
    import sys

    first, *others = serving_on(sys.argv[1], sys.argv[2])
    print(f"Serving on {first}")
    for address in others:
        print(f"Friends on your network open {address}")
    if is_loopback(sys.argv[1]):
        print("Only this computer can reach it; `make run HOST=0.0.0.0` lets friends join.")
