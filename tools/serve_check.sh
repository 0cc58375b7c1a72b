#!/usr/bin/env bash
# freehand-serve installed as people install it: the two programs copied alone into an empty
# folder (no build tree, no resource bundle, no Swift toolchain needed), `freehand serve` started
# from an unrelated directory runs the copy beside it, and the page, its script and the render API
# answer. Usage: tools/serve_check.sh FREEHAND FREEHAND_SERVE
set -euo pipefail
freehand=$(realpath "$1")
serve=$(realpath "$2")
folder=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$folder"' EXIT
cp "$freehand" "$serve" "$folder/"
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd / && exec env PATH=/usr/bin:/bin "$folder/freehand" serve --port "$port" --allow-origin http://example.test:1) >"$folder/log" 2>&1 &
pid=$!
/usr/bin/python3 - "$port" "$folder/log" <<'PY'
import json, socket, sys, time, urllib.request
port, log = sys.argv[1], sys.argv[2]
base = f"http://127.0.0.1:{port}"
for _ in range(100):
    try:
        urllib.request.urlopen(base + "/", timeout=2)
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("freehand serve did not answer:\n" + open(log).read())
page = urllib.request.urlopen(base + "/").read().decode()
script = urllib.request.urlopen(base + "/playground.js").read().decode()
ink = json.dumps({"strokes": [{"points": [{"x": 10 + i, "y": 20, "t": i / 60} for i in range(20)]}]}).encode()
png = urllib.request.urlopen(urllib.request.Request(base + "/render?format=png", data=ink, method="POST")).read()
assert "FreehandKit" in page and "WebSocket" in script and png[:8] == b"\x89PNG\r\n\x1a\n", "unexpected answers"
print("ok   freehand serve runs the freehand-serve installed beside it: page, script and /render answer")

def upgrade_status(origin):
    with socket.create_connection(("127.0.0.1", int(port)), timeout=5) as s:
        s.sendall((f"GET /live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                   f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: {origin}\r\n\r\n").encode())
        return s.recv(64).split(b" ")[1].decode()

statuses = upgrade_status("http://example.test:1"), upgrade_status("http://other.test:1")
assert statuses == ("101", "400"), f"live socket upgrades from the allowed and another origin: {statuses}"
print("ok   --allow-origin reaches the server: the allowed origin opens the live socket, another is refused (400)")
PY
