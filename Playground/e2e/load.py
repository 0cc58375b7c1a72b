#!/usr/bin/python3
"""A bounded load test of freehand-serve on loopback (never another address): how many
`POST /render` requests per second it answers for a real signature, with no error, and the
WebSocket's round trip per event under a 240 Hz pen stream. Starts the server itself.
Usage: load.py path/to/freehand-serve [signature.json] [--requests N] [--clients C]

With --heavy BIG_FILE (a file of up to 1,000,000 samples within the server's limits, e.g. made by
`freehand convert` to .fhb): for --seconds S (default 20), 4 clients render `fit=4096x4096` PNGs of
the signature and 2 convert BIG_FILE to SVG, back to back, while GET / is timed every 100 ms and 5
pens stream at 240 Hz; prints GET / and round-trip p95, the heavy answers by status, and any hang
(no answer within 60 s). Exits 1 when a goal fails (GET / p95 > 200 ms, round trip p95 > 50 ms, an
answer other than 200 or 503, a hang).
With --zoom BIG_FILE: two sessions open BIG_FILE (a drawing at the limits) through `POST /open` and
switch their zoom between 1x and 8x (`view` messages) back to back for --seconds S, while GET / is
timed every 100 ms and a third session's pen streams at 240 Hz; prints the p95s, the zooms done,
the largest message a zoom brought, and exits 1 when GET / p95 > 200 ms, the pen's p95 > 50 ms, a
zoom's message was over 2 MiB, or no zoom was answered.
With --hostile: for --seconds S, the probe's worst requests back to back — a 10,000-sample stroke
between the corners of the coordinate limit rendered as SVG and PNG, a 200,000-sample random
scribble rendered as SVG and PNG, and a live session that opens that scribble and asks for
`compare` again and again — while GET / is timed every 100 ms, a pen streams at 240 Hz and the
server's resident size is read every 100 ms; exits 1 when GET / p95 > 200 ms, the pen's p95 > 50 ms,
the resident size passes 1 GB (the budget `PlaygroundLimits` documents), an answer is not 200, 4xx or
503, or a request hangs.
Needs Debian's python3-websockets."""
import asyncio, json, math, random, statistics, sys, threading, time, urllib.error, urllib.request

import websockets

import server




def option(name, default):
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def render_load(base, body, requests, clients):
    errors, lock, done = [0], threading.Lock(), [0]

    def worker(count):
        for _ in range(count):
            request = urllib.request.Request(base + "/render?format=png", data=body, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    response.read()
                    ok = response.status == 200
            except OSError:
                ok = False
            with lock:
                done[0] += 1
                errors[0] += 0 if ok else 1

    start = time.perf_counter()
    threads = [threading.Thread(target=worker, args=(requests // clients,)) for _ in range(clients)]
    for thread in threads: thread.start()
    for thread in threads: thread.join()
    elapsed = time.perf_counter() - start
    return done[0] / elapsed, errors[0], done[0]


async def socket_round_trips(url, events=480):
    """A pen stroke at 240 Hz: one move every 4.17 ms, each with one coalesced reading and one
    predicted; the time from sending an event to receiving its answer."""
    times = []
    async with websockets.connect(url, max_size=1 << 22) as socket:
        def reading(i):
            return {"x": 100 + i * 0.8, "y": 200 + 60 * math.sin(i / 30), "t": i * 1000 / 240, "pressure": 0.5}
        for i in range(events):
            kind = "down" if i == 0 else ("up" if i == events - 1 else "move")
            message = {"type": kind, "id": 1, "pointerType": "pen", "samples": [reading(i)], "predicted": [reading(i + 1)]}
            sent = time.perf_counter()
            await socket.send(json.dumps(message))
            # A down is told the pointer's role first; its ink follows.
            answer = json.loads(await socket.recv())
            while answer.get("type") == "pointer":
                answer = json.loads(await socket.recv())
            times.append((time.perf_counter() - sent) * 1000)
            if answer.get("type") == "error":
                raise RuntimeError(answer)
            await asyncio.sleep(max(0, 1 / 240 - (time.perf_counter() - sent)))
    return times


def percentile(values, fraction):
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * fraction))] if values else float("nan")


def time_page(base, stop, times):
    """GET / every 100 ms until `stop` is set, each answer's time (ms) appended to `times` (60 s for
    none)."""
    while not stop.is_set():
        started = time.perf_counter()
        try:
            urllib.request.urlopen(base + "/", timeout=60).read()
            times.append((time.perf_counter() - started) * 1000)
        except OSError:
            times.append(60_000)
        time.sleep(0.1)


class Tally:
    """Answers counted by kind and status, and the requests that hung (no answer within 60 s)."""

    def __init__(self):
        self.statuses, self.hangs, self.lock = {}, 0, threading.Lock()

    def count(self, kind, status):
        with self.lock:
            self.statuses.setdefault(kind, {}).setdefault(status, 0)
            self.statuses[kind][status] += 1
            self.hangs += status == "hang"

    def post_until(self, stop, url, body, kind):
        """POSTs `body` to `url` back to back until `stop` is set, counting each answer (after a 503,
        a quarter of its Retry-After first)."""
        while not stop.is_set():
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(urllib.request.Request(url, data=body, method="POST"), timeout=60) as response:
                    response.read()
                    status = response.status
            except urllib.error.HTTPError as error:
                status = error.code
                if status == 503:
                    time.sleep(float(error.headers.get("Retry-After", "1")) / 4)
            except OSError as error:
                status = "hang" if time.perf_counter() - started >= 59 else f"error ({error})"
            self.count(kind, status)


def heavy_load(base, signature, big, seconds):
    """The issue's heavy mix for `seconds`; returns (GET / times ms, round-trip times ms, statuses
    by kind, hangs)."""
    stop, tally, page_times = threading.Event(), Tally(), []
    threads = [threading.Thread(target=tally.post_until, args=(stop, base + "/render?format=png&fit=4096x4096", signature, "png 4096")) for _ in range(4)]
    threads += [threading.Thread(target=tally.post_until, args=(stop, base + "/convert?to=svg", big, "svg of the big file")) for _ in range(2)]
    threads += [threading.Thread(target=time_page, args=(base, stop, page_times))]
    for thread in threads: thread.start()
    time.sleep(1)  # the heavy work under way before the pens start

    async def pens():
        url = base.replace("http", "ws") + "/live"
        events = int((seconds - 2) * 240)
        results = await asyncio.gather(*[socket_round_trips(url, events) for _ in range(5)])
        return [t for times in results for t in times]

    trips = asyncio.run(pens())
    stop.set()
    for thread in threads: thread.join()
    return page_times, trips, tally.statuses, tally.hangs


def zoom_load(base, big, seconds):
    """Two sessions at the limits switching zoom, a third one's pen timed; returns (GET / times,
    pen round trips, zooms answered, zoom errors, largest message bytes)."""
    stop, page_times = threading.Event(), []
    url = base.replace("http", "ws") + "/live"
    counts = {"zooms": 0, "errors": 0, "largest": 0, "loaded": 0}

    async def zoomer(deadline):
        async with websockets.connect(url, max_size=1 << 27) as socket:
            # Opened until it loads: the server may refuse while the other session's work holds
            # its memory for work.
            while time.perf_counter() < deadline:
                request = urllib.request.Request(base + "/open", data=big, method="POST")
                ticket = json.loads(await asyncio.to_thread(lambda: urllib.request.urlopen(request, timeout=120).read()))["ticket"]
                await socket.send(json.dumps({"type": "load", "ticket": ticket}))
                text = await asyncio.wait_for(socket.recv(), 60)
                counts["loaded"] = max(counts["loaded"], len(text))
                if json.loads(text)["type"] == "drawing": break
                await asyncio.sleep(0.5)
            scale = 8
            while time.perf_counter() < deadline:
                await socket.send(json.dumps({"type": "view", "scale": scale}))
                while True:
                    # A zoom answers within the server's 30 s work budget; a minute without an
                    # answer fails the test instead of hanging it.
                    text = await asyncio.wait_for(socket.recv(), 60)
                    counts["largest"] = max(counts["largest"], len(text))
                    message = json.loads(text)
                    if message["type"] == "error":
                        counts["errors"] += 1
                        await asyncio.sleep(0.5)
                        break
                    if message["type"] == "outlines" and message["done"]:
                        counts["zooms"] += 1
                        # The next zoom goes the other way (a refused one is asked again: a view
                        # that changes nothing gets no answer).
                        scale = 9 - scale
                        break

    async def run():
        deadline = time.perf_counter() + seconds
        zoomers = [asyncio.create_task(zoomer(deadline)) for _ in range(2)]
        await asyncio.sleep(1)  # the opening under way before the pen starts
        trips = await socket_round_trips(url, int((seconds - 2) * 240))
        await asyncio.gather(*zoomers)
        return trips

    thread = threading.Thread(target=time_page, args=(base, stop, page_times))
    thread.start()
    try:
        trips = asyncio.run(run())
    finally:
        stop.set()
        thread.join()
    return page_times, trips, counts


def hostile_load(server, seconds):
    """The probe's worst requests in a loop; returns (GET / times, pen round trips, statuses by
    kind, hangs, peak resident bytes)."""
    limit = 999_999_999
    corners = json.dumps({"strokes": [{"points": [{"x": -limit if i % 2 == 0 else limit, "y": -limit if i % 3 == 0 else limit, "t": i / 100}
                                                  for i in range(10_000)]}]}).encode()
    rng = random.Random(3)
    scribble = json.dumps({"strokes": [{"points": [{"x": rng.randrange(2000), "y": rng.randrange(2000)} for _ in range(200_000)]}]}).encode()
    base, stop, tally, page_times, peak = server.base, threading.Event(), Tally(), [], [0]

    def resident():
        while not stop.is_set():
            try:
                with open(f"/proc/{server.process.pid}/status") as status:
                    for line in status:
                        if line.startswith("VmRSS:"): peak[0] = max(peak[0], int(line.split()[1]) * 1024)
            except OSError:
                pass
            time.sleep(0.1)

    async def comparer(deadline):
        async with websockets.connect(base.replace("http", "ws") + "/live", max_size=1 << 27) as socket:
            request = urllib.request.Request(base + "/open", data=scribble, method="POST")
            ticket = json.loads(await asyncio.to_thread(lambda: urllib.request.urlopen(request, timeout=120).read()))["ticket"]
            await socket.send(json.dumps({"type": "load", "ticket": ticket}))
            tally.count("live load of the scribble", json.loads(await asyncio.wait_for(socket.recv(), 60))["type"])
            while time.perf_counter() < deadline:
                await socket.send(json.dumps({"type": "compare", "settings": {"technique": "linear"}}))
                tally.count("live compare of the scribble", json.loads(await asyncio.wait_for(socket.recv(), 60))["type"])

    threads = [threading.Thread(target=tally.post_until, args=(stop, base + path, body, kind)) for path, body, kind in [
        ("/render?format=svg", corners, "corners svg"), ("/render?format=png", corners, "corners png"),
        ("/render?format=svg", scribble, "scribble svg"), ("/render?format=png", scribble, "scribble png")]]
    threads += [threading.Thread(target=time_page, args=(base, stop, page_times)), threading.Thread(target=resident)]
    for thread in threads: thread.start()
    time.sleep(1)

    async def run():
        deadline = time.perf_counter() + seconds - 1
        task = asyncio.create_task(comparer(deadline))
        trips = await socket_round_trips(base.replace("http", "ws") + "/live", int((seconds - 2) * 240))
        await task
        return trips

    try:
        trips = asyncio.run(run())
    finally:
        stop.set()
        for thread in threads: thread.join()
    return page_times, trips, tally.statuses, tally.hangs, peak[0]


def main():
    serve = sys.argv[1]
    if "--hostile" in sys.argv:
        with server.running(serve, handle=True) as running:
            page, trips, statuses, hangs, peak = hostile_load(running, option("--seconds", 20))
        print(f"GET / under the hostile requests: {len(page)} requests, p95 {percentile(page, 0.95):.1f} ms, max {max(page):.1f} ms")
        print(f"/live, a pen at 240 Hz: {len(trips)} events, round trip p95 {percentile(trips, 0.95):.2f} ms, max {max(trips):.2f} ms")
        for kind, counts in statuses.items():
            print(f"{kind}: " + ", ".join(f"{count} × {status}" for status, count in sorted(counts.items(), key=str)))
        print(f"hangs: {hangs}; peak resident size {peak / (1 << 20):.0f} MiB")
        unexpected = [s for kind, counts in statuses.items() if not kind.startswith("live") for s in counts
                      if not (s == 200 or s == 503 or (isinstance(s, int) and 400 <= s < 500))]
        return 0 if percentile(page, 0.95) <= 200 and percentile(trips, 0.95) <= 50 and peak <= 1_000_000_000 and not unexpected and hangs == 0 else 1
    if "--zoom" in sys.argv:
        big = open(sys.argv[sys.argv.index("--zoom") + 1], "rb").read()
        with server.running(serve) as base:
            page, trips, counts = zoom_load(base, big, option("--seconds", 20))
        print(f"GET / while two sessions at the limits switch zoom: {len(page)} requests, p95 {percentile(page, 0.95):.1f} ms, max {max(page):.1f} ms")
        print(f"/live, a third session's pen at 240 Hz: {len(trips)} events, round trip p95 {percentile(trips, 0.95):.2f} ms, max {max(trips):.2f} ms")
        print(f"zooms answered: {counts['zooms']}, refused or out of time: {counts['errors']}, largest zoom message: {counts['largest']:,} bytes (the load's drawing: {counts['loaded']:,})")
        return 0 if percentile(page, 0.95) <= 200 and percentile(trips, 0.95) <= 50 and counts["largest"] <= 2 << 20 and counts["zooms"] > 0 else 1
    if "--heavy" in sys.argv:
        big = open(sys.argv[sys.argv.index("--heavy") + 1], "rb").read()
        signature = next((a for a in sys.argv[2:] if a.endswith(".json")), None)
        body = open(signature, "rb").read()
        with server.running(serve) as base:
            page, trips, statuses, hangs = heavy_load(base, body, big, option("--seconds", 20))
        print(f"GET / under load: {len(page)} requests, median {statistics.median(page):.1f} ms, p95 {percentile(page, 0.95):.1f} ms, max {max(page):.1f} ms")
        print(f"/live, 5 pens at 240 Hz: {len(trips)} events, round trip median {statistics.median(trips):.2f} ms, "
              f"p95 {percentile(trips, 0.95):.2f} ms, max {max(trips):.2f} ms")
        for kind, counts in statuses.items():
            print(f"{kind}: " + ", ".join(f"{count} × {status}" for status, count in sorted(counts.items(), key=str)))
        print(f"hangs: {hangs}")
        unexpected = [s for counts in statuses.values() for s in counts if s not in (200, 503)]
        return 0 if percentile(page, 0.95) <= 200 and percentile(trips, 0.95) <= 50 and not unexpected and hangs == 0 else 1
    serve = sys.argv[1]
    signature = next((a for a in sys.argv[2:] if a.endswith(".json")), None)
    body = open(signature, "rb").read() if signature else json.dumps(
        [{"points": [{"x": 10 + i, "y": 40 + 20 * math.sin(i / 8), "time": i * 16, "pressure": 0.5} for i in range(120)]}]).encode()
    with server.running(serve) as base:
        rate, errors, done = render_load(base, body, option("--requests", 400), option("--clients", 4))
        print(f"/render: {done} requests, {errors} errors, {rate:.0f} requests/s")
        times = asyncio.run(socket_round_trips(base.replace("http", "ws") + "/live"))
        times.sort()
        print(f"/live at 240 Hz: {len(times)} events, round trip median {statistics.median(times):.2f} ms, "
              f"p95 {times[int(len(times) * 0.95)]:.2f} ms, max {times[-1]:.2f} ms")
        return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
