"""Starts freehand-serve on a free loopback port for the end-to-end and load scripts."""
import contextlib, socket, subprocess, time, urllib.request


@contextlib.contextmanager
def running(serve):
    """Runs the server at path `serve` on 127.0.0.1 and yields its base URL; stops it after."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([serve, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)
