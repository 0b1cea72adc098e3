"""Pairing a round on the task worker: the job service (service.py) and the task it queues (tasks.py)."""
