"""Qt user interface of Card Laws: widgets that adapt the pure core in app/."""

from ui.compat import pin_refcount_drifts

pin_refcount_drifts()
