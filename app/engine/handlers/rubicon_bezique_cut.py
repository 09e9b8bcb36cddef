"""Rubicon Bézique, the Portland Club laws of cutting (laws 4, 7 and 9)."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import rule_cut
from app.engine.ruling import Decision
from app.model import event_types as ev

E = "rubicon-bezique.english."
CUT_AT_LEAST = 5  # law 4: at least five cards lifted and five left


@rules("rubicon-bezique", "english", "cut-error")
def cut_error(ctx: Context[ev.CutErrorEvent]) -> Decision | None:
    """Law 7: several cards shown cutting for deal, cut again; law 9: a card exposed cutting to
    the dealer or reuniting the packets, a fresh cut; law 4: five cards at least each side."""
    return rule_cut(
        ctx,
        {
            "several-shown-for-deal": [E + "cut-exposing-several-cards"],
            "card-exposed-in-cut": [E + "card-exposed-in-cut"],
            "packet-too-small": [E + "cutting"],
        },
        CUT_AT_LEAST,
    )
