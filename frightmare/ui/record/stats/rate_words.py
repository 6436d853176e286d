"""A rate in words: the player's wins, the 95% interval, the community's rate beside them, for
tooltips, the table and the summary."""

from __future__ import annotations

from frightmare.i18n import N_, _, ngettext
from frightmare.model.record.log_entry import UNREVEALED
from frightmare.model.record.statistics import UNREVEALED_NOTE, Rate, Statistics, shown_value

OVERALL = N_("Overall")


def pct(value: float) -> str:
    # Translators: a percentage, e.g. "42.5%" ({value} has one decimal).
    return _("{value}%").format(value=f"{100 * value:.1f}")


def rate_label(rate: Rate, breakdown: str | None = None) -> str:
    """A rate's value as the player reads it: a name of their edition, or a word (the
    labels are kept in English)."""
    return shown_value(breakdown, rate.label) if breakdown else _(rate.label)


def rate_text(rate: Rate, breakdown: str | None = None) -> str:
    """One breakdown's numbers in words, for tooltips and the table (``breakdown``: the title
    of the breakdown the rate is of, which says whether its label is a name)."""
    low, high = rate.interval
    text = _("{value}: won {wins} of {games} ({rate}), 95% interval {low}–{high}").format(
        value=rate_label(rate, breakdown),
        wins=rate.wins,
        games=rate.games,
        rate=pct(rate.rate),
        low=pct(low),
        high=pct(high),
    )
    if rate.community is not None:
        theirs = rate.community
        # Translators: after a rate in words; {scope} says which of the community's games.
        text += ngettext(
            "; community, {scope}: {rate} over {games} game",
            "; community, {scope}: {rate} over {games} games",
            theirs.games,
        ).format(scope=theirs.scope, rate=pct(theirs.rate), games=theirs.games)
        if rate.label == UNREVEALED:
            text += _(". {note}").format(note=_(UNREVEALED_NOTE))
    return text


def community_note(stats: Statistics) -> str:
    """When the games chosen have no community rate of their own: what the community's
    figures lack, and their overall rate, named as such (never set beside these games)."""
    theirs = stats.community_overall
    if stats.overall.community is not None or not stats.overall.games or theirs is None:
        return ""
    gaps = [_(gap) for gap in stats.community_gaps]
    if gaps:
        # Translators: joins the last two of the breakdowns the community does not split by.
        last = _("{first} or {last}")
        lacking = (
            last.format(first=gaps[0], last=gaps[1])
            if len(gaps) == 2
            else gaps[0]
            if len(gaps) == 1
            else last.format(first=", ".join(gaps[:-1]), last=gaps[-1])
        )
        why = _("The community's figures are not split by {breakdowns}").format(breakdowns=lacking)
    else:
        why = _("The community's figures have no rate for these games")
    return ngettext(
        "{why}: their overall rate, over {scope}, is {rate} ({games} game), not a figure for "
        "the games chosen.",
        "{why}: their overall rate, over {scope}, is {rate} ({games} games), not a figure for "
        "the games chosen.",
        theirs.games,
    ).format(why=why, scope=theirs.scope, rate=pct(theirs.rate), games=theirs.games)
