"""A pairing system whose `pair` raises."""

from rulesengine.plugins import PairingSystem, hookimpl


def _pair(request):
    raise IndexError("no players left")


@hookimpl
def rulesengine_pairing_systems():
    return [PairingSystem("broken-pairing", "pair raises", _pair)]
