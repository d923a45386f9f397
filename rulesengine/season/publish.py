"""The published ladder: one static HTML page (issue 13, item 4; domain.md section 2, privacy).

No JavaScript, no external resource (styles inline, charts inline SVG), `noindex` for search
engines, readable on a phone: on a narrow screen (a 390-pixel phone) each row of a member's
history table is stacked, its numbers labelled, so no column runs off the screen. Names as
page_names.py decides them, each different. Element ids are member ids, never names. A name the
TD has not decided is not published as a person of its own: the page is refused while there are
such names, unless the TD asks for them (`publish_pending`), and then they are listed apart as
not yet confirmed, never ranked or given a section. The page carries the fingerprint of the
inputs (`ladder --check`), and nothing that changes between two runs on the same inputs: the
same inputs give the same bytes.
"""

from __future__ import annotations

from datetime import date
from html import escape
from typing import Sequence

from rulesengine.errors import UsageError
from rulesengine.season.ladder import LadderRow, SeasonLadder, notice, ranked, shown
from rulesengine.season.names import initials
from rulesengine.season.page_names import page_names
from rulesengine.replay import Played

CHART_WIDTH, CHART_HEIGHT, MARGIN = 320, 150, 36

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;max-width:46rem;padding:0.75rem;
line-height:1.4;color:#111}
table{border-collapse:collapse;width:100%}th,td{padding:0.25rem 0.4rem;text-align:left;border-bottom:1px solid #ddd}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}tr.prov td{color:#888}td:first-child{white-space:nowrap}
.notice{background:#fff3cd;border:1px solid #e0c36b;padding:0.5rem}.wrap{overflow-x:auto;max-width:100%}
section{margin-top:1.5rem;border-top:2px solid #333}svg{max-width:100%;height:auto}
.small{font-size:0.85rem;color:#555}
@media (max-width:32rem){th,td{padding:0.25rem 0.2rem}th{font-size:0.85rem}
table.history thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.history tr{display:flex;flex-wrap:wrap;column-gap:0.6rem;border-bottom:1px solid #ddd;padding:0.3rem 0}
table.history td{display:block;border:0;padding:0;text-align:left}table.history td:nth-child(2){flex:1 0 60%}
table.history td[data-label]::before{content:attr(data-label) " ";color:#555}}
""".strip()
PENDING_FLAG = "--publish-pending"


def refuse_pending(ladder: SeasonLadder) -> None:
    """UsageError naming how many names are undecided and how to decide them: published now,
    each would be listed as a person of its own beside the member it may be."""
    n = ladder.pending_names
    raise UsageError(f"{n} name{'s are' if n != 1 else ' is'} not yet decided: published now, "
                     f"{'each' if n != 1 else 'it'} would be listed as a separate person (perhaps a member "
                     f"listed twice). Decide them with `rulesengine names {ladder.season.root}`, or publish them "
                     f"listed apart as not yet confirmed with {PENDING_FLAG}; nothing was written")


def page_bytes(ladder: SeasonLadder, publish_pending: bool = False) -> bytes:
    """The page; refused (UsageError) while names are undecided unless `publish_pending`."""
    if ladder.pending_names and not publish_pending:
        refuse_pending(ladder)
    settings = ladder.season.settings
    members = ranked([r for r in ladder.rows if not r.pending])   # ranked among members only
    names = page_names(ladder, [r.member for r in members])
    title = escape(settings.name)
    parts = ['<!DOCTYPE html>', '<html lang="en">', '<head>', '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             '<meta name="robots" content="noindex">',
             f'<meta name="rulesengine-fingerprint" content="{ladder.fingerprint}">',
             f'<title>{title}</title>', f'<style>{_STYLE}</style>', '</head>', '<body>',
             f'<h1>{title}</h1>']
    if ladder.pending_names:
        parts.append(f'<p class="notice">{escape(notice(ladder).split(" (rulesengine")[0])}.</p>')
    dates = [e.date for e in ladder.events if e.date is not None]
    span = f"{min(dates).isoformat()} to {max(dates).isoformat()}" if dates else "no events yet"
    parts.append(f'<p class="small">{len(ladder.events)} events, {span}. Start {settings.start_rating:g}; '
                 f'K {settings.k_first:g} for the first {settings.first_games} rated games, then '
                 f'{settings.k_after:g}; provisional (grey, unranked) until {settings.provisional_games} rated games. '
                 f'Inputs {ladder.fingerprint}.</p>')
    parts += _table(members, names)
    events = {e.id: e for e in ladder.events}
    pending = [r for r in ladder.rows if r.pending]
    if pending:
        parts += _pending_table(pending, events)
    first, last = (min(dates), max(dates)) if dates else (None, None)
    event_names = {e.id: e.name for e in ladder.events}
    for row in members:
        parts += _member_section(row.member, names[row.member], ladder.replayed.history[row.member], event_names,
                                 first, last)
    parts += ['</body>', '</html>']
    return ("\n".join(parts) + "\n").encode("utf-8")


def element_id(identity: str) -> str:
    return "m-" + "".join(ch if ch.isalnum() else "-" for ch in identity)


def _table(rows: Sequence[LadderRow], names: dict[str, str]) -> list[str]:
    out = ['<div class="wrap"><table>',
           '<thead><tr><th class="n">Rank</th><th>Name</th><th class="n">Rating</th><th class="n">Games</th>'
           '<th class="n">Events</th></tr></thead>', '<tbody>']
    for row in rows:
        css = ' class="prov"' if row.provisional else ""
        rank = "" if row.rank is None else str(row.rank)
        name = escape(names[row.member])
        out.append(f'<tr{css}><td class="n">{rank}</td><td><a href="#{element_id(row.member)}">{name}</a>'
                   f'{" (provisional)" if row.provisional else ""}</td><td class="n">{shown(row.rating):.1f}</td>'
                   f'<td class="n">{row.games}</td><td class="n">{row.events}</td></tr>')
    out += ['</tbody>', '</table></div>']
    return out


def _pending_table(rows: Sequence[LadderRow], events: dict) -> list[str]:
    """Names the TD has not yet matched to a member: by initials only (no consent is known), with
    the evening they played, never ranked and never given a section of their own."""
    out = ['<section id="pending">', '<h2>Not yet confirmed</h2>',
           f'<p class="small">{len(rows)} name{"s" if len(rows) != 1 else ""} from these evenings '
           f'{"are" if len(rows) != 1 else "is"} not yet matched to a member by the TD: not ranked, and '
           f'perhaps a member listed above.</p>',
           '<div class="wrap"><table><thead><tr><th>Date</th><th>Event</th><th>Name</th><th class="n">Games</th>'
           '</tr></thead><tbody>']
    for row in rows:
        event = events[row.member.rpartition(":")[0]]
        out.append(f'<tr><td>{event.date.isoformat()}</td><td>{escape(event.name)}</td>'
                   f'<td>{escape(initials(row.name))}</td><td class="n">{row.games}</td></tr>')
    out += ['</tbody></table></div>', '</section>']
    return out


def _member_section(identity: str, name: str, played: Sequence[Played], event_names: dict[str, str],
                    first: date | None, last: date | None) -> list[str]:
    won, drawn, lost = (sum(p.won for p in played), sum(p.drawn for p in played), sum(p.lost for p in played))
    out = [f'<section id="{element_id(identity)}">', f'<h2>{escape(name)}</h2>',
           chart(played, first, last, f"Rating history of {name}"),
           f'<p>Career: {won + drawn + lost} rated games, {won} won, {drawn} drawn, {lost} lost, '
           f'in {len(played)} events.</p>',
           '<div class="wrap"><table class="history"><thead><tr><th>Date</th><th>Event</th><th class="n">Games</th>'
           '<th class="n">Score</th><th class="n">Before</th><th class="n">After</th></tr></thead><tbody>']
    for p in played:
        score = f"{float(p.score):g}"
        out.append(f'<tr><td>{p.date.isoformat() if p.date else ""}</td><td>{escape(event_names.get(p.event, p.event))}'
                   f'</td><td class="n" data-label="Games">{p.games}</td><td class="n" data-label="Score">{score}</td>'
                   f'<td class="n" data-label="Before">{shown(p.rating_before):.1f}</td>'
                   f'<td class="n" data-label="After">{shown(p.rating_after):.1f}</td></tr>')
    out += ['</tbody></table></div>', '</section>']
    return out


def chart(played: Sequence[Played], first: date | None, last: date | None, title: str) -> str:
    """A rating-history line, dates on the x axis; the stretch into an event the player entered
    provisional is dashed. Starts at the rating before the first event."""
    points = [(p.date, p.rating_before, p.provisional) for p in played[:1]] + \
             [(p.date, p.rating_after, p.provisional) for p in played]
    if not points or first is None or last is None:
        return ""
    ratings = [r for _, r, _ in points]
    low, high = min(ratings), max(ratings)
    if high - low < 20:
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    days = max((last - first).days, 1)
    inner_w, inner_h = CHART_WIDTH - MARGIN - 8, CHART_HEIGHT - 2 * 18

    def xy(when: date, rating: float) -> tuple[float, float]:
        x = MARGIN + inner_w * ((when - first).days / days)
        y = 12 + inner_h * (1 - (rating - low) / (high - low))
        return round(x, 1), round(y, 1)

    shapes = []
    for (d0, r0, _), (d1, r1, provisional) in zip(points, points[1:]):
        (x0, y0), (x1, y1) = xy(d0, r0), xy(d1, r1)
        dash = ' stroke-dasharray="4 3"' if provisional else ""
        shapes.append(f'<line x1="{x0:g}" y1="{y0:g}" x2="{x1:g}" y2="{y1:g}" stroke="#1f5fa8" stroke-width="2"{dash}/>')
    base = 12 + inner_h
    for when, rating, _ in points[1:]:
        x, y = xy(when, rating)
        shapes.append(f'<circle cx="{x:g}" cy="{y:g}" r="2.5" fill="#1f5fa8"><title>{when.isoformat()}: '
                      f'{shown(rating):.1f}</title></circle>')
        shapes.append(f'<line x1="{x:g}" y1="{base:g}" x2="{x:g}" y2="{base + 4:g}" stroke="#999"/>')  # a tick per event
    axis = [f'<line x1="{MARGIN}" y1="{base:g}" x2="{CHART_WIDTH - 8}" y2="{base:g}" stroke="#999"/>',
            f'<line x1="{MARGIN}" y1="12" x2="{MARGIN}" y2="{base:g}" stroke="#999"/>',
            f'<text x="{MARGIN - 3}" y="16" font-size="9" text-anchor="end">{high:.0f}</text>',
            f'<text x="{MARGIN - 3}" y="{base:g}" font-size="9" text-anchor="end">{low:.0f}</text>',
            f'<text x="{MARGIN}" y="{CHART_HEIGHT - 3}" font-size="9">{first.isoformat()}</text>',
            f'<text x="{CHART_WIDTH - 8}" y="{CHART_HEIGHT - 3}" font-size="9" text-anchor="end">{last.isoformat()}</text>']
    label = escape(title)
    return (f'<svg viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" width="{CHART_WIDTH}" '
            f'height="{CHART_HEIGHT}" role="img" aria-label="{label}"><title>{label}</title>'
            + "".join(axis + shapes) + '</svg>')
