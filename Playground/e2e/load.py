#!/usr/bin/python3
"""A bounded load test of freehand-serve on loopback (never another address): how many
`POST /render` requests per second it answers for a real signature, with no error, and the
WebSocket's round trip per event under a 240 Hz pen stream. Starts the server itself.
Usage: load.py path/to/freehand-serve [signature.json] [--requests N] [--clients C]
Needs Debian's python3-websockets."""
import asyncio, json, math, statistics, sys, threading, time, urllib.request

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
            answer = json.loads(await socket.recv())
            times.append((time.perf_counter() - sent) * 1000)
            if answer.get("type") == "error":
                raise RuntimeError(answer)
            await asyncio.sleep(max(0, 1 / 240 - (time.perf_counter() - sent)))
    return times


def main():
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
