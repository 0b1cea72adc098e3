"""A client address as counted by the limits (pure): IPv6 per /64, since one household or phone holds a whole
/64 and picks a new address in it at will; IPv4 per address."""

from __future__ import annotations

import ipaddress


def counted_address(address: str | None) -> str | None:
    """The address a limit counts: an IPv4 address itself, an IPv6 address as its /64 network's first address
    (an IPv4-mapped IPv6 address as the IPv4 address). None for anything that is not an address."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return None
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False).network_address)
    return str(ip)
