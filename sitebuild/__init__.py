"""Build-time helpers for the rulebook site: offline assets, styling, rule links."""
