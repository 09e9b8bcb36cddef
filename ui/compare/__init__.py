"""The compare view: one row per situation, one column per code of laws."""
