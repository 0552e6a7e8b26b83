"""A whole cardtable cluster on one machine: PostgreSQL, N server instances and HAProxy in front.

Why in the package: ``scripts/serve-cluster``, the failover test and the benchmarks all need the same
set-up, started the same way and stopped cleanly. Everything lives in one work directory (a private
PostgreSQL data directory, the proxy's config, each process's log), on free loopback ports.

``python -m cardtable.server.cluster.launch 3`` starts three instances, prints the one URL to open
and stops everything on Ctrl-C.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import TracebackType

TEMPLATE = Path(__file__).with_name("haproxy.cfg.in")
HOST = "127.0.0.1"


class LaunchError(Exception):
    """Part of the cluster could not be started; the message says which and where its log is."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def pg_bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise LaunchError("PostgreSQL is not installed (scripts/ci-system-deps installs Debian's postgresql)")
    return Path(found[-1]).parent


def haproxy_config(bind: str, servers: list[tuple[str, int]], check_ms: int = 500, maxconn: int | None = None) -> str:
    """The proxy's config for ``servers`` (name, port on 127.0.0.1), from ``haproxy.cfg.in``."""
    lines = "\n".join(f"    server {name} {HOST}:{port} check" for name, port in servers)
    if maxconn is None:  # each proxied connection holds two descriptors: stay within this process's limit
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        maxconn = max(256, min(20000, (soft if soft > 0 else 1024) // 2 - 100))
    return TEMPLATE.read_text().format(bind=bind, servers=lines, check_ms=check_ms, maxconn=maxconn)


class LocalCluster:
    """PostgreSQL + ``n`` instances (``node0``...) + HAProxy; use as a context manager or call ``stop``."""

    def __init__(self, n: int, workdir: str | Path | None = None, port: int | None = None,
                 env: dict[str, str] | None = None, lease_ttl: float = 5.0, fsync: bool = True,
                 python: str = sys.executable, log_level: str = "warning") -> None:
        if n < 1:
            raise LaunchError("a cluster needs at least one instance")
        self.n = n
        self.own_dir = workdir is None
        self.dir = Path(workdir) if workdir is not None else Path(tempfile.mkdtemp(prefix="cardtable-cluster-"))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.env = {**os.environ, **(env or {})}
        # the instances import this very cardtable (a work tree's, under PYTHONPATH=src, not the installed one)
        here = str(Path(__file__).resolve().parents[3])
        self.env["PYTHONPATH"] = os.pathsep.join([here, *filter(None, [self.env.get("PYTHONPATH")])])
        self.lease_ttl = lease_ttl
        self.fsync = fsync
        self.python = python
        self.log_level = log_level
        self.cwd = os.getcwd()  # as for scripts/serve: the balance reports (/reports/) are read from ./reports
        self.pg_port = free_port()
        self.ports = [free_port() for _ in range(n)]
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * n
        self.proxy: subprocess.Popen[bytes] | None = None
        self._pg_started = False
        self._as_user: list[str] = []

    # --- URLs -------------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The one address to open: the proxy."""
        return f"http://{HOST}:{self.port}"

    @property
    def db_url(self) -> str:
        return f"postgresql+psycopg://postgres@{HOST}:{self.pg_port}/cardtable"

    def instance_url(self, i: int) -> str:
        return f"http://{HOST}:{self.ports[i]}"

    # --- start ------------------------------------------------------------------------------------
    def start(self) -> "LocalCluster":
        try:
            self.start_postgres()
            for i in range(self.n):
                self.start_instance(i)
            for i in range(self.n):
                self.wait_instance(i)
            self.start_proxy()
        except BaseException:
            self.stop()
            raise
        return self

    def start_postgres(self) -> None:
        bindir = pg_bindir()
        data, logfile = self.dir / "pgdata", self.dir / "postgresql.log"
        if os.geteuid() == 0:  # initdb refuses root: run PostgreSQL as Debian's postgres user
            shutil.chown(self.dir, "postgres", "postgres")
            self._as_user = ["runuser", "-u", "postgres", "--"]
            if subprocess.run([*self._as_user, "test", "-w", str(self.dir)], capture_output=True).returncode != 0:
                raise LaunchError(f"PostgreSQL runs as the postgres user, who cannot reach {self.dir} (a parent "
                                  f"directory is private); pick a work directory it can reach (--dir)")
        if not (data / "PG_VERSION").exists():
            self._run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
                      "--no-sync")
        options = (f"-c listen_addresses={HOST} -p {self.pg_port} -c unix_socket_directories='' "
                   f"-c max_connections=300" + ("" if self.fsync else " -c fsync=off -c synchronous_commit=off"))
        self._run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(logfile), "-o", options, "-w", "-t", "60", "start")
        self._pg_started = True
        import psycopg

        with psycopg.connect(f"postgresql://postgres@{HOST}:{self.pg_port}/postgres", autocommit=True) as conn:
            if conn.execute("SELECT 1 FROM pg_database WHERE datname = 'cardtable'").fetchone() is None:
                conn.execute('CREATE DATABASE "cardtable"')

    def _run(self, *cmd: str) -> None:
        done = subprocess.run([*self._as_user, *cmd], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise LaunchError(f"{' '.join(cmd)} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start_instance(self, i: int) -> None:
        """Start instance ``i`` (again, after a kill: same id and port)."""
        log = open(self.dir / f"node{i}.log", "ab")  # noqa: SIM115 - the child keeps it
        self.procs[i] = subprocess.Popen(
            [self.python, "-m", "cardtable.server", "--host", HOST, "--port", str(self.ports[i]), "--db", self.db_url,
             "--instance-id", f"node{i}", "--lease-ttl", str(self.lease_ttl), "--log-level", self.log_level],
            stdout=log, stderr=subprocess.STDOUT, env=self.env, cwd=self.cwd, start_new_session=True)
        log.close()

    def wait_instance(self, i: int, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            proc = self.procs[i]
            if proc is None or proc.poll() is not None:
                raise LaunchError(f"instance node{i} exited:\n{_tail(self.dir / f'node{i}.log')}")
            if _healthy(f"{self.instance_url(i)}/api/health"):
                return
            time.sleep(0.1)
        raise LaunchError(f"instance node{i} did not become healthy in {timeout:g} s; see {self.dir / f'node{i}.log'}")

    def start_proxy(self, timeout: float = 30.0) -> None:
        if shutil.which("haproxy") is None:
            raise LaunchError("HAProxy is not installed (scripts/ci-system-deps installs Debian's haproxy)")
        cfg = self.dir / "haproxy.cfg"
        cfg.write_text(haproxy_config(f"{HOST}:{self.port}", [(f"node{i}", p) for i, p in enumerate(self.ports)]))
        log = open(self.dir / "haproxy.log", "ab")  # noqa: SIM115
        self.proxy = subprocess.Popen(["haproxy", "-db", "-f", str(cfg)], stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proxy.poll() is not None:
                raise LaunchError(f"HAProxy exited:\n{_tail(self.dir / 'haproxy.log')}")
            if _healthy(f"{self.url}/api/health"):
                return
            time.sleep(0.1)
        raise LaunchError(f"HAProxy did not answer in {timeout:g} s; see {self.dir / 'haproxy.log'}")

    # --- faults -----------------------------------------------------------------------------------
    def kill(self, i: int) -> None:
        """SIGKILL instance ``i`` (and its bot workers): a crash, no goodbye to anyone."""
        proc = self.procs[i]
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs if p is not None and p.poll() is None]

    # --- stop -------------------------------------------------------------------------------------
    def stop(self) -> None:
        procs = [p for p in [self.proxy, *self.procs] if p is not None and p.poll() is None]
        for proc in procs:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        if self._pg_started:
            subprocess.run([*self._as_user, str(pg_bindir() / "pg_ctl"), "-D", str(self.dir / "pgdata"), "-m", "fast",
                            "-w", "stop"], capture_output=True, timeout=60)
            self._pg_started = False
        if self.own_dir:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "LocalCluster":
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as resp:
            return bool(resp.status == 200)
    except (OSError, ValueError):
        return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/serve-cluster",
                                     description="Run PostgreSQL, N cardtable instances and HAProxy on this machine.")
    parser.add_argument("n", type=int, nargs="?", default=2, help="number of instances (default 2)")
    parser.add_argument("--port", type=int, default=8000, help="the proxy's port, the one URL to open (default 8000)")
    parser.add_argument("--dir", default=".cluster", help="work directory: PostgreSQL data, logs (default .cluster; "
                                                          "kept, so tables survive a restart)")
    parser.add_argument("--lease-ttl", type=float, default=5.0, help="seconds a hung instance keeps its tables "
                                                                     "(a dead one's move at once; default 5)")
    args = parser.parse_args(argv)
    cluster = LocalCluster(args.n, Path(args.dir).resolve(), args.port, lease_ttl=args.lease_ttl)
    stop = False

    def interrupted(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)  # also when started in the background, where SIGINT is ignored
    try:
        cluster.start()
        print(f"cardtable cluster: {args.n} instance(s) on ports {', '.join(map(str, cluster.ports))}, PostgreSQL on "
              f"{cluster.pg_port}, logs in {cluster.dir}", flush=True)
        print(f"cardtable table: {cluster.url}/", flush=True)
        while not stop:
            time.sleep(0.5)
            for i, proc in enumerate(cluster.procs):
                if proc is not None and proc.poll() is not None:
                    print(f"instance node{i} exited ({proc.returncode}); restarting it", flush=True)
                    cluster.start_instance(i)
    except KeyboardInterrupt:
        pass
    except LaunchError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    finally:
        print("stopping the cluster ...", file=sys.stderr, flush=True)
        cluster.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
