"""What the process drills of `just test` share (scripts/two-instances.py, scripts/fault-drills.py):
requests to a running `desen`, signing in (with the second factor), production files made here,
multipart bodies, starting and stopping processes. Python's standard library only."""

import base64
import hashlib
import hmac
import json
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("DESEN_BIN") or os.path.join(ROOT, "target", "debug", "desen")
PG = os.environ.get("DESEN_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("DESEN_TEST_REDIS_URL", "redis://127.0.0.1:6379")
PASSWORD = "Passw0rd!"
ADMIN = "admin@drill.test"


def check(name, condition, detail=""):
    if not condition:
        raise SystemExit(f"FAIL {name} {detail}")
    print(f"ok   {name}")


def call(base, method, path, token=None, form=None, body=None, headers=None):
    """One request; answers (status, headers, parsed JSON or None)."""
    data = body
    all_headers = dict(headers or {})
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        all_headers["Content-Type"] = "application/x-www-form-urlencoded"
    if token:
        all_headers["Access-Token"] = token
    request = urllib.request.Request(base + path, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, answer_headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, answer_headers, raw = error.code, error.headers, error.read()
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = None
    return status, answer_headers, parsed


def sign_in(base, email, password=PASSWORD):
    return call(base, "POST", "/service/account/login_collection",
                form={"mailAddress": email, "password": password, "remember": "true"})


def token_of(base, email):
    status, _, body = sign_in(base, email)
    assert status == 200 and body and body.get("accessToken"), (status, body)
    return body["accessToken"]


def valid(base, token):
    return call(base, "POST", "/service/account/validate-token", token=token, form={})[2].get("isValid")


def totp(secret, at=None):
    """RFC 6238 with SHA-1, 6 digits, 30 s: what authenticator apps compute."""
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    counter = struct.pack(">Q", int((at or time.time()) // 30))
    digest = hmac.new(key, counter, hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return f"{number % 1_000_000:06d}"


def admin_token(base, email=ADMIN):
    token = token_of(base, email)
    _, _, enrollment = call(base, "POST", "/service/account/second-factor/enroll", token=token, form={})
    status, _, body = call(base, "POST", "/service/account/second-factor/verify", token=token,
                           form={"code": totp(enrollment["secret"])})
    assert status == 200, (status, body)
    return token


def tiff(width, height, seed):
    """An uncompressed RGB TIFF (300 dpi) of stripes in colours chosen by `seed`."""
    rng = random.Random(seed)
    colours = [bytes(rng.randrange(256) for _ in range(3)) for _ in range(6)]
    row = b"".join(colours[(x // 37) % len(colours)] for x in range(width))
    pixels = b"".join(row[(y % 11) * 3:] + row[:(y % 11) * 3] for y in range(height))
    entries = []
    extra = b""
    header_size = 8
    count = 12
    ifd_size = 2 + count * 12 + 4
    extra_at = header_size + ifd_size
    bits_at = extra_at
    extra += struct.pack("<3H", 8, 8, 8)
    resolution_at = extra_at + len(extra)
    extra += struct.pack("<2I", 300, 1)
    pixels_at = extra_at + len(extra)

    def entry(tag, kind, n, value):
        entries.append(struct.pack("<HHI", tag, kind, n) + value)

    short = lambda v: struct.pack("<HH", v, 0)  # noqa: E731
    long_ = lambda v: struct.pack("<I", v)  # noqa: E731
    entry(256, 4, 1, long_(width))
    entry(257, 4, 1, long_(height))
    entry(258, 3, 3, long_(bits_at))
    entry(259, 3, 1, short(1))
    entry(262, 3, 1, short(2))
    entry(273, 4, 1, long_(pixels_at))
    entry(277, 3, 1, short(3))
    entry(278, 4, 1, long_(height))
    entry(279, 4, 1, long_(len(pixels)))
    entry(282, 5, 1, long_(resolution_at))
    entry(283, 5, 1, long_(resolution_at))
    entry(296, 3, 1, short(2))
    assert len(entries) == count
    ifd = struct.pack("<H", count) + b"".join(entries) + struct.pack("<I", 0)
    return b"II*\x00" + struct.pack("<I", header_size) + ifd + extra + pixels


def multipart(fields, files):
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, data in files:
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
                     f"Content-Type: image/tiff\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return f"multipart/form-data; boundary={boundary}", b"".join(parts)


def wait_until(what, predicate, seconds=120):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.5)
    raise SystemExit(f"FAIL {what}: not within {seconds} s")


def listening(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0



def static_dir(work):
    """A stand-in for the built web app (the drills use the API only)."""
    static = os.path.join(work, "static")
    os.makedirs(static, exist_ok=True)
    with open(os.path.join(static, "index.html"), "w") as f:
        f.write("<!doctype html><title>Desen</title>")
    return static


def base_env(work, **extra):
    """The environment of a `desen` on its own data folder; `extra` overrides."""
    env = {
        **os.environ,
        "DESEN_STATIC_DIR": static_dir(work),
        "DESEN_IMPORT__WORKERS": "1",
        "DESEN_WORKERS": "2",
        "DESEN_ACCOUNTS__SECRET_KEY": base64.b64encode(os.urandom(32)).decode(),
        "DESEN_LOG_FORMAT": "text",
        "DESEN_LOG": "info",
    }
    for outer in ("DATABASE_URL", "REDIS_URL", "DESEN_STORAGE_URL", "DESEN_STORAGE_ACCESS_KEY_ID",
                  "DESEN_STORAGE_SECRET_ACCESS_KEY"):
        env.pop(outer, None)
    env.update(extra)
    return env


def desen(env, *args):
    """A `desen` command that must succeed."""
    done = subprocess.run([BIN, *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"FAIL desen {' '.join(args)}: {done.stderr[-2000:]}")
    return done.stdout


# Every process a drill started, stopped at its end whatever happened (`stop_all`).
STARTED = []


def serve(env, log):
    """`desen serve` in the background, its output in `log`; answers the process."""
    port = int(env["DESEN_LISTEN"].rsplit(":", 1)[1])
    if listening(port):
        raise SystemExit(f"FAIL port {port} is taken (a desen left over from another run?)")
    return started(subprocess.Popen([BIN, "serve"], env=env, stdout=open(log, "a"), stderr=subprocess.STDOUT))


def started(process):
    STARTED.append(process)
    return process


def stop_all():
    stop(STARTED)
    STARTED.clear()


def stop(processes):
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def free_work_dir(prefix):
    return tempfile.mkdtemp(prefix=prefix)


def remove(work):
    if os.environ.get("DESEN_KEEP_DRILLS"):
        print(f"kept {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


def log_tail(log, lines=25):
    with open(log) as f:
        return "".join(f.readlines()[-lines:])


def seed_archive(env, work):
    """The archive "Main" with one design, made through the command line."""
    seed = os.path.join(work, "seed_VR1.tif")
    with open(seed, "wb") as f:
        f.write(tiff(200, 200, 1000))
    desen(env, "import", "--archive", "Main", seed)


def fetch(base, method, path, token=None, form=None):
    """One request whose answer is not JSON (images, downloads): (status, headers, bytes)."""
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if form is not None else {}
    if token:
        headers["Access-Token"] = token
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def moto_server():
    """moto's S3-compatible server, installed by scripts/setup.sh into the target folder."""
    target = os.path.join(ROOT, os.environ.get("CARGO_TARGET_DIR") or "target")
    return os.path.join(target, "moto-venv", "bin", "moto_server")


def start_s3(port, bucket, log):
    """An S3-compatible server (moto) on `port` holding an empty `bucket`, stopped by `stop_all`;
    answers the settings that point a `desen` at the bucket."""
    server = moto_server()
    if not os.path.exists(server):
        raise SystemExit(f"FAIL {server} is missing: run scripts/setup.sh (it installs moto[server])")
    if listening(port):
        raise SystemExit(f"FAIL port {port} is taken (a moto_server left over from another run?)")
    started(subprocess.Popen([server, "-H", "127.0.0.1", "-p", str(port)],
                             stdout=open(log, "a"), stderr=subprocess.STDOUT))
    wait_until("the S3 server listens", lambda: listening(port), 60)
    endpoint = f"http://127.0.0.1:{port}"
    # moto takes an unsigned request; desen never makes buckets.
    urllib.request.urlopen(urllib.request.Request(f"{endpoint}/{bucket}", data=b"", method="PUT"), timeout=30).read()
    return {
        "DESEN_STORAGE_URL": f"s3://{bucket}?endpoint={endpoint}&region=us-east-1",
        "DESEN_STORAGE_ACCESS_KEY_ID": "drill",
        "DESEN_STORAGE_SECRET_ACCESS_KEY": f"drill-secret-{uuid.uuid4().hex}",
    }


def s3_keys(settings, prefix):
    """The keys under `prefix` in the bucket `start_s3` made (what the objects' owner would see)."""
    parsed = urllib.parse.urlparse(settings["DESEN_STORAGE_URL"])
    endpoint = urllib.parse.parse_qs(parsed.query)["endpoint"][0]
    keys, token = [], None
    while True:
        query = {"list-type": "2", "prefix": prefix, **({"continuation-token": token} if token else {})}
        with urllib.request.urlopen(f"{endpoint}/{parsed.netloc}?{urllib.parse.urlencode(query)}", timeout=30) as r:
            listing = r.read().decode()
        keys += re.findall(r"<Key>([^<]*)</Key>", listing)
        found = re.search(r"<NextContinuationToken>([^<]*)</NextContinuationToken>", listing)
        if not found:
            return keys
        token = found.group(1)
