"""Helpers the test modules of this folder share (no test module imports another)."""
