"""Run simulation batches on a Ray cluster: the local machine's cores, or many machines.

Why Ray: a process pool stops at one machine; balance studies and training data want thousands of
games per second. The batches are the same ``play_batch`` calls the process pool makes, and every
game's seed still comes from its index, so a Ray run returns exactly the results of a local one.

Ray is optional (``pip install 'cardtable[ray]'``). ``run_batches`` joins the cluster at ``address``
(``"auto"``, ``"ray://host:10001"``) or, without one, starts a private local instance with ``jobs``
CPUs and shuts it down afterwards; a Ray the caller already started is used as it is and left running.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from ..core import SetupError

if TYPE_CHECKING:
    from .runner import Run

Batch = list[int]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SetupError("the Ray backend needs Ray: pip install 'cardtable[ray]'") from None
    return ray


def run_batches(run: "Run", batches: list[Batch], jobs: int, address: str | None = None) -> Iterator[list[Any]]:
    """Yield ``play_batch(run, batch)`` for every batch, in the order the batches finish."""
    from .runner import play_batch

    ray = _ray()
    started_here = not ray.is_initialized()
    if started_here:
        settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                    "configure_logging": False}
        if address is None:
            settings["num_cpus"] = jobs
        ray.init(address=address, **settings)
    try:
        remote = ray.remote(num_cpus=1)(play_batch)
        shared = ray.put(run)  # shipped to the object store once, not with every batch
        pending = [remote.remote(shared, batch) for batch in batches]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            yield ray.get(finished[0])
    finally:
        if started_here:
            ray.shutdown()


__all__ = ["run_batches"]
