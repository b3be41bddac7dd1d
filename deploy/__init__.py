"""The production stack's files: what serves the site and nothing that measures
it (that is bench/). A package so that the tests import ``deploy.render`` by name."""
