import Foundation
import FreehandDocument
import FreehandKit
@testable import PlaygroundServer
import Testing

/// The live protocol, message by message, without a network.
struct LiveSessionTests {
    static func reading(_ x: Double, _ y: Double, _ t: Double) -> String {
        #"{"x":\#(x),"y":\#(y),"t":\#(t),"pressure":0.5}"#
    }

    static func line(from start: Double, count: Int, y: Double = 50, time: Double = 0) -> [String] {
        (0..<count).map { reading(start + Double($0) * 6, y, time + Double($0) * 8) }
    }

    static func decode(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func loadsAndZoomsReserveTheInkTheyHoldAndArePastTheServersBudgetRefused() throws {
        let circle = (0..<40).map { index in
            let angle = Double(index) * 0.16
            return #"{"x":\#(100 + 60 * cos(angle)),"y":\#(100 + 60 * sin(angle))}"#
        }
        let json = #"{"strokes":[{"points":[\#(circle.joined(separator: ","))]}]}"#
        let load = #"{"type":"load","data":"\#(Data(json.utf8).base64EncodedString())"}"#
        let small = Allowance(capacity: 1_000)
        var refused = LiveSession(limits: PlaygroundLimits(), opened: nil, held: small)
        let answer = try Self.decode(try #require(refused.handle(load).first))
        #expect(answer["type"] as? String == "error" && (answer["text"] as? String ?? "").contains("holds as much ink"))
        #expect(small.inUse == 0 && refused.heldBytes == 0 && refused.editor.drawing.strokes.isEmpty, "the drawing left as it was")

        let roomy = Allowance(capacity: 1 << 20)
        var session = LiveSession(limits: PlaygroundLimits(), opened: nil, held: roomy)
        #expect(try Self.decode(try #require(session.handle(load).first))["type"] as? String == "drawing")
        let loaded = session.heldBytes
        #expect(loaded >= HeldInk.bytesPerStroke + 40 * HeldInk.bytesPerSample && roomy.inUse == loaded)
        let zoomed = session.handle(#"{"type":"view","scale":8}"#)
        #expect(try Self.decode(try #require(zoomed.last))["type"] as? String == "outlines")
        #expect(session.heldBytes > loaded && roomy.inUse == session.heldBytes, "finer outlines hold more, reserved")
        // One set of outlines is kept: back at 1× and in at 8× again reserves nothing more.
        let zoomedIn = session.heldBytes
        _ = session.handle(#"{"type":"view","scale":1}"#)
        _ = session.handle(#"{"type":"view","scale":8}"#)
        #expect(session.heldBytes == zoomedIn && roomy.inUse == zoomedIn)
        // Another file: its samples are added (the history keeps the first), its outlines only past the most held.
        #expect(try Self.decode(try #require(session.handle(load).first))["type"] as? String == "drawing")
        #expect(session.heldBytes == zoomedIn + HeldInk.drawingBytes(of: session.editor.drawing.strokes) && roomy.inUse == session.heldBytes)
    }

    /// The first `ink` message among `answers`.
    static func firstInk(_ answers: [String]) throws -> [String: Any] {
        try #require(try answers.map(decode).first { $0["type"] as? String == "ink" })
    }

    /// Draws one pointer's stroke: down with the first reading, moves of three, up with the last.
    static func draw(_ readings: [String], id: Int, pointerType: String = "pen", on session: inout LiveSession) -> [String] {
        var answers = session.handle(#"{"type":"down","id":\#(id),"pointerType":"\#(pointerType)","samples":[\#(readings[0])]}"#)
        var index = 1
        while index < readings.count - 1 {
            let chunk = readings[index..<min(index + 3, readings.count - 1)]
            let predicted = readings[min(index + 3, readings.count - 1)]
            answers += session.handle(#"{"type":"move","id":\#(id),"samples":[\#(chunk.joined(separator: ","))],"predicted":[\#(predicted)]}"#)
            index += chunk.count
        }
        answers += session.handle(#"{"type":"up","id":\#(id),"samples":[\#(readings[readings.count - 1])]}"#)
        return answers
    }

    @Test func aPenStrokeStreamsInkAndEndsInTheDrawing() throws {
        var session = LiveSession()
        let answers = Self.draw(Self.line(from: 10, count: 30), id: 1, on: &session)
        let messages = try answers.map(Self.decode)
        let ink = messages.filter { $0["type"] as? String == "ink" }
        #expect(ink.count >= 10)
        #expect(ink.dropLast().contains { ($0["provisional"] as? [String: Any]) != nil }, "a live tail while drawing")
        #expect(ink.last?["done"] as? Bool == true)
        let drawing = try #require(messages.last)
        // The page had no stroke: the pen-up sends the one it added, not the drawing again.
        #expect(drawing["type"] as? String == "append")
        #expect((drawing["strokes"] as? [Any])?.count == 1)
        #expect(drawing["canUndo"] as? Bool == true)
        #expect(session.editor.drawing.strokes.first?.samples.count == 30, "predicted readings are not kept")
    }

    @Test func aPenUpSendsOnlyTheStrokeItAddedAndAnythingElseTheDrawing() throws {
        var session = LiveSession()
        for index in 0..<5 {
            let last = try Self.decode(try #require(Self.draw(Self.line(from: Double(index * 10), count: 12), id: index + 1, on: &session).last))
            #expect(last["type"] as? String == "append" && (last["strokes"] as? [Any])?.count == 1, "stroke \(index)")
        }
        // An undo sends the whole drawing; the next stroke is again one on top of it.
        let undone = try Self.decode(try #require(session.handle(#"{"type":"undo"}"#).last))
        #expect(undone["type"] as? String == "drawing" && (undone["strokes"] as? [Any])?.count == 4)
        let next = try Self.decode(try #require(Self.draw(Self.line(from: 90, count: 12), id: 9, on: &session).last))
        #expect(next["type"] as? String == "append" && (next["strokes"] as? [Any])?.count == 1)
        #expect(session.editor.drawing.strokes.count == 5)
    }

    @Test func undoRedoAndClearEditTheDrawing() throws {
        var session = LiveSession()
        _ = Self.draw(Self.line(from: 10, count: 10), id: 1, on: &session)
        _ = Self.draw(Self.line(from: 10, count: 10, y: 90, time: 1000), id: 2, on: &session)
        var answer = try Self.decode(try #require(session.handle(#"{"type":"undo"}"#).first))
        #expect((answer["strokes"] as? [Any])?.count == 1 && answer["canRedo"] as? Bool == true)
        answer = try Self.decode(try #require(session.handle(#"{"type":"redo"}"#).first))
        #expect((answer["strokes"] as? [Any])?.count == 2)
        answer = try Self.decode(try #require(session.handle(#"{"type":"clear"}"#).first))
        #expect((answer["strokes"] as? [Any])?.count == 0 && answer["canUndo"] as? Bool == true)
    }

    /// The page's policy (`FingerPolicy.drawThenErase`): on a page no pen has touched (a phone), a
    /// finger draws; once a pen has drawn, fingers erase.
    @Test func aFingerDrawsUntilAPenHasTouchedThePage() throws {
        var session = LiveSession()
        let first = Self.draw(Self.line(from: 10, count: 20), id: 1, pointerType: "touch", on: &session)
        #expect(try Self.firstInk(first)["erases"] as? Bool == false)
        #expect(try Self.decode(try #require(first.first))["role"] as? String == "draw")
        #expect(session.editor.drawing.strokes.count == 1, "the finger drew")
        _ = Self.draw(Self.line(from: 10, count: 20, y: 120, time: 1000), id: 2, on: &session)
        let across = (0..<12).map { Self.reading(60, 20 + Double($0) * 10, 2000 + Double($0) * 8) }
        let erasing = Self.draw(across, id: 3, pointerType: "touch", on: &session)
        #expect(try Self.firstInk(erasing)["erases"] as? Bool == true)
        #expect(try Self.decode(try #require(erasing.first))["role"] as? String == "erase")
        #expect(session.editor.drawing.strokes.count == 4, "both strokes cut in two")
    }

    /// A zoomed page gets outlines fitted to its pixels (more points, no facets); a small change of
    /// zoom or a scale that is no number is not worth outlining again.
    @Test func aViewMessageFitsTheOutlinesToThePagesZoom() throws {
        var session = LiveSession()
        let loop = (0..<40).map { step -> String in
            let angle = 2 * Double.pi * Double(step) / 39
            return Self.reading(100 + 30 * cos(angle), 100 + 30 * sin(angle), Double(step) * 8)
        }
        let drawn = Self.draw(loop, id: 1, on: &session)
        func points(_ answer: String) throws -> Int {
            let strokes = try #require(try Self.decode(answer)["strokes"] as? [[String: Any]])
            return ((strokes.first?["piece"] as? [String: Any])?["points"] as? [Double])?.count ?? 0
        }
        let atOne = try points(try #require(drawn.last))
        let zoomed = session.handle(#"{"type":"view","scale":6}"#)
        #expect(session.outlineScale == 6)
        #expect(try points(try #require(zoomed.first)) > atOne * 2)
        #expect(session.handle(#"{"type":"view","scale":6.5}"#).isEmpty, "a small step outlines nothing again")
        _ = session.handle(#"{"type":"view","scale":100}"#)
        #expect(session.outlineScale == 8)
        #expect(try Self.decode(try #require(session.handle(#"{"type":"view"}"#).first))["type"] as? String == "error")
    }

    /// A zoom change is heavy work (off the connection) that tells the page only what changed:
    /// `outlines` messages of about `messageBytes` each (a mebibyte; 4 KiB here, to keep the test
    /// light), whose strokes patch the page's list into the drawing a fresh load at that zoom sends;
    /// past its deadline it changes nothing and says so.
    @Test func aZoomChangeSendsOnlyChangedOutlinesInSmallMessages() throws {
        let strokes = (0..<20).map { index -> String in
            let cx = Double(index % 10) * 70 + 40, cy = Double(index / 10) * 70 + 40
            let points = (0..<30).map { step -> String in
                let angle = 2 * Double.pi * Double(step) / 29
                return #"{"x":\#(cx + 30 * cos(angle)),"y":\#(cy + 30 * sin(angle)),"t":\#(Double(step) * 0.008)}"#
            }
            return #"{"points":[\#(points.joined(separator: ","))]}"#
        }
        let load = #"{"type":"load","data":"\#(Data(#"{"strokes":[\#(strokes.joined(separator: ","))]}"#.utf8).base64EncodedString())"}"#
        var session = LiveSession()
        let loaded = try Self.decode(try #require(session.handle(load).first))
        var list = try #require(loaded["strokes"] as? [Any])
        #expect(list.count == 20)

        guard case .outlines(var refresh) = try #require(session.heavyWork(for: #"{"type":"view","scale":8}"#), "a zoom change is heavy work") else {
            Issue.record("a zoom change is outline work")
            return
        }
        refresh.messageBytes = 4096
        let work = LiveWork.outlines(refresh)
        guard case .failed = work.run(until: .now - .seconds(1)) else {
            Issue.record("work past its deadline fails")
            return
        }
        #expect(session.take(work.run(until: .now - .seconds(1))).count == 1)
        #expect(session.outlineScale == 1, "nothing changed past the deadline")

        let answers = session.take(work.run(until: .now + .seconds(60)))
        #expect(session.outlineScale == 8)
        #expect(answers.count > 3, "more than one message")
        for (index, answer) in answers.enumerated() {
            #expect(answer.utf8.count < 8192, "message \(index) is \(answer.utf8.count) bytes")
            let message = try Self.decode(answer)
            #expect(message["type"] as? String == "outlines")
            #expect(message["done"] as? Bool == (index == answers.count - 1))
            let indices = try #require(message["indices"] as? [Int]), changed = try #require(message["strokes"] as? [Any])
            for (place, stroke) in zip(indices, changed) { list[place] = stroke }
        }
        let reloaded = try Self.decode(try #require(session.handle(load).first))
        let fresh = try #require(reloaded["strokes"] as? [Any])
        #expect(NSArray(array: list) == NSArray(array: fresh), "the patched list is the drawing at 8×")

        // Outlines the page already has are not sent again: one empty message ends the refresh.
        let same = OutlineRefresh(
            job: session.session.outlineJob(scale: 8), shown: session.session.outlines, colors: Array(repeating: "#000000", count: 20), estimatedBytes: 0)
        let unchanged = try #require(same.run(until: .now + .seconds(60))?.messages)
        #expect(unchanged.count == 1)
        #expect(try Self.decode(try #require(unchanged.first))["strokes"] as? [Any] != nil)
        #expect(unchanged.first?.contains(#""indices":[]"#) == true && unchanged.first?.contains(#""done":true"#) == true, "\(unchanged)")
    }

    @Test func aFingerErasesAndTheEraserToolErasesForEveryPointer() throws {
        var session = LiveSession()
        _ = Self.draw(Self.line(from: 10, count: 40), id: 1, on: &session)
        let across = (0..<10).map { Self.reading(120, 20 + Double($0) * 6, 2000 + Double($0) * 8) }
        let answers = Self.draw(across, id: 2, pointerType: "touch", on: &session)
        #expect(try Self.firstInk(answers)["erases"] as? Bool == true)
        #expect(session.editor.drawing.strokes.count == 2, "cut in two")
        _ = session.handle(##"{"type":"settings","settings":{"technique":"freehand","brush":"pressure","color":"#ff0000","tool":"eraser"}}"##)
        _ = Self.draw((0..<10).map { Self.reading(40, 20 + Double($0) * 6, 3000 + Double($0) * 8) }, id: 3, on: &session)
        #expect(session.editor.drawing.strokes.count == 3)
        // The outlines the page is sent, kept in step with every edit, are the strokes' own.
        _ = session.handle(#"{"type":"undo"}"#)
        let kept = try Self.decode(try #require(session.handle(#"{"type":"redo"}"#).first))
        let fresh = try Self.decode(try #require(session.handle(#"{"type":"compare","settings":{"technique":"freehand"}}"#).first))
        #expect((kept["strokes"] as? [[String: Any]])?.count == 3)
        #expect(NSArray(array: kept["strokes"] as? [Any] ?? []) == NSArray(array: fresh["strokes"] as? [Any] ?? []))
    }

    @Test func aStabilizerSettingSteadiesTheLiveStrokeAndIsSavedWithIt() throws {
        var session = LiveSession()
        _ = session.handle(#"{"type":"settings","settings":{"technique":"freehand","brush":"pressure","stabilizer":"string:0.5"}}"#)
        #expect(session.settings.stabilizer == "string:0.5")
        _ = Self.draw(Self.line(from: 10, count: 30), id: 1, on: &session)
        let stroke = try #require(session.editor.drawing.strokes.first)
        #expect(stroke.stabilizer == (try Stabilizer(.string, strength: 0.5)))
        // Exported and loaded again, it keeps it.
        let export = try Self.decode(try #require(session.handle(#"{"type":"export"}"#).first))
        #expect((export["text"] as? String)?.contains(#""stabilizer":"string:0.5""#) == true)
        // Turned off, the next stroke has none.
        _ = session.handle(#"{"type":"settings","settings":{"technique":"freehand","brush":"pressure"}}"#)
        _ = Self.draw(Self.line(from: 60, count: 30), id: 2, on: &session)
        #expect(session.editor.drawing.strokes.last?.stabilizer == nil)
    }

    @Test func cancelLeavesNothingAndExportAndLoadRoundTrip() throws {
        var session = LiveSession()
        _ = session.handle(#"{"type":"down","id":5,"pointerType":"pen","samples":[\#(Self.reading(1, 1, 0))]}"#)
        _ = session.handle(#"{"type":"cancel","id":5}"#)
        #expect(session.editor.drawing.strokes.isEmpty)
        _ = Self.draw(Self.line(from: 10, count: 12), id: 1, on: &session)
        let export = try Self.decode(try #require(session.handle(#"{"type":"export"}"#).first))
        let json = try #require(export["text"] as? String)
        var other = LiveSession()
        let loaded = try Self.decode(try #require(other.handle(#"{"type":"load","data":"\#(Data(json.utf8).base64EncodedString())"}"#).first))
        #expect((loaded["strokes"] as? [Any])?.count == 1)
        #expect(other.editor.drawing == session.editor.drawing)
        let compared = try Self.decode(try #require(other.handle(#"{"type":"compare","settings":{"technique":"linear"}}"#).first))
        #expect(compared["type"] as? String == "compare" && (compared["strokes"] as? [Any])?.count == 1)
    }

    @Test func aCompareIsHeavyWorkThatStopsAtItsDeadline() throws {
        var session = LiveSession()
        _ = Self.draw(Self.line(from: 10, count: 20), id: 1, on: &session)
        _ = Self.draw(Self.line(from: 60, count: 20), id: 2, on: &session)
        let message = #"{"type":"compare","settings":{"technique":"linear"}}"#
        #expect(session.heavyWork(for: #"{"type":"undo"}"#) == nil, "other messages are answered by handle")
        #expect(session.heavyWork(for: #"{"type":"compare","settings":{"technique":"no-such"}}"#) == nil, "handle says why")
        guard case .compare(let work) = try #require(session.heavyWork(for: message)) else {
            Issue.record("a compare is compare work")
            return
        }
        let done = try Self.decode(work.run(until: nil))
        #expect(done["type"] as? String == "compare" && (done["strokes"] as? [Any])?.count == 2)
        let onTask = try Self.decode(try #require(session.handle(message).first))
        #expect(NSDictionary(dictionary: done) == NSDictionary(dictionary: onTask), "the same answer as on the connection's task")
        let late = try Self.decode(work.run(until: .now - .seconds(1)))
        #expect(late["type"] as? String == "error")
        #expect((late["text"] as? String)?.contains("after 0 of 2 strokes") == true, "\(late)")
    }

    /// A recording in tablet units with its y axis up (as a WinTab tablet's) lands on the canvas in
    /// points, the right way up: where the user draws beside it.
    @Test func aLoadedTabletRecordingIsPlacedInPointsTheRightWayUp() throws {
        let json = #"{"units":"x,y: Wacom Intuos tablet units (y axis points UP)","strokes":[{"points":[{"x":1000,"y":2000,"t":0},{"x":1000,"y":1000,"t":0.01},{"x":1000,"y":0,"t":0.02}]}]}"#
        var session = LiveSession()
        _ = try #require(session.handle(#"{"type":"load","data":"\#(Data(json.utf8).base64EncodedString())"}"#).first)
        let samples = try #require(session.editor.drawing.strokes.first?.samples)
        let millimetre = 72 / 25.4
        #expect(samples.map(\.location.x).allSatisfy { abs($0 - 10 * millimetre) < 1e-9 })
        // The first reading was the highest on the tablet: it is the top of the page now, 20 mm above the last.
        #expect(abs(samples[samples.count - 1].location.y - samples[0].location.y - 20 * millimetre) < 1e-9)
    }

    @Test func badMessagesGetAnErrorAndTheSessionGoesOn() throws {
        var session = LiveSession()
        for bad in ["not json", #"{"type":"fly"}"#, #"{"type":"down"}"#, #"{"type":"load","data":"!!"}"#,
                    ##"{"type":"settings","settings":{"technique":"wobbly","brush":"pressure","color":"#000","tool":"pen"}}"##,
                    #"{"type":"settings","settings":{"technique":"linear","brush":"pressure","color":"plaid","tool":"pen"}}"#,
                    #"{"type":"settings","settings":{"technique":"linear","brush":"pressure","stabilizer":"rope:0.5"}}"#,
                    #"{"type":"settings","settings":{"technique":"linear","brush":"pressure","stabilizer":"string:7"}}"#,
                    #"{"type":"load","data":"\#(Data("<nope".utf8).base64EncodedString())"}"#] {
            let answer = try Self.decode(try #require(session.handle(bad).first))
            #expect(answer["type"] as? String == "error", "\(bad)")
        }
        var limits = PlaygroundLimits()
        limits.samplesPerStroke = 20
        var bounded = LiveSession(limits: limits)
        let answers = Self.draw(Self.line(from: 0, count: 40), id: 1, on: &bounded)
        #expect(answers.contains { $0.contains(#""type":"error""#) })
        #expect(Self.draw(Self.line(from: 0, count: 10), id: 2, on: &bounded).last?.contains(#""type":"append""#) == true)
        // A full drawing keeps no more strokes, and says so.
        limits.strokes = 1
        var full = LiveSession(limits: limits)
        _ = Self.draw(Self.line(from: 0, count: 10), id: 1, on: &full)
        let refused = Self.draw(Self.line(from: 0, count: 10, y: 80), id: 2, on: &full)
        #expect(refused.contains { $0.contains("the drawing is full") })
        #expect(full.editor.drawing.strokes.count == 1)
    }

    @Test func anUnreadableMessageIsAnsweredInWordsAndClipped() throws {
        var session = LiveSession()
        for text in [#"{"type":5}"#, #"{"id":1}"#, "not json", #"{"type":"down","id":"one"}"#] {
            let answer = try Self.decode(try #require(session.handle(text).first))
            let message = try #require(answer["text"] as? String)
            #expect(answer["type"] as? String == "error")
            #expect(!message.contains("Swift") && !message.contains("Error") && !message.contains("CodingKeys"), "\(text) → \(message)")
        }
        let long = try Self.decode(try #require(session.handle(#"{"type":""# + String(repeating: "x", count: 100_000) + #""}"#).first))
        #expect((long["text"] as? String)?.count ?? .max <= PlaygroundError.maximumLength + 1)
    }
}

/// Selection and hold to snap in the live protocol.
struct LiveSessionSelectionTests {
    /// A circle round (200, 200), radius 60, at 120 Hz (times in ms), then a rest of `hold` ms.
    static func circle(hold: Double) -> [String] {
        var readings = (0...140).map { step -> String in
            let angle = 2 * Double.pi * Double(step) / 135
            return LiveSessionTests.reading(200 + (60 + 2 * sin(6 * angle)) * cos(angle), 200 + 60 * sin(angle), Double(step) * 1000 / 120)
        }
        let end = 140 * 1000 / 120.0
        readings.append(LiveSessionTests.reading(200 + 60 * cos(2 * Double.pi * 140 / 135) + 0.5, 200 + 60 * sin(2 * Double.pi * 140 / 135), end + hold))
        return readings
    }

    @Test func heldWithSnapOnACircleBecomesACleanCircleAndUndoGivesItBack() {
        var session = LiveSession()
        _ = session.handle(#"{"type":"settings","settings":{"snap":true}}"#)
        _ = LiveSessionTests.draw(Self.circle(hold: 600), id: 1, on: &session)
        let snapped = session.editor.drawing.strokes.map { $0.samples.map { $0.location.distance(to: Point2D(200, 200)) } }
        #expect(snapped.count == 1)
        #expect(snapped.first.map { ($0.max() ?? 0) - ($0.min() ?? 0) < 1 } ?? false)
        _ = session.handle(#"{"type":"undo"}"#)
        #expect(session.editor.drawing.strokes.first?.samples.count == Self.circle(hold: 600).count)
        // Lifted at once, or with snap off, the stroke stays as drawn.
        var quick = LiveSession()
        _ = quick.handle(#"{"type":"settings","settings":{"snap":true}}"#)
        _ = LiveSessionTests.draw(Self.circle(hold: 20), id: 1, on: &quick)
        #expect(quick.editor.drawing.strokes.first?.samples.count == Self.circle(hold: 20).count)
        var off = LiveSession()
        _ = LiveSessionTests.draw(Self.circle(hold: 600), id: 1, on: &off)
        #expect(off.editor.drawing.strokes.first?.samples.count == Self.circle(hold: 600).count)
    }

    @Test func theSessionSnapsWithinTheDrawingsSampleLimit() {
        let limits = PlaygroundLimits()
        #expect(LiveSession(limits: limits).session.drawingSampleLimit == limits.samples)
    }

    @Test func aSecondLassoEndsTheFirstAndPointersKeepTheKindTheyBeganAs() throws {
        var session = LiveSession()
        _ = LiveSessionTests.draw(LiveSessionTests.line(from: 100, count: 10, y: 100), id: 1, pointerType: "mouse", on: &session)
        _ = session.handle(#"{"type":"settings","settings":{"tool":"lasso"}}"#)
        _ = session.handle(#"{"type":"down","id":7,"pointerType":"mouse","samples":[{"x":60,"y":40,"t":0}]}"#)
        _ = session.handle(#"{"type":"down","id":8,"pointerType":"mouse","samples":[{"x":60,"y":40,"t":1}]}"#)
        #expect(session.session.isLive(8) && !session.session.isLive(7), "one lasso at a time")
        #expect(session.handle(#"{"type":"up","id":7,"samples":[{"x":200,"y":160,"t":9}]}"#).isEmpty, "the ended lasso's up changes nothing")
        // A stroke's later messages without a pointer type keep the kind it began as.
        _ = session.handle(#"{"type":"settings","settings":{"tool":"pen"}}"#)
        _ = session.handle(#"{"type":"down","id":9,"pointerType":"touch","samples":[{"x":10,"y":300,"t":20}]}"#)
        #expect(session.session.kind(of: 9) == .finger)
        _ = session.handle(#"{"type":"move","id":9,"samples":[{"x":40,"y":300,"t":30},{"x":80,"y":300,"t":40}]}"#)
        _ = session.handle(#"{"type":"up","id":9,"samples":[{"x":90,"y":300,"t":50}]}"#)
        #expect(session.editor.drawing.strokes.count == 2, "no pen has touched: the finger drew")
        #expect(session.editor.drawing.strokes.last?.samples.allSatisfy { $0.kind == .finger } == true)
    }

    @Test func aLassoSelectsADragMovesAndActionsEditTheSelection() throws {
        var session = LiveSession()
        _ = LiveSessionTests.draw(LiveSessionTests.line(from: 100, count: 10, y: 100), id: 1, on: &session)
        _ = LiveSessionTests.draw(LiveSessionTests.line(from: 400, count: 10, y: 100, time: 1000), id: 2, on: &session)
        _ = session.handle(#"{"type":"settings","settings":{"tool":"lasso"}}"#)
        let loop = (0..<40).map { step -> String in
            let angle = 2 * Double.pi * Double(step) / 42
            return LiveSessionTests.reading(130 + 80 * cos(angle), 100 + 50 * sin(angle), 2000 + Double(step) * 8)
        }
        let answers = LiveSessionTests.draw(loop, id: 3, pointerType: "touch", on: &session)
        let selection = try LiveSessionTests.decode(try #require(answers.last))
        #expect(selection["type"] as? String == "selection")
        #expect(selection["indices"] as? [Int] == [0])
        #expect(session.editor.drawing.strokes.count == 2, "a lasso draws nothing")
        // Drag from inside the selection 40 pt down.
        let drag = (0..<6).map { LiveSessionTests.reading(130, 100 + Double($0) * 8, 3000 + Double($0) * 8) }
        _ = LiveSessionTests.draw(drag, id: 4, on: &session)
        #expect(session.editor.drawing.strokes[0].samples.first?.location == Point2D(100, 140))
        _ = session.handle(#"{"type":"select-action","action":"duplicate"}"#)
        #expect(session.editor.drawing.strokes.count == 3 && session.selected == [2])
        _ = session.handle(##"{"type":"select-action","action":"recolor","color":"#ff0000"}"##)
        #expect(session.editor.drawing.strokes[2].color.red == 1)
        _ = session.handle(#"{"type":"select-action","action":"scale","factor":2}"#)
        #expect(session.editor.drawing.strokes[2].brushOptions.width == 4)
        _ = session.handle(#"{"type":"select-action","action":"delete"}"#)
        #expect(session.editor.drawing.strokes.count == 2 && session.selected.isEmpty)
        let unknown = try LiveSessionTests.decode(try #require(session.handle(#"{"type":"select-action","action":"explode"}"#).first))
        #expect(unknown["type"] as? String == "selection", "with nothing selected an action does nothing")
    }

    /// Selects the drawing's only stroke with a lasso round (`x`, `y`), 200 pt across.
    static func selectAll(around x: Double, _ y: Double, on session: inout LiveSession) {
        _ = session.handle(#"{"type":"settings","settings":{"tool":"lasso"}}"#)
        let loop = (0..<40).map { step -> String in
            let angle = 2 * Double.pi * Double(step) / 42
            return LiveSessionTests.reading(x + 100 * cos(angle), y + 100 * sin(angle), 5000 + Double(step) * 8)
        }
        _ = LiveSessionTests.draw(loop, id: 90, pointerType: "touch", on: &session)
    }

    @Test func aPointerGoingDownIsToldItsRoleAndTheSelectionsReachIsEightPixelsAtThePagesZoom() throws {
        var session = LiveSession()
        let pen = try LiveSessionTests.decode(try #require(LiveSessionTests.draw(LiveSessionTests.line(from: 100, count: 10, y: 100), id: 1, on: &session).first))
        #expect(pen["type"] as? String == "pointer" && pen["id"] as? Int == 1 && pen["role"] as? String == "draw")
        Self.selectAll(around: 130, 100, on: &session)
        let bounds = try #require(session.session.selection.bounds)
        let near = #"{"x":\#(bounds.max.x + 6),"y":\#(bounds.center.y),"t":9000}"#
        func role(_ id: Int, zoom: Double) throws -> String? {
            let answers = session.handle(#"{"type":"down","id":\#(id),"pointerType":"mouse","zoom":\#(zoom),"samples":[\#(near)]}"#)
            _ = session.handle(#"{"type":"cancel","id":\#(id)}"#)
            return try LiveSessionTests.decode(try #require(answers.first))["role"] as? String
        }
        #expect(try role(91, zoom: 1) == "drag", "6 pt off the selection at 1×: within 8 px")
        #expect(!session.selected.isEmpty, "a cancelled drag leaves the selection")
        #expect(try role(92, zoom: 4) == "lasso", "6 pt off at 4×: 24 px away")
        _ = session.handle(#"{"type":"settings","settings":{"tool":"eraser"}}"#)
        #expect(try role(93, zoom: 1) == "erase")
    }

    @Test func aDuplicateThatWouldPassTheDrawingsLimitsIsRefusedWithAReason() throws {
        var limits = PlaygroundLimits()
        limits.samples = 25
        var session = LiveSession(limits: limits)
        _ = LiveSessionTests.draw(LiveSessionTests.line(from: 100, count: 10, y: 100), id: 1, on: &session)
        Self.selectAll(around: 130, 100, on: &session)
        let samples = session.editor.drawing.sampleCount
        _ = session.handle(#"{"type":"select-action","action":"duplicate"}"#)
        #expect(session.editor.drawing.sampleCount == 2 * samples, "the first copy fits")
        let refused = try LiveSessionTests.decode(try #require(session.handle(#"{"type":"select-action","action":"duplicate"}"#).first))
        #expect(refused["type"] as? String == "error")
        #expect(session.editor.drawing.sampleCount == 2 * samples, "\(session.editor.drawing.sampleCount) samples, over the limit of 25")
    }

    @Test func scalingThatWouldTakeInkPastTheCoordinateLimitIsRefusedAndTheDrawingStaysExportable() throws {
        var session = LiveSession()
        _ = LiveSessionTests.draw(LiveSessionTests.line(from: 100, count: 10, y: 100), id: 1, on: &session)
        Self.selectAll(around: 130, 100, on: &session)
        var refusals = 0
        for _ in 0..<12 {
            let answer = try LiveSessionTests.decode(try #require(session.handle(#"{"type":"select-action","action":"scale","factor":20}"#).first))
            if answer["type"] as? String == "error" { refusals += 1 }
        }
        #expect(refusals > 0, "20^12 is past 10^9")
        let limit = SampleValidation.coordinateLimit
        #expect(session.editor.drawing.strokes.allSatisfy { $0.samples.allSatisfy { abs($0.location.x) <= limit && abs($0.location.y) <= limit } })
        let export = try LiveSessionTests.decode(try #require(session.handle(#"{"type":"export"}"#).first))
        let json = try #require(export["text"] as? String)
        #expect(try PlaygroundInput.drawing(from: Data(json.utf8), limits: PlaygroundLimits()).strokes.count == 1, "the export opens again")
    }

    /// The page keeps its drawing as a binary export (base64), which reads back as the same drawing
    /// and, as the page keeps it, is under a third of the JSON export (a browser's samples: some 33
    /// characters against 159).
    @Test func aBinaryExportOpensAgainAsTheSameDrawingAtUnderAThirdOfTheJSONsSize() throws {
        let strokes = (0..<10).map { (index: Int) -> StrokeRecord in
            let samples = (0..<1000).map { (step: Int) -> Sample in
                let x = Double(step % 1000) + 0.37, y = Double(index * 20) + Double(step % 7) * 0.25
                return Sample(location: Point2D(x, y), timestamp: Double(step) / 240, force: 0.5)
            }
            return StrokeRecord(samples: samples)
        }
        let drawing = Drawing(strokes: strokes)
        var session = LiveSession()
        let file = try InkFileFormat.binary.bytes(for: drawing).base64EncodedString()
        _ = session.handle(#"{"type":"load","data":"\#(file)"}"#)
        #expect(session.editor.drawing == drawing)
        let answer = try LiveSessionTests.decode(try #require(session.handle(#"{"type":"export","format":"binary"}"#).first))
        #expect(answer["format"] as? String == "binary")
        let text = try #require(answer["text"] as? String)
        let bytes = try #require(Data(base64Encoded: text))
        #expect(try PlaygroundInput.drawing(from: bytes, limits: PlaygroundLimits()) == drawing, "the same drawing back")
        let json = try LiveSessionTests.decode(try #require(session.handle(#"{"type":"export"}"#).first))
        #expect(((json["text"] as? String)?.utf8.count ?? 0) > 3 * text.utf8.count, "JSON is over three times the kept text (\(text.utf8.count) characters)")
        #expect(try LiveSessionTests.decode(try #require(session.handle(#"{"type":"export","format":"png"}"#).first))["type"] as? String == "error")
    }
}
