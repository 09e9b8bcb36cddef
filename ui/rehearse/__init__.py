"""The rehearsal screen: play a deal forward, make mistakes happen, apply the remedies."""
