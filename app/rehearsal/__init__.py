"""Rehearsing a deal: play it forward card by card, make a mistake happen, rule and apply it."""
