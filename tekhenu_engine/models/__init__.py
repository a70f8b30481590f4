"""Data files of the learned parts (eval_v1.npz: the search's evaluation, written by ``tekhenu train``)."""
