"""Starts freehand-serve on a free loopback port for the end-to-end and load scripts."""
import contextlib, socket, subprocess, time, urllib.request


class Server:
    """freehand-serve at path `serve` on a free loopback port; `restart()` stops it and starts a
    new process on the same port (every session gone, as after a crash or an upgrade)."""

    def __init__(self, serve):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.serve = serve
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        self.process = subprocess.Popen([self.serve, "--port", str(self.port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                urllib.request.urlopen(self.base + "/", timeout=1)
                return
            except OSError:
                time.sleep(0.1)

    def stop(self):
        if self.process:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # a render still running past the graceful stop
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None

    def restart(self):
        self.stop()
        self.start()


@contextlib.contextmanager
def running(serve, handle=False):
    """Runs the server at path `serve` on 127.0.0.1 and yields its base URL (with `handle`, the
    `Server`, to restart it); stops it after."""
    server = Server(serve)
    server.start()
    try:
        yield server if handle else server.base
    finally:
        server.stop()
