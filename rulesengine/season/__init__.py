"""A club season: a folder of event files, a roster, the TD's decisions and the club's settings,
and the ladder replayed from them (shared/docs/domain.md section 2).

    files.py        the small tab-separated tables the store is made of, read and written by one rule
    journal.py      one change of the store (several files) as one step, finished or undone after a kill
    lock.py         one writer at a time
    settings.py     the club's numbers (start rating, K steps, provisional threshold) and names
    roster.py       members: stable id, display name, junior flag, publication consent
    decisions.py    the TD's name decisions, one editable line each, with who and when
    events.py       reading an event file (TRF, any workbook layout) and what it says about itself
    store.py        the season folder: the above together, every change one journal step
    names.py        normalising and matching names (the rules and their scores)
    identity.py     who is who in each event, from the decisions only
    suggest.py      candidates for every unresolved name, with the hard rules
    decide.py       the TD's decisions: link, new, reject, accept-exact, undo
    ladder.py       the ladder, its JSON, and what moved
    fingerprint.py  one digest over every input, and what changed since a stored output
    outputs.py      the saved JSON and published pages, and whether they are stale
    page_names.py   the names the page shows: full or initials, each telling one member apart
    publish.py      the static HTML page with its charts; undecided names only on the TD's word
"""
