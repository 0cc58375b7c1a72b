import FreehandKit

/// The reader behind `InkML.drawing(from:)`: it follows the events of an `XMLScanner`.
struct InkMLReader {
    struct Channel {
        var name: String
        var units: String?
        var maximum: Double?
        var resolution: Double = 1

        /// Millimetres per unit of a length in InkML's other physical units (`cm`, `m`, `in`,
        /// `himetric`: 1/100 mm), which are read as millimetres; nil for any other unit.
        var millimetresPerUnit: Double? {
            switch units {
            case "cm": 10
            case "m": 1000
            case "in": 25.4
            case "himetric": 0.01
            default: nil
            }
        }
    }

    let limits: InkFileLimits
    private(set) var strokes: [[Sample]] = []
    private(set) var sawInk = false

    private var inInk = false
    private var readingFormat: [Channel]?
    private var channels: [Channel] = [Channel(name: "X"), Channel(name: "Y")]
    private var kind: PointerKind = .pen
    /// Contexts by `xml:id`: their channels and pointer kind, for traces that name one.
    private var contexts: [String: (channels: [Channel], kind: PointerKind)] = [:]
    private var contextID: String?
    /// The current channels and kind while a trace that named another context is read.
    private var savedContext: (channels: [Channel], kind: PointerKind)?
    private var traceText: String?
    private var traceIsPenUp = false
    /// The annotation being read (`source`, `license`, `units`, `sampleRate`) and its text so far.
    private var annotation: (type: String, text: String)?
    /// What the recording says about itself: from annotations, else the units X declares.
    private(set) var recording = RecordingInfo()
    private var pointCount = 0

    init(limits: InkFileLimits) {
        self.limits = limits
    }

    /// The element's name without its namespace prefix: its last part between colons that is not empty.
    private func local(_ name: String) -> String {
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        let after = name.utf8.index(after: colon)
        guard after == name.endIndex else { return String(name[after...]) }
        return name.split(separator: ":").last.map(String.init) ?? name
    }

    /// Reads every event of `scanner` to the end of the document.
    mutating func read(_ scanner: inout XMLScanner) throws(InkFormatError) {
        while let event = try scanner.next() {
            switch event {
            case .start(let name, let attributes): try start(name, attributes: attributes)
            case .end(let name): try end(name)
            case .text(let text):
                if traceText != nil { traceText! += text }
                if annotation != nil { annotation!.text += text }
            }
        }
    }

    private mutating func start(_ name: String, attributes: [String: String]) throws(InkFormatError) {
        let element = local(name)
        if element == "ink" {
            inInk = true
            sawInk = true
        }
        guard inInk else { return }
        switch element {
        case "annotation":
            if let type = attributes["type"], ["source", "license", "units", "sampleRate"].contains(type) { annotation = (type, "") }
        case "traceFormat":
            readingFormat = []
        case "context":
            contextID = attributes["xml:id"] ?? attributes["id"]
            if let reference = attributes["contextRef"], let known = contexts[String(reference.drop { $0 == "#" })] {
                (channels, kind) = known
            }
        case "inkSource":
            switch attributes["description"]?.lowercased() {
            case "finger", "touch": kind = .finger
            case "mouse": kind = .mouse
            case "pen": kind = .pen
            default: break
            }
        case "channel":
            guard let format = readingFormat, let channelName = attributes["name"] else { return }
            guard format.count < limits.maximumChannels else {
                throw .limitExceeded("more than \(limits.maximumChannels) channels in a trace format (maximumChannels)")
            }
            readingFormat?.append(Channel(name: channelName, units: attributes["units"], maximum: attributes["max"].flatMap(Double.init)))
        case "channelProperty":
            guard attributes["name"] == "resolution", let channelName = attributes["channel"],
                  let value = attributes["value"].flatMap(Double.init), value > 0, value.isFinite,
                  let index = channels.firstIndex(where: { $0.name == channelName }) else { return }
            channels[index].resolution = value
        case "trace":
            // A trace holds points only; one inside another is not InkML, and taking either
            // trace's points alone would lose the other's.
            guard traceText == nil else { throw .malformed("trace \(strokes.count): a trace inside a trace") }
            traceText = ""
            traceIsPenUp = attributes["type"] == "penUp"
            if let reference = attributes["contextRef"], let known = contexts[String(reference.drop { $0 == "#" })] {
                savedContext = (channels, kind)
                (channels, kind) = known
            }
            if strokes.count >= limits.maximumStrokes {
                throw .limitExceeded("more than \(limits.maximumStrokes) traces (maximumStrokes)")
            }
        default:
            break
        }
    }

    private mutating func end(_ name: String) throws(InkFormatError) {
        let element = local(name)
        switch element {
        case "ink":
            inInk = false
            // Another program's millimetres (or centimetres, metres, inches, himetric, converted
            // to millimetres as read), when no annotation names the units.
            let x = channels.first { $0.name == "X" }
            if recording.units == nil, x?.units == "mm" || x?.millimetresPerUnit != nil { recording.units = "x,y: millimetres" }
        case "annotation":
            guard let (type, text) = annotation else { return }
            annotation = nil
            switch type {
            case "source": recording.source = recording.source ?? text
            case "license": recording.license = recording.license ?? text
            case "units": recording.units = recording.units ?? text
            default:
                guard let rate = Double(text), rate.isFinite, rate > 0 else { throw .invalidValue("annotation sampleRate '\(text.prefix(32))'") }
                recording.sampleRate = recording.sampleRate ?? rate
            }
        case "context":
            if let id = contextID { contexts[id] = (channels, kind) }
            contextID = nil
        case "traceFormat":
            if let format = readingFormat, !format.isEmpty { channels = format }
            readingFormat = nil
        case "trace":
            guard let text = traceText else { return }
            traceText = nil
            defer {
                if let saved = savedContext { (channels, kind) = saved }
                savedContext = nil
            }
            guard !traceIsPenUp else { return }
            let samples = try decode(text, budget: limits.maximumSamples - pointCount)
            pointCount += samples.count
            // An empty trace is an empty stroke, as in the drawing it was written from.
            strokes.append(samples)
        default:
            break
        }
    }

    /// The samples of one trace: points separated by commas, values by white space, each value
    /// explicit (`!`, the default), a first difference (`'`) or a second difference (`"`); the
    /// modifier holds for the channel until another is given. `?` is a missing value, `*` the
    /// value before. More than `budget` points is refused as soon as the next one is read (the
    /// limit is checked while decoding, so an oversized trace never costs more than the limit), and
    /// the text is walked point by point, never split into a list first.
    private func decode(_ text: String, budget: Int) throws(InkFormatError) -> [Sample] {
        let bytes = Array(text.utf8)
        let count = channels.count
        let roles = channels.map(ChannelRole.init)
        var modes = [UInt8](repeating: Self.explicit, count: count)
        var values = [Double](repeating: 0, count: count)
        var present = [Bool](repeating: false, count: count)
        var velocities = [Double](repeating: 0, count: count)
        var samples: [Sample] = []
        var pointIndex = -1
        var position = 0
        while position < bytes.count {
            // One point: up to the next comma.
            var end = position
            while end < bytes.count, bytes[end] != Self.comma { end += 1 }
            let point = position..<end
            position = end + 1
            guard !point.isEmpty else { continue }
            pointIndex += 1
            let tokenCount = Self.tokenCount(in: bytes[point])
            guard tokenCount > 0 else { continue }
            guard samples.count < budget else {
                throw .limitExceeded("more than \(limits.maximumSamples) points (maximumSamples)")
            }
            guard tokenCount <= count else {
                throw .malformed("trace \(strokes.count) point \(pointIndex): \(tokenCount) values for \(count) channels")
            }
            var cursor = point.lowerBound
            for channel in 0..<tokenCount {
                while XMLScanner.isWhitespace(bytes[cursor]) { cursor += 1 }
                let tokenStart = cursor
                while cursor < end, !XMLScanner.isWhitespace(bytes[cursor]) { cursor += 1 }
                var bodyStart = tokenStart
                if cursor - tokenStart == 1, bytes[tokenStart] == Self.missing || bytes[tokenStart] == Self.repeated {
                    guard channel >= 2 else { throw .malformed("trace \(strokes.count) point \(pointIndex): no value for X or Y") }
                    present[channel] = bytes[tokenStart] == Self.repeated && present[channel]
                    continue
                }
                present[channel] = true
                if bytes[tokenStart] == Self.explicit || bytes[tokenStart] == Self.firstDifference || bytes[tokenStart] == Self.secondDifference {
                    modes[channel] = bytes[tokenStart]
                    bodyStart += 1
                }
                guard let number = Double(String(decoding: bytes[bodyStart..<cursor], as: UTF8.self)), number.isFinite else {
                    throw .malformed("trace \(strokes.count) point \(pointIndex): '\(String(decoding: bytes[tokenStart..<cursor], as: UTF8.self))' is not a number")
                }
                switch modes[channel] {
                case Self.firstDifference:
                    velocities[channel] = number
                    values[channel] += number
                case Self.secondDifference:
                    velocities[channel] += number
                    values[channel] += velocities[channel]
                default:
                    velocities[channel] = number - values[channel]
                    values[channel] = number
                }
            }
            for channel in tokenCount..<count { present[channel] = false }
            samples.append(try sample(from: values, present: present, roles: roles, pointIndex: pointIndex))
        }
        return samples
    }

    private static let comma = UInt8(ascii: ","), missing = UInt8(ascii: "?"), repeated = UInt8(ascii: "*")
    private static let explicit = UInt8(ascii: "!"), firstDifference = UInt8(ascii: "'"), secondDifference = UInt8(ascii: "\"")

    /// How many values `point` holds: runs of bytes between white space.
    private static func tokenCount(in point: ArraySlice<UInt8>) -> Int {
        var count = 0, inToken = false
        for byte in point {
            let space = XMLScanner.isWhitespace(byte)
            if !space, !inToken { count += 1 }
            inToken = !space
        }
        return count
    }


    /// What a channel's value becomes in a sample, worked out once a trace rather than by name at
    /// every point.
    private enum ChannelRole {
        /// A coordinate, times millimetres per unit (1 for points and millimetres).
        case x(scale: Double), y(scale: Double)
        case seconds, milliseconds
        /// Force over its declared maximum (times the resolution), or as it is.
        case force(maximum: Double?, resolution: Double)
        case tiltX, tiltY
        case altitude(inRadians: Bool), azimuth(inRadians: Bool)
        case radius
        case ignored

        init(_ channel: Channel) {
            switch channel.name {
            case "X": self = .x(scale: channel.millimetresPerUnit ?? 1)
            case "Y": self = .y(scale: channel.millimetresPerUnit ?? 1)
            case "T": self = channel.units == "s" ? .seconds : .milliseconds
            case "F": self = .force(maximum: channel.maximum, resolution: channel.resolution)
            case "OTx": self = .tiltX
            case "OTy": self = .tiltY
            case "OE": self = .altitude(inRadians: channel.units == "rad")
            case "OA": self = .azimuth(inRadians: channel.units == "rad")
            case "RADIUS": self = .radius
            default: self = .ignored
            }
        }
    }

    private func sample(from raw: [Double], present: [Bool], roles: [ChannelRole], pointIndex: Int) throws(InkFormatError) -> Sample {
        var sample = Sample(location: .zero, kind: kind)
        var tiltX: Double?, tiltY: Double?
        var hasX = false, hasY = false
        for index in roles.indices where present[index] {
            let value = raw[index] / channels[index].resolution
            switch roles[index] {
            case .x(let scale): (sample.location.x, hasX) = (value * scale, true)
            case .y(let scale): (sample.location.y, hasY) = (value * scale, true)
            case .seconds: sample.timestamp = value
            case .milliseconds: sample.timestamp = value / 1000
            case .force(let maximum, let resolution): sample.force = maximum.map { $0 > 0 ? value * resolution / $0 : value } ?? value
            case .tiltX: tiltX = value
            case .tiltY: tiltY = value
            case .altitude(let inRadians): sample.altitude = inRadians ? value : value * .pi / 180
            case .azimuth(let inRadians): sample.azimuth = inRadians ? value : value * .pi / 180
            case .radius: sample.majorRadius = value
            case .ignored: break
            }
        }
        // A position is never made up: a point without an X or a Y value (one value for two
        // channels, a trace format that declares neither) is an error, not a point at 0.
        guard hasX, hasY else {
            throw .malformed("trace \(strokes.count) point \(pointIndex): no \(hasX ? "Y" : "X") value (channels: \(channels.map { $0.name }.joined(separator: " ")))")
        }
        if let tiltX, let tiltY {
            let (altitude, azimuth) = InkML.altitudeAndAzimuth(tiltX: tiltX, tiltY: tiltY)
            sample.altitude = altitude
            sample.azimuth = azimuth
        }
        try limits.checkCoordinate(x: sample.location.x, y: sample.location.y, at: "trace \(strokes.count) point \(pointIndex)")
        return sample
    }
}
