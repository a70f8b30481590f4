"""Agents: every player the engine can field shares one interface.

An agent gets the observation of its seat (never the full state) and returns one legal
action of the pending decision. See :class:`Agent`.
"""
from .base import Agent, RandomAgent
from .baselines import FlatMCAgent, GreedyAgent, PolicyAgent
from .ismcts import Candidate, ISMCTSAgent, SearchResult
from .play import GameRecord, run_game

__all__ = ["Agent", "RandomAgent", "GreedyAgent", "FlatMCAgent", "PolicyAgent", "ISMCTSAgent",
           "Candidate", "SearchResult", "GameRecord", "run_game"]
