"""Golden games and save fixtures: the safety net of engine refactors (see ``tests/test_golden.py``)."""
