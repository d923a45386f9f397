"""A faster `__init__` for the frozen dataclasses a computation makes by the hundred thousand.

A frozen dataclass's generated `__init__` stores each field through `object.__setattr__` by name
(frozen classes refuse plain assignment): about 0.15 us per field, 3 us for a rating system's
per-game record of 11 fields, most of the cost of `rate --format json` at 10,000 players.
`set_fields_at_once(cls)` gives the class an `__init__` with the same parameters, defaults and
default factories that builds the instance's `__dict__` as one dict display and installs it
through the class's own `__dict__` descriptor (C code): the same object in a third of the time.

(`rulesengine.model` does the same for the slotted `RoundEntry` through its slots' member
descriptors; a class with a `__dict__` has none, hence this one.)

The price is memory: an instance dict built this way does not share its keys with the class's
other instances (Python's key-sharing dictionaries are filled one attribute at a time), about
350 bytes more per object.

Only plain classes qualify, so the result is exactly what the dataclass `__init__` would build:
a dataclass with a `__dict__` (no slots), no `__post_init__`, every field an ordinary init field
(no `InitVar`, `init=False` or keyword-only fields). Anything else is refused at decoration time.
An instance of a subclass (which may have set attributes before calling this `__init__`) goes
through the dataclass's own `__init__`.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from itertools import repeat
from typing import Any, Sequence, TypeVar

T = TypeVar("T", bound=type)

_NO_VALUE = object()   # a parameter with a default factory was not given
# The classes `set_fields_at_once` has checked, with the setter of their instances' __dict__.
_DICT_SETTERS: dict[type, Any] = {}


def set_fields_at_once(cls: T) -> T:
    """Replace the dataclass `cls`'s `__init__` by one that sets every field in one step (see module)."""
    fields = _init_fields(cls)
    original = cls.__init__
    namespace: dict[str, object] = {"_cls": cls, "_original": original, "_NO_VALUE": _NO_VALUE,
                                    "_set_dict": cls.__dict__["__dict__"].__set__}
    parameters, values = [], []
    for index, field in enumerate(fields):
        name = field.name
        if field.default is not dataclasses.MISSING:
            namespace[f"_default_{index}"] = field.default
            parameters.append(f"{name}=_default_{index}")
            values.append(name)
        elif field.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{index}"] = field.default_factory
            parameters.append(f"{name}=_NO_VALUE")
            values.append(f"_factory_{index}() if {name} is _NO_VALUE else {name}")
        else:
            parameters.append(name)
            values.append(name)
    names = ", ".join(f.name for f in fields)
    items = ", ".join(f"{f.name!r}: {value}" for f, value in zip(fields, values))
    source = (f"def __init__(self, {', '.join(parameters)}):\n"
              f"    if type(self) is not _cls:\n"
              f"        return _original(self, {names})\n"
              f"    _set_dict(self, {{{items}}})\n")
    exec(source, namespace)   # as dataclasses builds its own __init__: one function, no per-call introspection
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = original.__doc__
    init.__wrapped__ = original   # inspect.signature, help() and the tests see the dataclass's own
    cls.__init__ = init
    _DICT_SETTERS[cls] = namespace["_set_dict"]
    return cls


def instances(cls: type, field_values: Sequence[dict[str, Any]]) -> list:
    """One `cls` object per dict of field values, built without a Python call per object.

    For a whole event's per-game records: `cls(**values)` would run `__init__` once per record;
    here the objects are made and given their dicts by `map` over C functions, so a record costs
    its dict display and little more. Each dict must hold every field of `cls` (defaults
    included), in field order, and is taken over by its object (the caller keeps no reference).
    `cls` must have been decorated with `set_fields_at_once` (which checked it qualifies).
    """
    set_dict = _DICT_SETTERS.get(cls)
    if set_dict is None:
        raise TypeError(f"{cls.__qualname__}: not prepared by set_fields_at_once")
    objects = list(map(object.__new__, repeat(cls, len(field_values))))
    deque(map(set_dict, objects, field_values), maxlen=0)   # run the setter over every pair, keep nothing
    return objects


def _init_fields(cls: type) -> tuple[dataclasses.Field, ...]:
    """The fields of `cls`, after checking that the fast `__init__` builds what the dataclass's would."""
    if not dataclasses.is_dataclass(cls) or "__dict__" not in cls.__dict__:
        raise TypeError(f"{cls.__qualname__}: a dataclass with an instance __dict__ (no slots) is needed")
    if hasattr(cls, "__post_init__") or cls.__new__ is not object.__new__:
        raise TypeError(f"{cls.__qualname__}: __post_init__ or __new__ would be skipped")
    fields = dataclasses.fields(cls)
    if len(fields) != len(cls.__dataclass_fields__):   # an InitVar or a ClassVar pseudo-field
        raise TypeError(f"{cls.__qualname__}: only plain fields are supported (no InitVar, no ClassVar)")
    for field in fields:
        if not field.init or field.kw_only:
            raise TypeError(f"{cls.__qualname__}.{field.name}: only positional init fields are supported")
    return fields
