"""``GET /api/health``: whether this server can take tables, for a load balancer's health check.

Why its own route: the proxy in front of a cluster (docs/web.md, "Scaling") polls it every half
second, so it must be cheap (no database query) and must say "no" when the instance lost its
connection to the cluster (its tables may already be moving), not only when the process is gone.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse


def install_health(app: FastAPI, manager: Any) -> None:
    @app.get("/api/health", include_in_schema=False)
    async def health() -> Any:
        healthy = bool(getattr(manager, "healthy", True))
        body = {"ok": healthy, "instance": getattr(manager, "me", None), "tables": len(manager.tables)}
        return JSONResponse(body, status_code=200 if healthy else 503)


__all__ = ["install_health"]
