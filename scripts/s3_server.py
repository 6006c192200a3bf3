#!/usr/bin/env python3
"""A real S3 server on 127.0.0.1 for the team-workspace tests and figures.

moto's server (moto[server] from PyPI, installed by scripts/setup.sh) run
in this process, with its credential checks on: a request signed with a
key it did not issue is refused with 403, as AWS refuses it. The script
creates one user with full access, its access key and a bucket, prints
one JSON line (endpoint, bucket, key, secret, a wrong secret to test
with) and serves until its standard input closes or it is killed.

    python scripts/s3_server.py [--port N] [--bucket NAME]

A test can catch a writer in the middle of a commit. LanceDB commits a
version by one conditional PUT of `<table>/_versions/<n>.manifest` (its
data files are written before, and are invisible until then). The line
`stall <text>` on standard input holds the next such PUT whose key holds
`<text>`: the server prints `{"stalled": "<key>"}` and waits, the request
unanswered, for `drop` (the PUT never lands: a connection cut before the
request was whole) or `pass` (it lands, but the writer never hears back).
The test kills the writer in between.
"""
import argparse
import json
import os
import io
import logging
import socket
import sys
import threading

# Checks on from the first request after the bootstrap below (which is
# allowed in without credentials, as moto counts them).
BOOTSTRAP_ACTIONS = 4
os.environ["INITIAL_NO_AUTH_ACTION_COUNT"] = str(BOOTSTRAP_ACTIONS)
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")

import boto3  # noqa: E402  (after the environment moto reads at import)
from moto.moto_server.werkzeug_app import (  # noqa: E402
    DomainDispatcherApplication,
    MotoRequestHandler,
    create_backend_app,
)
from werkzeug.serving import make_server  # noqa: E402


class CommitStall:
    """WSGI middleware holding one armed manifest PUT (see the module doc)."""

    def __init__(self, app):
        self.app = app
        self.armed = None  # the text a held key must contain
        self.lock = threading.Lock()
        self.verdict = None
        self.decided = threading.Event()

    def arm(self, text):
        with self.lock:
            self.armed = text
            self.verdict = None
            self.decided.clear()

    def decide(self, verdict):
        self.verdict = verdict
        self.decided.set()

    def __call__(self, environ, start_response):
        key = environ.get("PATH_INFO", "")
        hold = False
        if environ.get("REQUEST_METHOD") == "PUT" and "/_versions/" in key and key.endswith(".manifest"):
            with self.lock:
                if self.armed is not None and self.armed in key:
                    self.armed = None
                    hold = True
        if not hold:
            return self.app(environ, start_response)
        # The whole body first, as a server has it before it stores anything.
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(body)
        print(json.dumps({"stalled": key}), flush=True)
        self.decided.wait()
        if self.verdict == "pass":
            return self.app(environ, start_response)
        start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
        return [b"dropped by the test's stall"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> int:
    # One log line per request would cost more than some requests.
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--bucket", default="aurag-team")
    args = ap.parse_args()
    port = args.port or free_port()
    stall = CommitStall(DomainDispatcherApplication(create_backend_app))
    server = make_server("127.0.0.1", port, stall, True, request_handler=MotoRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{port}"
    anon = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap")
    iam = boto3.client("iam", **anon)
    iam.create_user(UserName="analyst")  # 1
    everything = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}
    iam.put_user_policy(UserName="analyst", PolicyName="all", PolicyDocument=json.dumps(everything))  # 2
    key = iam.create_access_key(UserName="analyst")["AccessKey"]  # 3
    s3 = boto3.client("s3", **anon)
    s3.create_bucket(Bucket=args.bucket)  # 4
    print(json.dumps({
        "endpoint": endpoint,
        "bucket": args.bucket,
        "key": key["AccessKeyId"],
        "secret": key["SecretAccessKey"],
        "wrong_secret": "x" * len(key["SecretAccessKey"]),
    }), flush=True)
    try:
        for line in sys.stdin:  # until the parent closes the pipe or dies
            word, _, arg = line.strip().partition(" ")
            if word == "stall":
                stall.arm(arg)
            elif word in ("drop", "pass"):
                stall.decide(word)
    finally:
        stall.decide("drop")
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
