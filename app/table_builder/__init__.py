"""The scenario builder's table, Qt-free: edits, checks, examples and descriptions.

The builder's document is a scenario mapping in the JSON format of docs/scenario-format.md.
Every edit here takes that mapping and returns a new one (the mapping given is never changed),
so the screen only chooses which edit to make and shows the result. `check_table` validates
through `parse_scenario`, so the builder and the engine can never disagree about what a valid
table is. An edit drops the example's "expected" outcomes: they describe the file as written.

The modules, each re-exported here so `from app.table_builder import X` works for all of them:

- reading: the seats, stages, hands and trick of a mapping, and which parts each game uses
- checks: validation through parse_scenario, and where on the table a problem is
- events: an event's fields, and a default event that fits the table
- edits: the edits themselves, from a new table to a random deal
- seats: renaming a seat everywhere, and how many seats there are (Auction Pitch)
- variants: the codes in force and the readings of disputed rules (variant groups)
- files: reading and writing scenario files
- examples: the example files, grouped by game
- words: the table and the event in words, for a printed ruling
"""

from __future__ import annotations

from app.table_builder.checks import (
    Place,
    Problem,
    check_table,
    place_of,
    place_words,
    proper_counts,
)
from app.table_builder.edits import (
    EditRefused,
    change_game,
    choose_event,
    choose_event_card,
    deal_at_random,
    give_card,
    is_new_table,
    new_table,
    set_bid,
    set_count,
    set_event,
    set_score,
    set_seen,
    set_stage,
    set_trick_leader,
    set_value,
    take_card,
)
from app.table_builder.events import (
    default_event,
    event_fields,
    event_help,
    event_label,
    event_types,
    events_for,
    events_of_game,
    field_label,
    fields_at,
    fitting_event,
    offered_event,
    stage_of_event,
)
from app.table_builder.examples import Example, examples_by_game
from app.table_builder.files import read_scenario_file, scenario_json, write_scenario_file
from app.table_builder.reading import (
    TRICK,
    TURN_UP,
    canonical_code,
    codes_in_force,
    copies_left,
    dealer_of,
    eldest_of,
    hand_of,
    placed_cards,
    players_of,
    stage_words,
    stages_for,
    trick_of,
)
from app.table_builder.seats import rename_player, seat_range, set_player_count
from app.table_builder.variants import (
    VariantGroup,
    chosen_readings,
    chosen_variant,
    offered_names,
    set_codes,
    set_variant,
    variant_groups,
)
from app.table_builder.words import card_words, describe_event, describe_table

__all__ = [
    "TRICK",
    "TURN_UP",
    "EditRefused",
    "Example",
    "Place",
    "Problem",
    "VariantGroup",
    "canonical_code",
    "card_words",
    "change_game",
    "check_table",
    "choose_event",
    "choose_event_card",
    "chosen_readings",
    "chosen_variant",
    "codes_in_force",
    "copies_left",
    "deal_at_random",
    "dealer_of",
    "default_event",
    "describe_event",
    "describe_table",
    "eldest_of",
    "event_fields",
    "event_help",
    "event_label",
    "event_types",
    "events_for",
    "events_of_game",
    "examples_by_game",
    "field_label",
    "fields_at",
    "fitting_event",
    "give_card",
    "hand_of",
    "is_new_table",
    "new_table",
    "offered_event",
    "offered_names",
    "place_of",
    "place_words",
    "placed_cards",
    "players_of",
    "proper_counts",
    "read_scenario_file",
    "rename_player",
    "scenario_json",
    "seat_range",
    "set_bid",
    "set_codes",
    "set_count",
    "set_event",
    "set_player_count",
    "set_score",
    "set_seen",
    "set_stage",
    "set_trick_leader",
    "set_value",
    "set_variant",
    "stage_of_event",
    "stage_words",
    "stages_for",
    "take_card",
    "trick_of",
    "variant_groups",
    "write_scenario_file",
]
