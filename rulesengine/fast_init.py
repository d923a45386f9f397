"""A faster `__init__` for the frozen dataclasses a computation makes by the hundred thousand.

A frozen dataclass's generated `__init__` stores each field through `object.__setattr__` by name
(frozen classes refuse plain assignment): about 0.15 us per field, 3 us for a rating system's
per-game record of 11 fields, most of the cost of `rate --format json` at 10,000 players.
`set_fields_at_once(cls)` gives the class an `__init__` with the same parameters, defaults and
default factories that stores the fields straight into the instance's `__dict__`, in field
order: the same object in a third of the time.

Memory stays as it was: CPython lets the instances of a class share one table of keys (their
dicts then hold values only) when every instance sets the same attributes in the same order,
which this `__init__` does; at decoration one throw-away instance sets them through
`object.__setattr__`, as the dataclass `__init__` would, so the class's shared table exists
before the first real instance. (Building each `__dict__` as a dict display and installing it
would be a little faster to make but twice the memory, and at 100,000 records the page faults
of that memory cost more than it saves.)

A slotted class (`RoundEntry`: one per player and round, 130,000 for a large event, most of the
cost of reading a TRF) has no `__dict__`: its `__init__` stores each field through the slot's
member descriptor (C code) instead, the same object in half the time.

Only plain classes qualify, so the result is exactly what the dataclass `__init__` would build:
a dataclass with a `__dict__` or with slots, no `__post_init__`, every field an ordinary
positional init field (no `InitVar`, `ClassVar`, `init=False` or keyword-only fields). Anything
else is refused at decoration time. An instance of a subclass (which may have its own
attributes) goes through the dataclass's own `__init__`.

`built_from_fields(cls, values)` makes an instance of such a class with a `__dict__` from every
field's value by name, without any `__init__` (readers build thousands of players).
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

T = TypeVar("T", bound=type)

_NO_VALUE = object()   # a parameter with a default factory was not given


def set_fields_at_once(cls: T) -> T:
    """Replace the dataclass `cls`'s `__init__` by one that stores the fields directly (see module)."""
    fields = _init_fields(cls)
    slotted = "__dict__" not in cls.__dict__
    original = cls.__init__
    namespace: dict[str, object] = {"_cls": cls, "_original": original, "_NO_VALUE": _NO_VALUE}
    parameters, stores = [], []
    for index, field in enumerate(fields):
        name = field.name
        value = name
        if field.default is not dataclasses.MISSING:
            namespace[f"_default_{index}"] = field.default
            parameters.append(f"{name}=_default_{index}")
        elif field.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{index}"] = field.default_factory
            parameters.append(f"{name}=_NO_VALUE")
            value = f"_factory_{index}() if {name} is _NO_VALUE else {name}"
        else:
            parameters.append(name)
        if slotted:
            namespace[f"_set_{index}"] = getattr(cls, name).__set__
            stores.append(f"    _set_{index}(self, {value})\n")
        else:
            stores.append(f"    values[{name!r}] = {value}\n")
    names = ", ".join(f.name for f in fields)
    source = (f"def __init__(self, {', '.join(parameters)}):\n"
              f"    if type(self) is not _cls:\n"
              f"        return _original(self, {names})\n"
              + ("" if slotted else "    values = self.__dict__\n") + "".join(stores))
    exec(source, namespace)   # as dataclasses builds its own __init__: one function, no per-call introspection
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = original.__doc__
    init.__wrapped__ = original   # inspect.signature, help() and the tests see the dataclass's own
    cls.__init__ = init
    if not slotted:
        probe = object.__new__(cls)   # the shared key table, in field order (see module)
        for field in fields:
            object.__setattr__(probe, field.name, None)
    return cls


def built_from_fields(cls: type, values: dict[str, object]) -> object:
    """An instance of the dataclass `cls` (with a `__dict__`) holding `values`, every field by name,
    stored without `__init__`: the caller has checked the names and filled the defaults."""
    instance = object.__new__(cls)
    instance.__dict__.update(values)
    return instance


def _init_fields(cls: type) -> tuple[dataclasses.Field, ...]:
    """The fields of `cls`, after checking that the fast `__init__` builds what the dataclass's would."""
    if not dataclasses.is_dataclass(cls) or ("__dict__" not in cls.__dict__ and "__slots__" not in cls.__dict__):
        raise TypeError(f"{cls.__qualname__}: a dataclass with an instance __dict__ or with slots is needed")
    if hasattr(cls, "__post_init__") or cls.__new__ is not object.__new__:
        raise TypeError(f"{cls.__qualname__}: __post_init__ or __new__ would be skipped")
    fields = dataclasses.fields(cls)
    if len(fields) != len(cls.__dataclass_fields__):   # an InitVar or a ClassVar pseudo-field
        raise TypeError(f"{cls.__qualname__}: only plain fields are supported (no InitVar, no ClassVar)")
    for field in fields:
        if not field.init or field.kw_only:
            raise TypeError(f"{cls.__qualname__}.{field.name}: only positional init fields are supported")
    return fields
