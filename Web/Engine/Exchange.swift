/// What passes between JavaScript and the engine: inputs JavaScript writes into memory the engine
/// owns, and the last call's answer — text (UTF-8) or numbers (`Float64`) — which JavaScript reads
/// in place through a view of the module's memory, never copied on its side, until the next call
/// replaces it.
///
/// Every export is called on the page's one thread: the state is a global of that thread.
enum Exchange {
    /// The inputs of the next call, by slot (see `Slot`).
    nonisolated(unsafe) static var inputs = [UnsafeMutableRawBufferPointer](repeating: UnsafeMutableRawBufferPointer(start: nil, count: 0), count: Slot.count)
    /// The last answer's text.
    nonisolated(unsafe) static var text = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
    /// The last answer's numbers.
    nonisolated(unsafe) static var numbers = UnsafeMutableBufferPointer<Double>(start: nil, count: 0)

    /// The input slots: what each holds for the calls that read it.
    enum Slot {
        /// A document's bytes (`fh_outline`), or samples as `Float64`s (`fh_add`).
        static let main = 0
        /// A brush or preset name.
        static let brush = 1
        /// A technique name.
        static let technique = 2
        static let count = 3
    }

    /// `answer` as the text of this call; 0, the exports' "done".
    static func reply(_ answer: some Collection<UInt8>) -> Int32 {
        text.deallocate()
        text = .allocate(capacity: answer.count)
        _ = text.initialize(from: answer)
        return 0
    }

    /// `message` as the text of this call, and `code` (negative: see `ErrorCode`) returned.
    static func fail(_ code: ErrorCode, _ message: String) -> Int32 {
        _ = reply(message.utf8)
        return code.rawValue
    }

    /// `values` as the numbers of this call.
    static func answer(numbers values: [Double]) {
        numbers.deallocate()
        numbers = .allocate(capacity: values.count)
        _ = numbers.initialize(from: values)
    }

    /// The bytes in input slot `slot`.
    static func bytes(_ slot: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(inputs[slot]) }

    /// The text in input slot `slot`, or nil when it is empty.
    static func name(_ slot: Int) -> String? {
        inputs[slot].isEmpty ? nil : String(decoding: bytes(slot), as: UTF8.self)
    }
}

/// The kinds of failure an export returns, negative (freehand.js turns each into an `Error` with
/// the message in the answer's text). −5 and −6 are taken by freehand.js itself (`NotInModule`: a
/// call the loaded module does not hold; `OutOfMemory`: an input the module's memory cannot take).
enum ErrorCode: Int32 {
    /// The input is not ink this engine reads (`InkFormatError`).
    case unreadable = -1
    /// An unknown technique, brush or preset, or a setting out of range (`ParameterError`).
    case parameter = -2
    /// No live stroke has that handle.
    case unknownStroke = -3
    /// A call the stroke cannot take in its state (`StrokeBuilderError`).
    case strokeState = -4
}

/// Room for `count` bytes in input slot `slot` (0…2), replacing what it held; JavaScript writes them
/// at the address returned. Null, with the slot left empty, when the memory cannot be had (a
/// module's memory ends at 4 GiB): freehand.js then throws `OutOfMemory`.
@_cdecl("fh_input")
func fh_input(_ slot: Int32, _ count: Int32) -> UnsafeMutableRawPointer? {
    guard slot >= 0, Int(slot) < Exchange.Slot.count else { return nil }
    Exchange.inputs[Int(slot)].deallocate()
    Exchange.inputs[Int(slot)] = .allocate(byteCount: Int(max(0, count)), alignment: 8)
    // Embedded Swift's allocator answers a failed allocation with a null address, not a trap.
    if Exchange.inputs[Int(slot)].baseAddress == nil, count > 0 {
        Exchange.inputs[Int(slot)] = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        return nil
    }
    return Exchange.inputs[Int(slot)].baseAddress
}

/// The address of the last answer's text (`fh_text_count` bytes of UTF-8).
@_cdecl("fh_text")
func fh_text() -> UnsafeMutablePointer<UInt8>? { Exchange.text.baseAddress }

/// The length of the last answer's text, bytes.
@_cdecl("fh_text_count")
func fh_text_count() -> Int32 { Int32(Exchange.text.count) }

/// The address of the last answer's numbers (`fh_numbers_count` `Float64`s).
@_cdecl("fh_numbers")
func fh_numbers() -> UnsafeMutablePointer<Double>? { Exchange.numbers.baseAddress }

/// The count of the last answer's numbers.
@_cdecl("fh_numbers_count")
func fh_numbers_count() -> Int32 { Int32(Exchange.numbers.count) }

/// Releases the last answer and every input (each call replaces them anyway).
@_cdecl("fh_release")
func fh_release() {
    for slot in 0..<Exchange.Slot.count {
        Exchange.inputs[slot].deallocate()
        Exchange.inputs[slot] = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }
    Exchange.text.deallocate()
    Exchange.text = UnsafeMutableBufferPointer(start: nil, count: 0)
    Exchange.numbers.deallocate()
    Exchange.numbers = UnsafeMutableBufferPointer(start: nil, count: 0)
}
