"""The production stack's files; a package so that tests and tools import
``deploy.stack`` by name (run from the repository's root)."""
