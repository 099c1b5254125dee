#!/usr/bin/env python3
"""Fault drills (issue 18, "Load and faults"): real `desen serve` processes meeting real faults.

- import-killed: `kill -9` of desen while its import workers process files; after a restart
  every file ends processed (its lease runs out and another attempt takes it), the job is not
  stuck, and cancelling the job leaves the object store exactly as it was before the upload.
- redis-restart: Redis stopped while users are signed in: requests answer 503 `unavailable`
  (no crash, no 500); Redis started again (empty: it keeps nothing on disk), signing in works
  without restarting desen.
- postgres-restart: PostgreSQL stopped for 3 s and started again under a steady search load:
  every answer is 200 or a clean 503, and answers are 200 again within 5 s of PostgreSQL
  accepting connections.
- disk-full: the object store on a small tmpfs fills while renditions are written: the file fails
  with `storage_full`, nothing of its renditions is kept, and the other files still process.
- upload-dropped: a client that disconnects in the middle of an upload leaves nothing in scratch.

Each drill starts its own desen (and its own Redis or PostgreSQL where it breaks them), so the
machine's shared services are never disturbed. Needs root for the tmpfs of disk-full (skipped
with a note otherwise) and PostgreSQL's server binaries for postgres-restart. Ports 18140-18149.
Usage: fault-drills.py [drill ...] (default: all).
"""

import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import uuid

from drill_support import (
    ADMIN, PASSWORD, REDIS, admin_token, base_env, call, check, desen, free_work_dir, listening, log_tail,
    multipart, remove, seed_archive, serve, sign_in, started, stop, stop_all, tiff, token_of, valid, wait_until,
)

PORT = 18140
BASE = f"http://127.0.0.1:{PORT}"


class Desen:
    """One desen on its own data folder (SQLite unless `database_url`), started and stopped."""

    def __init__(self, work, **env):
        self.work = work
        self.log = os.path.join(work, "desen.log")
        self.env = base_env(work, DESEN_DATA_DIR=os.path.join(work, "data"),
                            DESEN_LISTEN=f"127.0.0.1:{PORT}", **env)
        self.process = None

    def prepare(self):
        desen(self.env, "migrate")
        desen(self.env, "create-user", "--email", ADMIN, "--admin", "--password", PASSWORD)
        desen(self.env, "create-user", "--email", "ayse@drill.test", "--password", PASSWORD,
              "--customer", "Acme")
        seed_archive(self.env, self.work)

    def start(self):
        self.process = serve(self.env, self.log)
        wait_until("desen listens", lambda: listening(PORT), 120)

    def kill(self):
        self.process.kill()
        self.process.wait()
        wait_until("the port is free", lambda: not listening(PORT), 10)

    def alive(self):
        return self.process.poll() is None

    def objects(self):
        root = os.path.join(self.env["DESEN_DATA_DIR"], "objects")
        return sorted(os.path.relpath(os.path.join(d, f), root)
                      for d, _, files in os.walk(root) for f in files)


def archive_id(admin):
    return call(BASE, "GET", "/service/admin/get/all-archives", token=admin)[2][0]["archiveId"]


def upload(admin, files, job_id=None):
    fields = [("archiveId", archive_id(admin)), ("isNewImport", "true")]
    if job_id:
        fields.append(("jobId", job_id))
    content_type, body = multipart(fields, files)
    status, _, job = call(BASE, "PUT", "/service/design/import", token=admin, body=body,
                          headers={"Content-Type": content_type})
    assert status == 200, (status, job)
    return job


def job_of(admin, job_id):
    return call(BASE, "GET", f"/service/design/import/{job_id}", token=admin)[2]


def drill_import_killed(work):
    # Sessions in Redis (a prefix of its own) outlive the killed process, as in production.
    server = Desen(work, DESEN_IMPORT__LEASE_SECONDS="2", REDIS_URL=REDIS,
                   DESEN_REDIS_PREFIX=f"desen-drill-{uuid.uuid4().hex[:8]}:")
    server.prepare()
    server.start()
    admin = admin_token(BASE)
    before = server.objects()
    job = upload(admin, [(f"big{n}_VR1.tif", tiff(2400, 2400, n)) for n in range(4)])
    job_id = job["jobId"]
    call(BASE, "POST", "/service/design/process", token=admin, form={"jobId": job_id})
    wait_until("a file is being processed",
               lambda: any(f.get("state") == "processing" for f in job_of(admin, job_id)["files"]), 60)
    server.kill()
    check("import-killed: desen killed (-9) while processing", not server.alive())
    server.start()
    wait_until("the job is processed after the restart",
               lambda: job_of(admin, job_id).get("state") == "processed", 240)
    files = job_of(admin, job_id)["files"]
    check("import-killed: every file ended processed after the restart",
          all(f["state"] == "processed" for f in files), f"{[(f['name'], f['state']) for f in files]}")
    status, _, _ = call(BASE, "POST", "/service/design/cancel", token=admin, form={"jobId": job_id})
    check("import-killed: the job is not stuck (cancelled)", status == 200)
    check("import-killed: the object store holds exactly what it held before the upload",
          server.objects() == before, f"{sorted(set(server.objects()) ^ set(before))[:5]}")


def drill_redis_restart(work):
    port = PORT + 1

    def start_redis():
        process = started(subprocess.Popen(["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_until("redis listens", lambda: listening(port), 20)
        return process

    redis = start_redis()
    server = Desen(work, REDIS_URL=f"redis://127.0.0.1:{port}")
    server.prepare()
    server.start()
    ayse = token_of(BASE, "ayse@drill.test")
    check("redis-restart: signed in with sessions in Redis", valid(BASE, ayse) is True)
    redis.terminate()
    redis.wait()
    status, headers, body = call(BASE, "POST", "/service/account/validate-token", token=ayse, form={})
    check("redis-restart: a signed-in request answers 503 unavailable while Redis is down",
          status == 503 and body and body.get("code") == "unavailable"
          and headers.get("Retry-After") == "5", f"{status} {body}")
    status, _, body = sign_in(BASE, "ayse@drill.test")
    check("redis-restart: signing in answers 503 unavailable too", status == 503, f"{status} {body}")
    check("redis-restart: desen keeps running", server.alive() and call(BASE, "GET", "/service/health")[0] == 200)
    start_redis()
    wait_until("signing in works again without restarting desen",
               lambda: sign_in(BASE, "ayse@drill.test")[0] == 200, 15)
    check("redis-restart: signing in works again without restarting desen", True)
    check("redis-restart: the old session is gone with Redis's memory", valid(BASE, ayse) is False)


def postgres_bin(name):
    for version in ("17", "16", "15"):
        path = f"/usr/lib/postgresql/{version}/bin/{name}"
        if os.path.exists(path):
            return path
    return None


def as_postgres(args):
    """PostgreSQL's server refuses to run as root: run it as the `postgres` user then."""
    return ["runuser", "-u", "postgres", "--", *args] if os.getuid() == 0 else args


def drill_postgres_restart(work):
    initdb, pg_ctl = postgres_bin("initdb"), postgres_bin("pg_ctl")
    if not initdb:
        raise SystemExit("FAIL postgres-restart: PostgreSQL's server binaries are not installed")
    port = PORT + 2
    cluster = os.path.join(work, "cluster")
    os.makedirs(cluster)
    if os.getuid() == 0:
        shutil.chown(work, "postgres")
        shutil.chown(cluster, "postgres")
    subprocess.run(as_postgres([initdb, "-D", cluster, "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
                   check=True, stdout=subprocess.DEVNULL)
    options = f"-p {port} -k {cluster} -c listen_addresses=127.0.0.1"
    pg_log = os.path.join(cluster, "server.log")

    def pg(action, *extra):
        subprocess.run(as_postgres([pg_ctl, "-D", cluster, "-o", options, "-l", pg_log, "-w", action, *extra]),
                       check=True, stdout=subprocess.DEVNULL)

    pg("start")
    server = Desen(work, DATABASE_URL=f"postgres://postgres@127.0.0.1:{port}/postgres")
    try:
        server.prepare()
        server.start()
        admin = admin_token(BASE)
        answers = []
        running = threading.Event()
        running.set()

        def load():
            while running.is_set():
                started = time.time()
                status, _, body = call(BASE, "POST", "/service/search/design/basic/0/25", token=admin,
                                       form={"number": str(time.time_ns())})  # never cached
                answers.append((started, status, (body or {}).get("code")))
                time.sleep(0.05)

        threads = [threading.Thread(target=load) for _ in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(2)
        pg("stop", "-m", "fast")  # every connection is cut, and nothing answers for 3 s
        time.sleep(3)
        pg("start")
        back = time.time()
        time.sleep(8)
        running.clear()
        for thread in threads:
            thread.join()
        statuses = sorted({status for _, status, _ in answers})
        counts = {status: sum(1 for _, s, _ in answers if s == status) for status in statuses}
        print(f"     answers during the drill: {counts}")
        check("postgres-restart: every answer under load was 200 or a clean 503",
              set(statuses) <= {200, 503} and all(code in (None, "unavailable") for _, _, code in answers),
              f"{statuses}")
        failed_after = [t for t, status, _ in answers if status != 200 and t > back]
        recovered = (max(failed_after) - back) if failed_after else 0.0
        check(f"postgres-restart: answers were 200 again {recovered:.1f} s after PostgreSQL was back (<= 5 s)",
              recovered <= 5.0 and any(status == 200 and t > back + 5 for t, status, _ in answers))
        check("postgres-restart: desen keeps running", server.alive())
    finally:
        stop([server.process] if server.process else [])
        subprocess.run(as_postgres([pg_ctl, "-D", cluster, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def drill_disk_full(work):
    if os.getuid() != 0:
        print("skip disk-full: mounting a small tmpfs needs root")
        return
    server = Desen(work)
    server.prepare()
    objects = os.path.join(server.env["DESEN_DATA_DIR"], "objects")
    held = os.path.join(work, "held")
    shutil.copytree(objects, held)
    shutil.rmtree(objects)
    os.makedirs(objects)
    # Room for the seed and the uploaded originals, not for every rendition of the big files.
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=40m", "tmpfs", objects], check=True)
    try:
        shutil.copytree(held, objects, dirs_exist_ok=True)
        server.start()
        admin = admin_token(BASE)
        small = [(f"small{n}_VR1.tif", tiff(300, 300, 500 + n)) for n in range(2)]
        big = [(f"huge{n}_VR1.tif", tiff(2400, 2400, 600 + n)) for n in range(2)]
        job = upload(admin, small + big)
        job_id = job["jobId"]
        call(BASE, "POST", "/service/design/process", token=admin, form={"jobId": job_id})
        wait_until("the job settles", lambda: job_of(admin, job_id).get("state") in ("processed", "failed"), 240)
        files = {f["name"]: f for f in job_of(admin, job_id)["files"]}
        full = [name for name, f in files.items() if f.get("errorCode") == "storage_full"]
        check("disk-full: a file whose renditions did not fit failed with storage_full",
              full, f"{[(n, f['state'], f.get('errorCode')) for n, f in files.items()]}")
        check("disk-full: the small files still processed",
              all(files[name]["state"] == "processed" for name, _ in small))
        renditions = os.path.join(objects, "renditions")
        kept = os.listdir(renditions) if os.path.isdir(renditions) else []
        ids = {f["fileId"] for f in files.values() if f.get("errorCode") == "storage_full"}
        check("disk-full: nothing of a failed file's renditions is kept",
              not any(any(i in entry for i in ids) for entry in kept), f"{kept}")
        check("disk-full: desen keeps running", server.alive() and call(BASE, "GET", "/service/health")[0] == 200)
    finally:
        if server.process:
            stop([server.process])
        subprocess.run(["umount", objects], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def drill_upload_dropped(work):
    server = Desen(work)
    server.prepare()
    server.start()
    admin = admin_token(BASE)
    scratch = os.path.join(server.env["DESEN_DATA_DIR"], "scratch")
    content_type, body = multipart([("archiveId", archive_id(admin)), ("isNewImport", "true")],
                                   [("dropped_VR1.tif", tiff(2000, 2000, 7))])
    head = (f"PUT /service/design/import HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nAccess-Token: {admin}\r\n"
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n").encode()
    with socket.create_connection(("127.0.0.1", PORT)) as connection:
        connection.sendall(head + body[: len(body) // 2])
        time.sleep(1)
        in_flight = [f for _, _, fs in os.walk(scratch) for f in fs]
    check("upload-dropped: the upload was being received into scratch", in_flight, f"{in_flight}")
    wait_until("scratch is empty after the client went away",
               lambda: not [f for _, _, fs in os.walk(scratch) for f in fs], 15)
    check("upload-dropped: nothing is left in scratch", True)
    jobs = call(BASE, "GET", "/service/design/import", token=admin)[2]
    check("upload-dropped: no job holds the dropped file",
          not any(f["name"] == "dropped_VR1.tif" for j in jobs for f in j.get("files", [])), f"{jobs}")
    check("upload-dropped: desen keeps running", server.alive())


DRILLS = {
    "import-killed": drill_import_killed,
    "redis-restart": drill_redis_restart,
    "postgres-restart": drill_postgres_restart,
    "disk-full": drill_disk_full,
    "upload-dropped": drill_upload_dropped,
}


def main():
    chosen = sys.argv[1:] or list(DRILLS)
    for name in chosen:
        work = free_work_dir(f"desen-drill-{name}-")
        print(f"==> {name}")
        try:
            DRILLS[name](work)
        except SystemExit:
            log = os.path.join(work, "desen.log")
            if os.path.exists(log):
                print(f"--- desen.log (end)\n{log_tail(log)}", file=sys.stderr)
            raise
        finally:
            stop_all()
            remove(work)
    print(f"fault drills: {len(chosen)} passed")


if __name__ == "__main__":
    main()
