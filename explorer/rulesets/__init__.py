"""One subpackage per ruleset; each registers itself on import."""
