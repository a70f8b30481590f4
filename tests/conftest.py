"""Shared fixtures: the tests import the package from the checkout or the installed copy."""
