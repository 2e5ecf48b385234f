"""Pictures on cards, backs, boards and the rules: find, measure, place, prepare."""
