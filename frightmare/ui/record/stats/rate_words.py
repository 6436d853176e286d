"""A rate in words: the player's wins, the 95% interval, the community's rate beside them, for
tooltips, the table and the summary."""

from __future__ import annotations

from frightmare.model.record.log_entry import UNREVEALED
from frightmare.model.record.statistics import UNREVEALED_NOTE, Rate, Statistics

OVERALL = "Overall"


def pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def rate_text(rate: Rate) -> str:
    """One breakdown's numbers in words, for tooltips and the table."""
    low, high = rate.interval
    text = (
        f"{rate.label}: won {rate.wins} of {rate.games} ({pct(rate.rate)}), "
        f"95% interval {pct(low)}–{pct(high)}"
    )
    if rate.community is not None:
        theirs = rate.community
        text += f"; community, {theirs.scope}: {pct(theirs.rate)} over {theirs.games} games"
        if rate.label == UNREVEALED:
            text += f". {UNREVEALED_NOTE}"
    return text


def community_note(stats: Statistics) -> str:
    """When the games chosen have no community rate of their own: what the community's
    figures lack, and their overall rate, named as such (never set beside these games)."""
    theirs = stats.community_overall
    if stats.overall.community is not None or not stats.overall.games or theirs is None:
        return ""
    gaps = stats.community_gaps
    if gaps:
        lacking = " or ".join(gaps) if len(gaps) < 3 else ", ".join(gaps[:-1]) + f" or {gaps[-1]}"
        why = f"The community's figures are not split by {lacking}"
    else:
        why = "The community's figures have no rate for these games"
    return (
        f"{why}: their overall rate, over {theirs.scope}, is {pct(theirs.rate)} "
        f"({theirs.games} games), not a figure for the games chosen."
    )
