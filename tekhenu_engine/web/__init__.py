"""The page to play against the engine (``tekhenu serve``): :func:`create_app`, :func:`serve`."""
from .server import create_app, serve

__all__ = ["create_app", "serve"]
