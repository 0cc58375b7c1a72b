#!/usr/bin/env bash
# Draws the pictures of the DocC pages (one per technique, brush and preset) with the `freehand`
# command line from the bundled real recordings (MIT and Apache-2.0 fixtures). Run it after a change
# that alters how ink looks, and commit the result. Usage: tools/doc_pictures.sh [path/to/freehand]
set -euo pipefail
cd "$(dirname "$0")/.."
cli="${1:-.build/release/freehand}"
out=Sources/FreehandKit/FreehandKit.docc/Resources
fixtures=Tests/FreehandKitTests/Fixtures
mkdir -p "$out"

# Techniques: the centreline over the samples it was given, on a mouse-drawn word thinned to 1 in 3.
# "hey" has no timestamps; the timed technique is shown on "he", which has.
for technique in $("$cli" names techniques); do
    recording="$fixtures/perfect-freehand-hey.json"
    [ "$technique" = timed-hermite ] && recording="$fixtures/perfect-freehand-he2.json"
    "$cli" compare "$recording" --techniques "$technique" --every 3 -o "$out/technique-$technique.png"
done

# Brushes: a pen recording with force and tilt (Wacom, 480 Hz), each brush at its defaults. No open
# recording holds a finger's contact radius, so contact-radius has no picture.
# The highlighter is a translucent wash: shown in a highlighter's yellow. (Names: the binary's own.)
for brush in $("$cli" names brushes); do
    case "$brush" in
    contact-radius) ;;
    highlighter) "$cli" render "$fixtures/wacom-hello-ink.json" --brush highlighter --color "#ffd400" --fit 480x160 --trim -o "$out/brush-highlighter.png" ;;
    *) "$cli" render "$fixtures/wacom-hello-ink.json" --brush "$brush" --fit 480x160 --trim -o "$out/brush-$brush.png" ;;
    esac
done

# Presets: the same handwriting in each.
for preset in $("$cli" names presets); do
    [ "$preset" = highlighter ] && continue  # drawn with the brushes, in its yellow
    "$cli" render "$fixtures/wacom-hello-ink.json" --preset "$preset" --fit 480x160 --trim -o "$out/preset-$preset.png"
done
"$cli" render "$fixtures/wacom-hello-ink.json" --preset highlighter --color "#ffd400" --fit 480x160 --trim -o "$out/preset-highlighter.png"
