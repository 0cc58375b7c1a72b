#!/usr/bin/python3
"""The playground end to end in a real browser: Debian's headless Chromium driven by Selenium
(python3-selenium, chromium-driver). Starts `freehand-serve` on a loopback port, opens the page,
draws with mouse, pen (pressure and tilt) and touch pointer events, and checks the canvas pixels
(ink along the path, none elsewhere), the finger eraser, undo and clear, hold to snap, the lasso
(select, drag, resize by a corner handle, delete), that the page's PNG download equals `POST /render` of the same strokes,
keyboard undo and redo, that a right-button drag draws nothing, wheel zoom and pan (the finished ink as tiles per
zoom: a pan finds its tiles rendered ahead, a zoom shows scaled tiles at once, the tiles equal the drawing filled
afresh), fit to view (and of an opened
file), and on an emulated phone (390 × 844, touch only) a toolbar of at most two rows and a finger that draws. Usage:
    playground_e2e.py path/to/freehand-serve [--screenshot out.png]
Exits 0 and prints "N passed, 0 failed" when every check passes."""
import base64, json, sys, tempfile, time, urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

import server

checks = {"passed": 0, "failed": 0}


def check(name, condition):
    print(("ok   " if condition else "FAIL ") + name)
    checks["passed" if condition else "failed"] += 1




DRAW = """
// The primary button (0) unless `button` says another (2: the right one).
const [kind, points, pressure, button = 0] = arguments;
const canvas = document.getElementById('live'), box = canvas.getBoundingClientRect();
const id = kind === 'mouse' ? 1 : (kind === 'pen' ? 2 : 3);
// Events 4 ms apart, as a 250 Hz pen's (their timeStamp is when they are dispatched: a burst
// dispatched at once would be a pen moving at 100,000 points a second).
function fire(type, [x, y]) {
  const until = performance.now() + 4;
  while (performance.now() < until) { /* wait */ }
  canvas.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: kind, isPrimary: true, bubbles: true, clientX: box.left + x, clientY: box.top + y,
    pressure: kind === 'mouse' ? (type === 'pointerup' ? 0 : 0.5) : pressure, tiltX: kind === 'pen' ? 20 : 0, tiltY: kind === 'pen' ? -10 : 0,
    width: kind === 'touch' ? 20 : 1, height: kind === 'touch' ? 20 : 1,
    button: type === 'pointermove' ? -1 : button, buttons: type === 'pointerup' ? 0 : 1 << [0, 2, 1][button] }));
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

WHEEL = """
const [x, y, delta, zoom] = arguments;
const canvas = document.getElementById('live'), box = canvas.getBoundingClientRect();
canvas.dispatchEvent(new WheelEvent('wheel', { clientX: box.left + x, clientY: box.top + y, deltaY: delta, ctrlKey: zoom, bubbles: true, cancelable: true }));
"""

ANY_INK = """
const canvas = document.getElementById('committed');
const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
let count = 0;
for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
return count;
"""

TOOLBAR_ROWS = """
const centres = [];
for (const element of document.querySelectorAll('header .tools > *')) {
  const box = element.getBoundingClientRect();
  if (box.width > 0 && box.height > 0) centres.push(box.top + box.height / 2);
}
centres.sort((a, b) => a - b);
let rows = centres.length ? 1 : 0;
for (let i = 1; i < centres.length; i++) if (centres[i] - centres[i - 1] > 14) rows++;
return rows;
"""

INK_AT = """
const [x, y] = arguments;
const canvas = document.getElementById('committed'), ratio = canvas.width / canvas.getBoundingClientRect().width;
const pixel = canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data;
return pixel[3];
"""


# A sideways wheel pan: how many tiles its frame had to render, and how many it still lacks.
WHEEL_PAN_WORK = """
const [x, y, delta] = arguments;
const canvas = document.getElementById('live'), box = canvas.getBoundingClientRect(), before = tiles.rendered;
canvas.dispatchEvent(new WheelEvent('wheel', { clientX: box.left + x, clientY: box.top + y, deltaX: delta, bubbles: true, cancelable: true }));
return [tiles.rendered - before, tiles.frame(viewFrame()).missing];
"""

# The committed layer against every stroke filled afresh into a canvas of its size: mean and largest
# alpha difference, and how many pixels have ink.
TILES_AGAINST_REDRAW = """
composeCommitted();
const canvas = document.getElementById('committed');
const fresh = document.createElement('canvas');
fresh.width = canvas.width; fresh.height = canvas.height;
const context = fresh.getContext('2d');
applyView(context);
for (const stroke of lastDrawing) fillPiece(context, stroke.piece, stroke.color);
const a = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
const b = context.getImageData(0, 0, fresh.width, fresh.height).data;
let total = 0, largest = 0, inked = 0;
for (let i = 3; i < a.length; i += 4) {
  const d = Math.abs(a[i] - b[i]);
  total += d; largest = Math.max(largest, d); if (b[i] > 0) inked++;
}
return [total / (a.length / 4), largest, inked];
"""


def click(driver, element):
    """Clicks a control by script: those in the "more" menu are hidden until it opens."""
    driver.execute_script("document.getElementById(arguments[0]).click()", element)


def line(x0, y0, x1, y1, count=40):
    return [[x0 + (x1 - x0) * i / (count - 1), y0 + (y1 - y0) * i / (count - 1)] for i in range(count)]


def main():
    serve = sys.argv[1]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    with server.running(serve, handle=True) as running_server:
        base = running_server.base
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
                # Until every stroke the page sent has been answered (a loaded machine can take a
                # while), then a moment for the drawing that follows.
                time.sleep(0.3)
                for _ in range(60):
                    if driver.execute_script("return live.size === 0 && (!socket || socket.bufferedAmount === 0)"):
                        break
                    time.sleep(0.1)
                time.sleep(0.4)

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

            def restart_and_restore(strokes):
                # The server restarts (every session lost): the page reconnects and gives the new
                # session the drawing it kept.
                time.sleep(1.2)
                running_server.restart()
                driver.execute_script("lastDrawing = []")
                for _ in range(80):
                    if driver.execute_script("return lastDrawing.length") == strokes and driver.find_element("id", "status").text == "connected":
                        break
                    time.sleep(0.1)

            restart_and_restore(2)
            check("a drawing survives a server restart", driver.execute_script("return lastDrawing.length") == 2
                  and driver.execute_script(INK_AT, 280, 110) > 0)
            # It is kept as bytes in IndexedDB (no localStorage quota of ~5 M characters), and a copy
            # an older page left in localStorage (base64) is still opened.
            kept = driver.execute_async_script("""const done = arguments[0];
                keptStore.run("readonly", (store) => store.get(keptKey)).then((bytes) => done(
                  [bytes instanceof Uint8Array ? bytes.length : -1, localStorage.getItem(keptKey)]), (error) => done([-2, String(error)]))""")
            check("the drawing is kept as binary bytes in IndexedDB", kept[0] > 100 and kept[1] is None)
            driver.execute_async_script("""const done = arguments[0];
                keptStore.get().then((bytes) => { let text = ""; for (const byte of bytes) text += String.fromCharCode(byte);
                  localStorage.setItem(keptKey, btoa(text));
                  return keptStore.run("readwrite", (store) => store.delete(keptKey)); }).then(() => done(), () => done())""")
            restart_and_restore(2)
            check("a drawing an older page kept in localStorage is opened", driver.execute_script("return lastDrawing.length") == 2)

            # The page's PNG download equals POST /render of the same strokes.
            driver.execute_script("""
                window.capturedBlob = null; window.capturedJSON = null;
                const create = URL.createObjectURL;
                URL.createObjectURL = (blob) => { window.capturedBlob = blob; return create(blob); };
                const originalSend = WebSocket.prototype.send;""")
            click(driver, "save-json")
            settle()
            exported = driver.execute_script("return window.capturedBlob ? window.capturedBlob.text() : null")
            check("the JSON download holds the two strokes", exported is not None and len(json.loads(exported)["strokes"]) == 2)
            click(driver, "save-png")
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

            # Keyboard: Ctrl+Z undoes the last stroke, Ctrl+Shift+Z redoes it.
            from selenium.webdriver.common.action_chains import ActionChains
            from selenium.webdriver.common.keys import Keys
            driver.execute_script(DRAW, "pen", line(60, 520, 400, 520), 0.8)
            settle()
            drawn = driver.execute_script(INK_AT, 230, 520) > 0
            ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
            settle()
            undone = driver.execute_script(INK_AT, 230, 520) == 0
            ActionChains(driver).key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys("z").key_up(Keys.SHIFT).key_up(Keys.CONTROL).perform()
            settle()
            check("Ctrl+Z undoes a stroke and Ctrl+Shift+Z redoes it", drawn and undone and driver.execute_script(INK_AT, 230, 520) > 0)
            # A right-button drag draws nothing.
            driver.execute_script(DRAW, "mouse", line(60, 580, 400, 580), 0.5, 2)
            settle()
            check("a right-button drag draws no ink", driver.execute_script(INK_AT, 230, 580) == 0)
            # Ctrl+wheel zooms about the pointer: the stroke at y 520 moves from (400, 500) twice as far.
            driver.execute_script(WHEEL, 400, 500, -139, True)
            settle()
            zoom = driver.execute_script("return view.s")
            check("Ctrl+wheel zooms about the pointer", 1.9 < zoom < 2.1 and driver.execute_script(INK_AT, 300, 500 + 2 * 20) > 0
                  and driver.execute_script(INK_AT, 300, 520) == 0)
            # The wheel pans; fit shows the whole drawing again.
            driver.execute_script(WHEEL, 300, 300, 300, False)
            settle()
            panned = driver.execute_script("return view.y") < -250
            driver.find_element("id", "fit").click()
            settle()
            box = driver.execute_script("const b = boundsOf(lastDrawing); return [b[0] * view.s + view.x, b[1] * view.s + view.y, b[2] * view.s + view.x, b[3] * view.s + view.y]")
            width, height = driver.execute_script("const b = document.getElementById('live').getBoundingClientRect(); return [b.width, b.height]")
            check("the wheel pans and fit shows the whole drawing", panned and box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height)
            # The finished ink is tiles cached per zoom: a pan of one tile finds its column rendered
            # ahead (the frame is sharp at once), and the tiles are the drawing drawn afresh.
            for _ in range(50):
                if not driver.execute_script("return tiles.busy"):
                    break
                time.sleep(0.1)
            rendered = driver.execute_script("return tiles.rendered")
            in_frame, missing = driver.execute_script(WHEEL_PAN_WORK, 300, 300, 256)
            settle()
            check("a pan shows tiles rendered ahead at once, then renders only the next ring",
                  in_frame == 0 and missing == 0 and 0 < driver.execute_script("return tiles.rendered") - rendered <= 30)
            difference = driver.execute_script(TILES_AGAINST_REDRAW)
            check("the tiled layer is the drawing drawn afresh, without seams", difference[0] < 0.5 and difference[1] <= 64 and difference[2] > 100)
            # A zoom shows the ink at once (the nearest zoom's tiles scaled), then sharp tiles.
            driver.execute_script(WHEEL, 300, 300, -60, True)
            at_once = driver.execute_script(ANY_INK)
            settle()
            check("a zoom shows scaled tiles at once, then sharp ones", at_once > 0 and driver.execute_script("return tiles.frame(viewFrame()).missing") == 0)
            # A file opened with the page's Open control (sent by POST /open, over 16 KiB) far off
            # the page is loaded and fitted to the view.
            far = json.dumps({"strokes": [{"points": [{"x": 5000 + 4 * i, "y": 7000 + (i % 7), "t": i / 60} for i in range(600)]}]})
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
                file.write(far)
            driver.find_element(By.ID, "open").send_keys(file.name)
            settle()
            check("a file opened with Open (over HTTP, over 16 KiB) is loaded and fitted to the view",
                  len(far) > 1 << 14 and driver.execute_script("return lastDrawing.length") == 1 and driver.execute_script(ANY_INK) > 0)

            if screenshot:
                wave = [[60 + i * 4.5, 450 + 60 * __import__("math").sin(i / 9)] for i in range(100)]
                driver.execute_script(DRAW, "pen", wave, 0.9)
                driver.execute_script("const s = document.getElementById('compare'); s.value = 'linear'; s.onchange();")
                time.sleep(1.0)
                driver.save_screenshot(screenshot)
            click(driver, "clear")
            settle()
            check("clear empties the canvas", driver.execute_script(INK_AT, 280, 275) == 0 and driver.execute_script(INK_AT, 120, 102) == 0)
            # A kept drawing the server will not open (here, bytes no reader takes; in use, one past
            # the 8 MiB body limit) is handed over as a file and set aside, never written over.
            driver.execute_async_script("""const done = arguments[0];
                keptStore.set(new Uint8Array([70, 72, 66, 0, 9, 9])).then(() => done(), () => done())""")
            time.sleep(1.2)
            running_server.restart()
            for _ in range(80):
                if "could not be opened" in driver.find_element("id", "status").text:
                    break
                time.sleep(0.1)
            aside = driver.execute_async_script("""const done = arguments[0];
                Promise.all([keptStore.run("readonly", (store) => store.get(keptKey + "-refused")),
                             keptStore.run("readonly", (store) => store.get(keptKey))])
                  .then(([refused, kept]) => done([refused ? refused.length : -1, kept === undefined]), (error) => done([-2, String(error)]))""")
            check("a kept drawing the server refuses is set aside and saved as a file, not written over",
                  "could not be opened" in driver.find_element("id", "status").text and aside == [6, True])
        finally:
            driver.quit()
    phone(serve, screenshot)
    print(f"{checks['passed']} passed, {checks['failed']} failed")
    return 0 if checks["failed"] == 0 else 1


def phone(serve, screenshot):
    """A phone (390 × 844, touch only): the toolbar fits in two rows and a finger draws."""
    with server.running(serve) as base:
        options = Options()
        for flag in ["--headless=new", "--no-sandbox", "--disable-gpu"]:
            options.add_argument(flag)
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True}})
        options.binary_location = "/usr/bin/chromium"
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        try:
            driver.get(base + "/")
            for _ in range(50):
                if driver.execute_script("return socket && socket.readyState === 1"):
                    break
                time.sleep(0.1)
            check("phone: the toolbar fits in at most two rows", driver.execute_script(TOOLBAR_ROWS) <= 2)
            driver.execute_script(DRAW, "touch", line(40, 200, 340, 260, 30), 0.5)
            time.sleep(0.6)
            check("phone: a finger draws ink (no pen has touched the page)", driver.execute_script(INK_AT, 190, 230) > 0)
            if screenshot:
                wave = [[30 + i * 3.3, 420 + 50 * __import__("math").sin(i / 8)] for i in range(100)]
                driver.execute_script(DRAW, "touch", wave, 0.5)
                time.sleep(0.8)
                driver.save_screenshot(screenshot.replace(".png", "-phone.png"))
        finally:
            driver.quit()


if __name__ == "__main__":
    sys.exit(main())
