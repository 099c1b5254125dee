#!/usr/bin/env python3
"""Soak (issue 18, `just soak`): N signed-in customers at once against a release `desen` with the
demo archive, each searching, paging, opening designs, fetching thumbnails and deep-zoom tiles
and keeping a favorite list, for a given time. Prints throughput, p50/p99 per kind of request,
errors (target 0) and the process's memory after warm-up and at the end (target: growth under
10 %).

Usage: soak.py [--clients 200] [--minutes 10] [--backend sqlite|postgres]
PostgreSQL runs use a fresh database and Redis (a key prefix of their own). Port 18150.
"""

import argparse
import os
import random
import statistics
import subprocess
import threading
import time
import uuid

from drill_support import (
    ADMIN, PASSWORD, PG, REDIS, admin_token, base_env, call, desen, free_work_dir, listening,
    remove, serve, stop_all, wait_until,
)

PORT = 18150
BASE = f"http://127.0.0.1:{PORT}"
CUSTOMER = "Soak Textiles"


def status_of(pid, field):
    """A number of /proc/PID/status: `VmRSS` (KiB), `Threads`."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def rss_kib(pid):
    return status_of(pid, "VmRSS")


class Customer(threading.Thread):
    """One signed-in customer doing what customers do, until `deadline`."""

    def __init__(self, email, deadline, record):
        super().__init__(daemon=True)
        self.email, self.deadline, self.record = email, deadline, record
        self.rng = random.Random(email)

    token = None

    def timed(self, kind, method, path, **kwargs):
        started = time.perf_counter()
        status, _, body = call(BASE, method, path, token=self.token, **kwargs)
        self.record(kind, time.perf_counter() - started, status)
        return status, body

    def sign_in(self):
        """Signs in, as the web app does: again after `Retry-After` when the server is busy."""
        while time.time() < self.deadline:
            self.token = None
            status, body = self.timed("sign-in", "POST", "/service/account/login_collection",
                                      form={"mailAddress": self.email, "password": PASSWORD})
            if status == 200:
                self.token = body["accessToken"]
                return True
            time.sleep(float((body or {}).get("retryAfter") or 1))
        return False

    def run(self):
        if not self.sign_in():
            return
        _, lst = self.timed("favorites", "PUT", "/service/favorites/create", form={"name": f"Soak {self.rng.randrange(10**9)}"})
        list_id = (lst or {}).get("id") or (lst or {}).get("listId")
        cards = []
        held = set()
        while time.time() < self.deadline:
            roll = self.rng.random()
            if roll < 0.35 or not cards:
                page = self.rng.choice((0, 0, 0, 1, 2, 3))
                form = {} if self.rng.random() < 0.7 else {"number": str(self.rng.randrange(10))}
                status, body = self.timed("search", "POST", f"/service/search/design/basic/{page}/25", form=form)
                if status == 200 and body and body.get("results"):
                    cards = body["results"]
            elif roll < 0.55:
                card = self.rng.choice(cards)
                self.timed("design", "POST", "/service/design/header",
                           form={"designGuid": card["designGuid"], "colorwayGuid": card.get("activeVariantGuid") or ""})
            elif roll < 0.75:
                card = self.rng.choice(cards)
                if card.get("thumbnail"):
                    self.timed("thumbnail", "GET", card["thumbnail"])
            elif roll < 0.88:
                card = self.rng.choice(cards)
                status, header = self.timed("design", "POST", "/service/design/header",
                                            form={"designGuid": card["designGuid"]})
                colorways = (header or {}).get("colorways") or []
                tiles = colorways[0].get("images", {}).get("tiles") if colorways else None
                if tiles:
                    level = self.rng.choice((7, 8))
                    self.timed("tile", "GET", tiles.replace("image.dzi", f"image_files/{level}/0_0.jpg"))
            elif list_id:
                card = self.rng.choice(cards)
                key = (card["designGuid"], card.get("activeVariantGuid"))
                form = {"listid": list_id, "designGuid": key[0], "colorwayGuid": key[1] or ""}
                if key in held:
                    self.timed("favorites", "POST", "/service/favorites/remove", form=form)
                    held.discard(key)
                else:
                    status, _ = self.timed("favorites", "PUT", "/service/favorites/add", form=form)
                    if status == 200:
                        held.add(key)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args()

    work = free_work_dir("desen-soak-")
    database = f"desen_soak_{uuid.uuid4().hex[:12]}"
    extra = {
        "DESEN_DATA_DIR": os.path.join(work, "data"),
        "DESEN_LISTEN": f"127.0.0.1:{PORT}",
        "DESEN_WORKERS": "0",
        "DESEN_LOG": "warn",
        # Every simulated customer signs in from 127.0.0.1.
        "DESEN_ACCOUNTS__RATE_LIMITS__LOGIN_PER_IP__MAX": "100000",
    }
    if args.backend == "postgres":
        subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {database}"], check=True)
        extra.update(DATABASE_URL=f"{PG}/{database}", REDIS_URL=REDIS,
                     DESEN_REDIS_PREFIX=f"desen-soak-{uuid.uuid4().hex[:8]}:")
    env = base_env(work, **extra)
    try:
        print(f"==> soak: {args.clients} customers for {args.minutes:g} min on {args.backend}"
              + (" + Redis" if args.backend == "postgres" else ""))
        desen(env, "migrate")
        desen(env, "create-user", "--email", ADMIN, "--admin", "--password", PASSWORD)
        desen(env, "create-user", "--email", "first@soak.test", "--password", PASSWORD, "--customer", CUSTOMER)
        desen(env, "demo")
        process = serve(env, os.path.join(work, "desen.log"))
        wait_until("desen listens", lambda: listening(PORT), 120)
        admin = admin_token(BASE)
        customer = call(BASE, "POST", "/service/admin/customers/get-all", token=admin,
                        form={"query": CUSTOMER})[2]["items"][0]["customerGuid"]
        emails = [f"customer{n:03d}@soak.test" for n in range(args.clients)]
        for email in emails:
            status, _, body = call(BASE, "POST", "/service/admin/users/create", token=admin, form={
                "customer": customer, "name": email.split("@")[0], "mail": email, "language": "en",
                "loginCondition": "unlimited", "passwordMode": "set", "password1": PASSWORD,
                "password2": PASSWORD, "shopAccess": "false", "archiveAccess": "true"})
            assert status == 200, (status, body)

        # Idle, before any customer: what the process holds with the archive loaded.
        rss_idle = rss_kib(process.pid)
        records = []
        lock = threading.Lock()

        def record(kind, seconds, status):
            with lock:
                records.append((time.time(), kind, seconds, status))

        started = time.time()
        duration = args.minutes * 60
        deadline = started + duration
        warm_up = started + min(60, duration * 0.2)
        threads = [Customer(email, deadline, record) for email in emails]
        for thread in threads:
            thread.start()
        while time.time() < warm_up:
            time.sleep(0.5)
        rss_start = rss_kib(process.pid)
        threads_busy = status_of(process.pid, "Threads")
        for thread in threads:
            thread.join(timeout=max(1, deadline - time.time() + 120))
        rss_end = rss_kib(process.pid)
        alive = process.poll() is None

        measured = [r for r in records if r[0] >= warm_up]
        span = max(1e-9, max((r[0] for r in measured), default=warm_up) - warm_up)
        print(f"{'kind':<10} {'requests':>9} {'per s':>7} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
        # Throughput and latency after the warm-up; errors over the whole run (sign-ins included).
        kinds = sorted({r[1] for r in records})
        errors_total = 0
        for kind in kinds + ["all"]:
            rows = [r for r in measured if kind in ("all", r[1])]
            latencies = sorted(r[2] * 1000 for r in rows)
            errors = sum(1 for r in records if kind in ("all", r[1]) and (r[3] >= 500 or r[3] == 0))
            if kind == "all":
                errors_total = errors
            p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0
            print(f"{kind:<10} {len(rows):>9} {len(rows) / span:>7.1f} "
                  f"{statistics.median(latencies) if latencies else 0:>8.1f} {p99:>8.1f} {errors:>7}")
        refused = sorted({r[3] for r in measured if 400 <= r[3] < 500})
        growth = (rss_end - rss_start) / rss_start * 100 if rss_start else 0
        print(f"answers 4xx seen: {refused or 'none'} (a colorway already in a list, and so on)")
        print(f"memory idle {rss_idle / 1024:.0f} MiB; after warm-up {rss_start / 1024:.0f} MiB "
              f"({threads_busy} threads), at the end {rss_end / 1024:.0f} MiB: "
              f"{growth:+.1f} % (target < 10 %)")
        print(f"errors: {errors_total} (target 0); desen {'still running' if alive else 'DIED'}")
        if errors_total or not alive:
            raise SystemExit(1)
    finally:
        stop_all()
        if args.backend == "postgres":
            subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {database} WITH (FORCE)"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        remove(work)


if __name__ == "__main__":
    main()
