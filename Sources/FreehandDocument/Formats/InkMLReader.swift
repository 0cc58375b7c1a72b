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

    private func local(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
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
        let count = channels.count
        var modes = [Character](repeating: "!", count: count)
        var values = [Double](repeating: 0, count: count)
        var present = [Bool](repeating: false, count: count)
        var velocities = [Double](repeating: 0, count: count)
        var samples: [Sample] = []
        var rest = text[...]
        var pointIndex = -1
        while !rest.isEmpty {
            let end = rest.firstIndex(of: ",") ?? rest.endIndex
            let point = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            guard !point.isEmpty else { continue }
            pointIndex += 1
            let tokens = point.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            guard !tokens.isEmpty else { continue }
            guard samples.count < budget else {
                throw .limitExceeded("more than \(limits.maximumSamples) points (maximumSamples)")
            }
            guard tokens.count <= count else {
                throw .malformed("trace \(strokes.count) point \(pointIndex): \(tokens.count) values for \(count) channels")
            }
            for (channel, token) in tokens.enumerated() {
                if token == "?" || token == "*" {
                    guard channel >= 2 else { throw .malformed("trace \(strokes.count) point \(pointIndex): no value for X or Y") }
                    present[channel] = token == "*" && present[channel]
                    continue
                }
                present[channel] = true
                var body = Substring(token)
                if let first = body.first, first == "!" || first == "'" || first == "\"" {
                    modes[channel] = first
                    body = body.dropFirst()
                }
                guard let number = Double(body), number.isFinite else {
                    throw .malformed("trace \(strokes.count) point \(pointIndex): '\(token)' is not a number")
                }
                switch modes[channel] {
                case "'":
                    velocities[channel] = number
                    values[channel] += number
                case "\"":
                    velocities[channel] += number
                    values[channel] += velocities[channel]
                default:
                    velocities[channel] = number - values[channel]
                    values[channel] = number
                }
            }
            for channel in tokens.count..<count { present[channel] = false }
            samples.append(try sample(from: values, present: present, pointIndex: pointIndex))
        }
        return samples
    }

    private func sample(from raw: [Double], present: [Bool], pointIndex: Int) throws(InkFormatError) -> Sample {
        var sample = Sample(location: .zero, kind: kind)
        var tiltX: Double?, tiltY: Double?
        var hasX = false, hasY = false
        for (index, channel) in channels.enumerated() where present[index] {
            let value = raw[index] / channel.resolution
            switch channel.name {
            case "X": (sample.location.x, hasX) = (value * (channel.millimetresPerUnit ?? 1), true)
            case "Y": (sample.location.y, hasY) = (value * (channel.millimetresPerUnit ?? 1), true)
            case "T": sample.timestamp = channel.units == "s" ? value : value / 1000
            case "F": sample.force = channel.maximum.map { $0 > 0 ? value * channel.resolution / $0 : value } ?? value
            case "OTx": tiltX = value
            case "OTy": tiltY = value
            case "OE": sample.altitude = channel.units == "rad" ? value : value * .pi / 180
            case "OA": sample.azimuth = channel.units == "rad" ? value : value * .pi / 180
            case "RADIUS": sample.majorRadius = value
            default: break
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
