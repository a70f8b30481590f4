"""Agents: every player the engine can field shares one interface.

An agent gets the observation of its seat (never the full state) and returns one legal
action of the pending decision. See :class:`Agent`.
"""
from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent"]
