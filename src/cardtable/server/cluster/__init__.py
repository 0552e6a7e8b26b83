"""Scale-out of the web table: many ``cardtable serve`` instances on one PostgreSQL database.

Opt-in: a server started with an instance id (``--instance-id``) and a PostgreSQL ``--db`` becomes
one instance of a cluster; without it nothing here is used. The parts:

* ``leases.py``: who owns which live table (a lease row per table, fenced writes);
* ``bus.py``: the instance's liveness lock and the LISTEN/NOTIFY events between instances;
* ``manager.py``: the table manager that keeps live only the tables it leases;
* ``launch.py``: a whole cluster on one machine (PostgreSQL, N instances, HAProxy) for
  ``scripts/serve-cluster``, the tests and the benchmarks; ``haproxy.cfg.in`` is the proxy's template.

docs/web.md, "Scaling", describes the deployment and its figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .manager import ClusterSettings

if TYPE_CHECKING:
    from ..botrun import BotRunner
    from ..settings import ServerSettings
    from .manager import ClusterTableManager
    from .leases import FencedStore


def build(db_url: str, cluster: ClusterSettings, bots: "BotRunner",
          settings: "ServerSettings") -> "tuple[FencedStore, ClusterTableManager]":
    """The store and table manager of one cluster instance."""
    from .leases import FencedStore
    from .manager import ClusterTableManager

    store = FencedStore(db_url, cluster.instance_id, cluster.lease_ttl)
    return store, ClusterTableManager(store, bots, settings, cluster, db_url)


__all__ = ["ClusterSettings", "build"]
