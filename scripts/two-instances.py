#!/usr/bin/env python3
"""Two `desen serve` processes on one PostgreSQL, one Redis and one S3-compatible object store
(a moto server), behind HAProxy (issue 18, "Two instances"). Each check is a real request to a real
process:

- a session made through one instance works on the other, and through the proxy;
- the sign-in rate limit holds across both;
- an import started on one is worked by the import workers of both, its files and renditions in
  the bucket (nothing in either instance's data folder);
- the thumbnails, preview, deep-zoom tiles and CAD files (the production file, a download-all zip
  built by either instance) are served by both, byte for byte the same;
- a design edited on one is found at once by a search on the other (its search cache follows the
  catalog revision);
- a suspended user is refused by both;
- uploads sent to the other instance (the general settings' `uploadBase`, with that instance's
  `DESEN_ALLOWED_ORIGINS` naming the app) arrive in the job the app reads.

Needs: DESEN_BIN (a built `desen`), PostgreSQL on 127.0.0.1:5432 (user postgres, trust), Redis
on 127.0.0.1:6379, haproxy, moto (target/moto-venv, from scripts/setup.sh). Ports 18130-18132, and
the first free of 18133-18139 for the S3 server. Prints one line per check; exits non-zero on the
first failure. Python's standard library only.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import uuid

from drill_support import (
    PG, REDIS, admin_token, base_env, call, check, desen, fetch, free_work_dir, listening, log_tail,
    multipart, remove, s3_keys, seed_archive, serve, sign_in, start_s3, started, stop_all, tiff, token_of,
    valid, wait_until,
)

ADMIN = "admin@two.test"
PASSWORD = "Passw0rd!"
PROXY_PORT, A_PORT, B_PORT = 18130, 18131, 18132
A = f"http://127.0.0.1:{A_PORT}"
B = f"http://127.0.0.1:{B_PORT}"
PROXY = f"http://127.0.0.1:{PROXY_PORT}"


def main():
    if not shutil.which("haproxy"):
        raise SystemExit("FAIL haproxy is not installed (scripts/setup.sh installs it)")
    work = free_work_dir("desen-two-")
    database = f"desen_two_{uuid.uuid4().hex[:12]}"
    url = f"{PG}/{database}"
    subprocess.run(["psql", PG + "/postgres", "-qc", f"CREATE DATABASE {database}"], check=True)
    logs = {}
    try:
        # The one object store both instances write to: a bucket on an S3-compatible server.
        s3_port = next((p for p in range(18133, 18140) if not listening(p)), None)
        if s3_port is None:
            raise SystemExit("FAIL ports 18133-18139 are all taken: no port for the S3 server")
        logs["s3"] = os.path.join(work, "s3.log")
        bucket = start_s3(s3_port, "desen-two", logs["s3"])
        common = base_env(work, DATABASE_URL=url, REDIS_URL=REDIS,
                          DESEN_REDIS_PREFIX=f"desen-two-{uuid.uuid4().hex[:8]}:",
                          DESEN_CAD__DOWNLOAD_ALL="true", **bucket)
        envs = {}
        for name, port in (("a", A_PORT), ("b", B_PORT)):
            data = os.path.join(work, name)
            os.makedirs(data)
            envs[name] = {**common, "DESEN_DATA_DIR": data, "DESEN_LISTEN": f"127.0.0.1:{port}"}
        # B is the upload instance next to the file server: A's web app may call it.
        envs["b"]["DESEN_ALLOWED_ORIGINS"] = A

        env = envs["a"]
        desen(env, "migrate")
        desen(env, "create-user", "--email", ADMIN, "--admin", "--password", PASSWORD)
        for email in ("ayse@two.test", "limit@two.test"):
            desen(env, "create-user", "--email", email, "--password", PASSWORD, "--customer", "Acme")
        desen(env, "create-label", "--tr", "Çiçek", "--en", "Flower", "--ru", "Цветок")
        seed_archive(env, work)

        for name in ("a", "b"):
            logs[name] = os.path.join(work, f"{name}.log")
            serve(envs[name], logs[name])
        config = os.path.join(work, "haproxy.cfg")
        with open(config, "w") as f:
            f.write(f"""global
    maxconn 256
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
frontend archive
    bind 127.0.0.1:{PROXY_PORT}
    default_backend desen
backend desen
    balance roundrobin
    server a 127.0.0.1:{A_PORT} check
    server b 127.0.0.1:{B_PORT} check
""")
        started(subprocess.Popen(["haproxy", "-db", "-f", config],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_until("both instances and the proxy listen",
                   lambda: all(listening(p) for p in (A_PORT, B_PORT, PROXY_PORT)), 120)
        wait_until("the proxy reaches both",
                   lambda: call(PROXY, "GET", "/service/health")[0] == 200, 30)

        # Sessions: made on one, used on the other and through the proxy.
        ayse = token_of(A, "ayse@two.test")
        check("a session made on A is valid on B", valid(B, ayse) is True)
        check("and through the proxy, whichever instance answers",
              all(valid(PROXY, ayse) is True for _ in range(4)))
        admin = admin_token(PROXY, ADMIN)
        check("an admin's second factor passed through the proxy holds on A and B",
              all(call(base, "GET", "/service/admin/get/all-archives", token=admin)[0] == 200 for base in (A, B)))

        # The sign-in rate limit counts on both instances together.
        answers = [sign_in(A if n % 2 == 0 else B, "limit@two.test", "wrong-password") for n in range(12)]
        limited = [n for n, (status, _, _) in enumerate(answers) if status == 429]
        check("wrong passwords alternating between A and B meet one limit",
              limited and limited[0] >= 1 and all(n in limited for n in range(limited[0], 12)),
              f"{[a[0] for a in answers]}")
        check("the right password is then refused on either instance too",
              sign_in(A, "limit@two.test")[0] == 429 and sign_in(B, "limit@two.test")[0] == 429)

        # An import started on A is worked by the workers of both.
        _, _, archives = call(A, "GET", "/service/admin/get/all-archives", token=admin)
        archive = archives[0]["archiveId"]
        files = [(f"stripe{n:02d}_VR1.tif", tiff(1400, 1400, n)) for n in range(10)]
        content_type, body = multipart([("archiveId", archive), ("isNewImport", "true")], files)
        status, _, job = call(A, "PUT", "/service/design/import", token=admin, body=body,
                              headers={"Content-Type": content_type})
        check("ten files uploaded to A", status == 200 and len(job.get("files", [])) == 10, f"{status} {job}")
        job_id = job["jobId"]
        status, _, _ = call(A, "POST", "/service/design/process", token=admin, form={"jobId": job_id})
        check("processing started on A", status == 200)
        wait_until("the job is processed",
                   lambda: call(B, "GET", f"/service/design/import/{job_id}", token=admin)[2].get("state") == "processed",
                   300)
        worked = {name: open(logs[name]).read().count("import file processed") for name in ("a", "b")}
        check("the workers of both instances processed files of the job",
              worked["a"] > 0 and worked["b"] > 0 and worked["a"] + worked["b"] == 10, f"{worked}")
        for step in ("merge-internal", "rename-numerator-main", "rename-numerator-internal", "add-to-archive",
                     "complete-transfer"):
            status, _, body = call(B if step == "add-to-archive" else A, "POST", f"/service/design/{step}",
                                   token=admin, form={"jobId": job_id})
            assert status == 200, (step, status, body)
        check("the job was finished across both instances", True)
        check_files_in_the_bucket(bucket, work, admin)

        # A design edited on A is found at once by a search on B.
        search = lambda base, form: call(base, "POST", "/service/search/design/basic/0/25", token=admin, form=form)[2]  # noqa: E731
        designs = search(B, {})
        check("B's search shows the imported designs", designs["totalCount"] == 11, f"{designs.get('totalCount')}")
        _, _, labels = call(A, "GET", "/service/admin/get/all-labels", token=admin)
        label = labels[0]["id"]
        check("no design carries the label yet (B's cache now holds that answer)",
              search(B, {"labels": label})["totalCount"] == 0)
        design = designs["results"][0]["designGuid"]
        status, _, _ = call(A, "PUT", f"/service/design/header/{design}", token=admin, form={"labelIDs": str(label)})
        check("the design is labelled on A", status == 200)
        found = search(B, {"labels": label})
        check("B's search finds it at once", found["totalCount"] == 1, f"{found.get('totalCount')}")

        # A suspended user is refused by both.
        ayse_b = token_of(B, "ayse@two.test")
        _, _, users = call(A, "POST", "/service/admin/users/get-all", token=admin, form={"query": "ayse"})
        guid = users["items"][0]["userGuid"]
        status, _, _ = call(A, "POST", "/service/admin/users/change-account-state", token=admin,
                            form={"userGuid": guid, "state": "stopped"})
        check("ayse suspended on A", status == 200)
        check("her sessions are refused by both instances",
              not any(valid(base, token) for base in (A, B) for token in (ayse, ayse_b)))
        check("and she cannot sign in on either",
              all(sign_in(base, "ayse@two.test")[2].get("responseCode") != 0 for base in (A, B)))

        # Uploads go to B (the upload base) from A's web app.
        settings = call(A, "GET", "/service/admin/settings/general", token=admin)[2]
        settings["uploadBase"] = B
        status, _, saved = call(A, "PUT", "/service/admin/settings/general", token=admin,
                                body=json.dumps(settings).encode(), headers={"Content-Type": "application/json"})
        check("the upload base is set on A", status == 200 and saved["uploadBase"] == B, f"{status} {saved}")
        check("and read by the web app from either instance",
              all(call(base, "GET", "/service/get/configuration")[2]["uploadBase"] == B for base in (A, B)))
        status, headers, _ = call(B, "OPTIONS", "/service/design/import", headers={
            "Origin": A, "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "access-token"})
        check("B lets A's web app send uploads", status == 204 and headers.get("Access-Control-Allow-Origin") == A)
        status, headers, _ = call(A, "OPTIONS", "/service/design/import", headers={
            "Origin": B, "Access-Control-Request-Method": "PUT"})
        check("A, with no allowed origins, does not", headers.get("Access-Control-Allow-Origin") is None)
        content_type, body = multipart([("archiveId", archive), ("isNewImport", "true")],
                                       [("upload_VR1.tif", tiff(1800, 1800, 99))])  # 9.7 MB: in parts
        status, headers, job = call(B, "PUT", "/service/design/import", token=admin, body=body,
                                    headers={"Content-Type": content_type, "Origin": A})
        check("an upload sent to B from A's origin is taken",
              status == 200 and headers.get("Access-Control-Allow-Origin") == A, f"{status} {job}")
        status, _, seen = call(A, "GET", f"/service/design/import/{job['jobId']}", token=admin)
        check("and its job is read on A", status == 200 and seen["files"][0]["name"] == "upload_VR1.tif",
              f"{status} {seen}")
        with open(logs["s3"]) as f:
            check("a file over 8 MiB went to the bucket as a multipart upload", "?uploads" in f.read())
        print("two instances: every check passed")
    except SystemExit:
        for name, log in logs.items():
            print(f"--- {name}.log (end)\n" + log_tail(log), file=sys.stderr)
        raise
    finally:
        stop_all()
        subprocess.run(["psql", PG + "/postgres", "-qc", f"DROP DATABASE IF EXISTS {database} WITH (FORCE)"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        remove(work)


def check_files_in_the_bucket(bucket, work, admin):
    """The import's files and renditions are in the bucket, and both instances serve them."""
    originals = s3_keys(bucket, "originals/")
    check("the originals are in the bucket", len(originals) >= 11, f"{len(originals)}")
    check("and renditions with deep-zoom tiles", any("/image_files/" in k for k in s3_keys(bucket, "renditions/")))
    local = [os.path.join(root, f) for name in ("a", "b") for root, _, files in os.walk(os.path.join(work, name, "objects"))
             for f in files]
    check("nothing went to either instance's data folder", not local, f"{local[:3]}")

    designs = call(A, "POST", "/service/search/design/basic/0/25", token=admin, form={})[2]["results"]
    design = designs[0]
    header = call(A, "POST", "/service/design/header", token=admin, form={"designGuid": design["designGuid"]})[2]
    colorway = header["colorways"][0]
    images = colorway["images"]
    paths = [*images["thumbnails"].values(), images["preview"]]
    dzi = images["tiles"]
    status, _, descriptor = fetch(A, "GET", dzi, token=admin)
    check("the deep-zoom descriptor is served", status == 200 and b"<Image" in descriptor, f"{status} {descriptor[:200]}")
    width = int(re.search(rb'Width="(\d+)"', descriptor).group(1))
    height = int(re.search(rb'Height="(\d+)"', descriptor).group(1))
    top = (max(width, height) - 1).bit_length()  # the level of the full size
    paths += [dzi, dzi.replace("image.dzi", "image_files/0/0_0.jpg"), dzi.replace("image.dzi", f"image_files/{top}/0_0.jpg")]
    answers = {base: [fetch(base, "GET", path, token=admin) for path in paths] for base in (A, B)}
    check("thumbnails, preview, descriptor and tiles are served by A",
          all(status == 200 for status, _, _ in answers[A]), f"{[(p, a[0]) for p, a in zip(paths, answers[A])]}")
    check("and the same bytes by B",
          all(a[0] == 200 and a[2] == b[2] for a, b in zip(answers[A], answers[B])),
          f"{[(p, b[0]) for p, b in zip(paths, answers[B])]}")
    check("the pictures are JPEGs", all(body[:2] == b"\xff\xd8" for path, (_, _, body) in zip(paths, answers[A])
                                        if path.endswith(".jpg") or "/thumbnail/" in path or "/preview/" in path))

    # The production file of a digital design is the file as imported, fetched from the bucket.
    form = {"cadId": "", "designGuid": design["designGuid"], "colorwayGuid": colorway["colorwayGuid"], "wearGuid": ""}
    downloads = {base: fetch(base, "POST", "/service/cad/download", token=admin, form=form) for base in (A, B)}
    uploaded = {tiff(1400, 1400, n) for n in range(10)} | {tiff(200, 200, 1000)}  # and seed_archive's
    check("the CAD file is downloaded from A and from B",
          all(status == 200 for status, _, _ in downloads.values()), f"{[d[0] for d in downloads.values()]}")
    check("byte for byte the file imported", all(body in uploaded for _, _, body in downloads.values()))

    # A download-all zip built by either instance's workers, stored in the bucket, read from both.
    status, _, bundle = call(B, "POST", "/service/cad/download-all", token=admin,
                             form={"cadId": "", "wearGuid": "", "designGuid": design["designGuid"]})
    check("a download-all zip is asked of B", status == 202, f"{status} {bundle}")
    wait_until("the zip is built",
               lambda: call(A, "GET", f"/service/cad/downloads/{bundle['id']}", token=admin)[2].get("state") == "ready", 120)
    zips = {base: fetch(base, "GET", f"/service/cad/downloads/{bundle['id']}/file", token=admin) for base in (A, B)}
    check("the zip is downloaded from A and from B, the same bytes",
          all(status == 200 and body[:2] == b"PK" for status, _, body in zips.values())
          and zips[A][2] == zips[B][2], f"{[z[0] for z in zips.values()]}")
    check("and it is in the bucket", f"bundles/{bundle['id']}.zip" in s3_keys(bucket, "bundles/"), f"{s3_keys(bucket, 'bundles/')}")


if __name__ == "__main__":
    main()
