"""rulesengine.fast_init: the one-step `__init__` builds exactly what the dataclass's own would."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from rulesengine.fast_init import set_fields_at_once
from rulesengine.rating import GameRating, PlayerRating, RatingRecord, UnratedRound

FAST_CLASSES = (RatingRecord, GameRating, UnratedRound, PlayerRating)
values = st.none() | st.integers(-5, 3000) | st.fractions(max_denominator=100) | st.floats(allow_nan=False) | \
    st.text(max_size=4) | st.tuples(st.text(max_size=4))


def by_dataclass_init(cls, *args, **kwargs):
    """The object the dataclass's own generated __init__ builds."""
    obj = object.__new__(cls)
    cls.__init__.__wrapped__(obj, *args, **kwargs)
    return obj


@pytest.mark.parametrize("cls", FAST_CLASSES, ids=lambda c: c.__name__)
def test_the_rating_records_use_it_with_the_dataclass_signature(cls):
    assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
    assert inspect.signature(cls) == inspect.signature(cls.__init__.__wrapped__).replace(
        parameters=list(inspect.signature(cls.__init__.__wrapped__).parameters.values())[1:])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_same_fields_as_the_dataclass_init(data):
    cls = data.draw(st.sampled_from(FAST_CLASSES))
    fields = dataclasses.fields(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    optional = fields[len(required):]
    args = [data.draw(values) for _ in required]
    positional = data.draw(st.integers(0, len(optional)))
    args += [data.draw(values) for _ in optional[:positional]]
    kwargs = {f.name: data.draw(values) for f in optional[positional:] if data.draw(st.booleans())}
    fast, slow = cls(*args, **kwargs), by_dataclass_init(cls, *args, **kwargs)
    assert type(fast) is cls
    assert vars(fast) == vars(slow) and list(vars(fast)) == list(vars(slow))
    assert fast == slow and repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == fast


def test_default_factories_give_a_new_value_each_time_and_a_given_value_is_kept():
    first, second = RatingRecord(1), RatingRecord(1)
    assert first.extra == {} and first.extra is not second.extra
    extra = {"fide.pooled_games": 3}
    assert RatingRecord(1, extra=extra).extra is extra


def test_still_frozen_and_errors_as_before():
    game = GameRating(1, 2, 1500.0, Fraction(1, 2), Fraction(1), True, "rated")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.round = 2
    with pytest.raises(TypeError):
        GameRating(1, 2)                     # missing fields
    with pytest.raises(TypeError):
        UnratedRound(1, "bye", "r", kind="x")   # given twice
    with pytest.raises(TypeError):
        UnratedRound(1, "bye", "r", colour="w")  # unknown field


def test_a_subclass_goes_through_the_dataclass_init():
    class Annotated(UnratedRound):
        def __init__(self, *args):
            object.__setattr__(self, "note", "set before")
            super().__init__(*args)

    entry = Annotated(3, "bye", "never rated")
    assert vars(entry) == {"note": "set before", "round": 3, "kind": "bye", "reason": "never rated"}


@pytest.mark.parametrize("make", [
    lambda: dataclasses.make_dataclass("S", [("a", int)], slots=True,
                                       namespace={"__post_init__": lambda self: None}),
    lambda: dataclasses.make_dataclass("P", [("a", int)], namespace={"__post_init__": lambda self: None}),
    lambda: dataclasses.make_dataclass("K", [("a", int, dataclasses.field(kw_only=True))]),
    lambda: dataclasses.make_dataclass("N", [("a", int, dataclasses.field(init=False, default=0))]),
    lambda: dataclasses.make_dataclass("I", [("a", dataclasses.InitVar[int])]),
    lambda: type("NotADataclass", (), {}),
], ids=["slots_post_init", "post_init", "kw_only", "init_false", "initvar", "plain_class"])
def test_classes_it_would_build_wrongly_are_refused(make):
    with pytest.raises(TypeError):
        set_fields_at_once(make())


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="key-sharing dicts are CPython's")
@pytest.mark.parametrize("cls", FAST_CLASSES, ids=lambda c: c.__name__)
def test_instances_share_their_keys_as_with_the_dataclass_init(cls):
    """The dicts hold values only (one key table for the class), as the dataclass's own objects'
    do: a dict of its own per record would double the memory of a large event's records."""
    args = [None] * len(dataclasses.fields(cls))
    fast, slow = cls(*args), by_dataclass_init(cls, *args)
    assert sys.getsizeof(vars(fast)) == sys.getsizeof(vars(slow)) < sys.getsizeof(dict(vars(slow)))
