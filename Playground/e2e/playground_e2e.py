#!/usr/bin/python3
"""The playground end to end in a real browser: Debian's headless Chromium driven by Selenium
(python3-selenium, chromium-driver). Starts `freehand-serve` on a loopback port, opens the page,
draws with mouse, pen (pressure and tilt) and touch pointer events, and checks the canvas pixels
(ink along the path, none elsewhere), the finger eraser, undo and clear, hold to snap, the lasso
(select, drag, resize by a corner handle, delete), and that the page's PNG download equals `POST /render` of the same strokes. Usage:
    playground_e2e.py path/to/freehand-serve [--screenshot out.png]
Exits 0 and prints "N passed, 0 failed" when every check passes."""
import base64, json, sys, time, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

import server

checks = {"passed": 0, "failed": 0}


def check(name, condition):
    print(("ok   " if condition else "FAIL ") + name)
    checks["passed" if condition else "failed"] += 1




DRAW = """
const [kind, points, pressure] = arguments;
const canvas = document.getElementById('live'), box = canvas.getBoundingClientRect();
const id = kind === 'mouse' ? 1 : (kind === 'pen' ? 2 : 3);
let time = performance.now();
function fire(type, [x, y]) {
  time += 8;
  canvas.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: kind, isPrimary: true, bubbles: true, clientX: box.left + x, clientY: box.top + y,
    pressure: kind === 'mouse' ? (type === 'pointerup' ? 0 : 0.5) : pressure, tiltX: kind === 'pen' ? 20 : 0, tiltY: kind === 'pen' ? -10 : 0,
    width: kind === 'touch' ? 20 : 1, height: kind === 'touch' ? 20 : 1, buttons: type === 'pointerup' ? 0 : 1 }));
}
fire('pointerdown', points[0]);
for (const p of points.slice(1, -1)) fire('pointermove', p);
fire('pointerup', points[points.length - 1]);
"""

HOLD = """
const [points, hold, done] = arguments;
const canvas = document.getElementById('live'), box = canvas.getBoundingClientRect();
function fire(type, [x, y]) {
  canvas.dispatchEvent(new PointerEvent(type, {
    pointerId: 2, pointerType: 'pen', isPrimary: true, bubbles: true, clientX: box.left + x, clientY: box.top + y,
    pressure: type === 'pointerup' ? 0 : 0.7, buttons: type === 'pointerup' ? 0 : 1 }));
}
fire('pointerdown', points[0]);
for (const p of points.slice(1)) fire('pointermove', p);
setTimeout(() => { fire('pointerup', points[points.length - 1]); done(); }, hold);
"""

INK_AT = """
const [x, y] = arguments;
const canvas = document.getElementById('committed'), ratio = canvas.width / canvas.getBoundingClientRect().width;
const pixel = canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
return pixel[3];
"""


def line(x0, y0, x1, y1, count=40):
    return [[x0 + (x1 - x0) * i / (count - 1), y0 + (y1 - y0) * i / (count - 1)] for i in range(count)]


def main():
    serve = sys.argv[1]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    with server.running(serve) as base:
        options = Options()
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800", "--force-device-scale-factor=1"]:
            options.add_argument(flag)
        options.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get(base + "/")
            for _ in range(50):
                if driver.find_element("id", "status").text == "connected":
                    break
                time.sleep(0.1)
            check("the page connects its WebSocket", driver.find_element("id", "status").text == "connected")

            def settle():
                time.sleep(0.6)

            driver.execute_script(DRAW, "mouse", line(60, 100, 500, 120), 0.5)
            driver.execute_script(DRAW, "pen", line(60, 250, 500, 300), 0.8)
            settle()
            check("mouse ink along its path", driver.execute_script(INK_AT, 280, 110) > 0)
            check("pen ink along its path", driver.execute_script(INK_AT, 280, 275) > 0)
            check("no ink elsewhere", driver.execute_script(INK_AT, 280, 190) == 0 and driver.execute_script(INK_AT, 700, 500) == 0)
            driver.execute_script(DRAW, "touch", line(280, 60, 280, 160, 20), 0.5)
            settle()
            check("a finger erases the ink it crosses", driver.execute_script(INK_AT, 280, 110) == 0 and driver.execute_script(INK_AT, 120, 102) > 0)
            driver.find_element("id", "undo").click()
            settle()
            check("undo brings the erased ink back", driver.execute_script(INK_AT, 280, 110) > 0)

            # The page's PNG download equals POST /render of the same strokes.
            driver.execute_script("""
                window.capturedBlob = null; window.capturedJSON = null;
                const create = URL.createObjectURL;
                URL.createObjectURL = (blob) => { window.capturedBlob = blob; return create(blob); };
                const originalSend = WebSocket.prototype.send;""")
            driver.find_element("id", "save-json").click()
            settle()
            exported = driver.execute_script("return window.capturedBlob ? window.capturedBlob.text() : null")
            check("the JSON download holds the two strokes", exported is not None and len(json.loads(exported)["strokes"]) == 2)
            driver.find_element("id", "save-png").click()
            settle()
            page_png = driver.execute_script("""
                const blob = window.capturedBlob;
                return blob.arrayBuffer().then(b => { let s = ''; const a = new Uint8Array(b);
                  for (let i = 0; i < a.length; i++) s += String.fromCharCode(a[i]); return btoa(s); });""")
            request = urllib.request.Request(base + "/render?format=png&background=transparent", data=exported.encode(), method="POST")
            served_png = urllib.request.urlopen(request).read()
            check("the PNG download equals /render of the same strokes", base64.b64decode(page_png) == served_png)

            # Hold to snap: a wobbly circle held 0.7 s at its end becomes a clean circle.
            import math
            wobbly = [[700 + (60 + 4 * math.cos(3 * a)) * math.cos(a), 400 + (60 + 4 * math.cos(3 * a)) * math.sin(a)]
                      for a in [2 * math.pi * i / 120 for i in range(124)]]
            driver.set_script_timeout(10)
            driver.execute_async_script(HOLD, wobbly, 700)
            settle()
            check("a circle held at its end snaps to a clean circle",
                  driver.execute_script(INK_AT, 760, 400) > 0 and driver.execute_script(INK_AT, 764, 400) == 0)
            # Lasso: loop round the circle, drag it 60 pt down, delete it with the keyboard.
            driver.find_element("id", "lasso").click()
            loop = [[700 + 95 * math.cos(a), 400 + 95 * math.sin(a)] for a in [2 * math.pi * i / 60 for i in range(58)]]
            driver.execute_script(DRAW, "mouse", loop, 0.5)
            settle()
            check("a lasso selects the strokes inside it", driver.find_element("id", "selection-actions").is_displayed())
            driver.execute_script(DRAW, "mouse", line(700, 400, 700, 460, 12), 0.5)
            settle()
            check("dragging the selection moves its ink",
                  driver.execute_script(INK_AT, 760, 460) > 0 and driver.execute_script(INK_AT, 760, 400) == 0
                  and driver.execute_script(INK_AT, 280, 110) > 0)
            # Drag the bottom-right handle to twice its distance from the top-left one: twice the size.
            b = driver.execute_script("return selection.bounds")
            (ax, ay), (hx, hy) = (b[0] - 4, b[1] - 4), (b[2] + 4, b[3] + 4)
            driver.execute_script(DRAW, "mouse", line(hx, hy, ax + 2 * (hx - ax), ay + 2 * (hy - ay), 12), 0.5)
            settle()
            cx, cy = ax + 2 * (700 - ax), ay + 2 * (460 - ay)
            check("dragging a corner handle scales the selection about the opposite corner",
                  driver.execute_script(INK_AT, cx + 120, cy) > 0 and driver.execute_script(INK_AT, 760, 460) == 0)
            driver.find_element("tag name", "body").send_keys("\ue017")  # Delete
            settle()
            check("Delete removes the selection", driver.execute_script(INK_AT, cx + 120, cy) == 0 and driver.execute_script(INK_AT, 280, 110) > 0)
            driver.find_element("id", "lasso").click()

            if screenshot:
                wave = [[60 + i * 4.5, 450 + 60 * __import__("math").sin(i / 9)] for i in range(100)]
                driver.execute_script(DRAW, "pen", wave, 0.9)
                driver.execute_script("const s = document.getElementById('compare'); s.value = 'linear'; s.onchange();")
                time.sleep(1.0)
                driver.save_screenshot(screenshot)
            driver.find_element("id", "clear").click()
            settle()
            check("clear empties the canvas", driver.execute_script(INK_AT, 280, 275) == 0 and driver.execute_script(INK_AT, 120, 102) == 0)
        finally:
            driver.quit()
    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 0 if checks["failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
