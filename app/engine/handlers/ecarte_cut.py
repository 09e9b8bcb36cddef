"""Écarté, the English Club Code laws of cutting (laws 3, 4 and 7)."""

from __future__ import annotations

from app.engine.core import Context, rules
from app.engine.handlers.common import rule_cut
from app.engine.ruling import Decision
from app.model import event_types as ev

E = "ecarte.english."
CUT_AT_LEAST = 2  # law 3: at least two cards lifted and two left


@rules("ecarte", "english", "cut-error")
def cut_error(ctx: Context[ev.CutErrorEvent]) -> Decision | None:
    """Law 4: more than one card shown cutting for deal, cut again; law 7: a card exposed
    cutting to the dealer, a fresh cut; law 3: two cards at least in each packet."""
    return rule_cut(
        ctx,
        {
            "several-shown-for-deal": [E + "several-exposed-cutting-for-deal"],
            "card-exposed-in-cut": [E + "card-exposed-cutting-to-dealer"],
            "packet-too-small": [E + "cut-at-least-two"],
        },
        CUT_AT_LEAST,
    )
