import FreehandDocument
import FreehandKit
import Foundation

/// A recorded UIKit touch stream (serialized `UITouch` records, as in adamwulf/Inkable's test
/// fixtures) regrouped into the calls an app makes: each run of real readings of one touch and
/// phase, with the predicted readings that follow it, is one `TouchEvent`; each run of
/// estimated-property updates is one `handle(_ updates:)` call.
struct TouchStreamReplay {
    enum Call {
        case event(TouchEvent)
        case updates([TouchPropertyUpdate])
    }

    private struct Record: Decodable {
        var touchIdentifier: String
        var type: Int
        var phase: Int
        var location: [Double]
        var timestamp: Double
        var force: Double?
        var maximumPossibleForce: Double?
        var altitudeAngle: Double?
        var azimuth: Double?
        var majorRadius: Double?
        var estimationUpdateIndex: Int?
        var estimatedPropertiesExpectingUpdates: Int?
        var isUpdate: Bool
        var isPrediction: Bool

        var sample: TouchSample {
            TouchSample(
                location: Point2D(location[0], location[1]), timestamp: timestamp, force: force, maximumPossibleForce: maximumPossibleForce,
                altitude: altitudeAngle, azimuth: azimuth, majorRadius: majorRadius, estimationUpdateIndex: estimationUpdateIndex,
                expectsUpdates: (estimatedPropertiesExpectingUpdates ?? 0) != 0)
        }

        var touchPhase: TouchPhase {
            switch phase {
            case 0: return .began
            case 1: return .moved
            case 2: return .stationary
            case 3: return .ended
            default: return .cancelled
            }
        }

        var touchType: TouchType {
            switch type {
            case 0: return .direct
            case 2: return .pencil
            default: return .indirectPointer
            }
        }
    }

    /// The calls, in the order the app made them.
    let calls: [Call]
    /// Every predicted reading's timestamp, to check that none is kept.
    let predictedTimestamps: Set<Double>

    init(contentsOf url: URL) throws {
        let records = try JSONDecoder().decode([Record].self, from: Data(contentsOf: url))
        var calls: [Call] = []
        var event: TouchEvent?
        var updates: [TouchPropertyUpdate] = []
        var predicted: Set<Double> = []
        func flush() {
            if let pending = event { calls.append(.event(pending)) }
            event = nil
            if !updates.isEmpty { calls.append(.updates(updates)) }
            updates = []
        }
        for record in records {
            if record.isUpdate {
                if event != nil { flush() }
                updates.append(TouchPropertyUpdate(
                    touch: record.touchIdentifier, estimationUpdateIndex: record.estimationUpdateIndex ?? -1, force: record.force,
                    maximumPossibleForce: record.maximumPossibleForce, altitude: record.altitudeAngle, azimuth: record.azimuth,
                    isFinal: (record.estimatedPropertiesExpectingUpdates ?? 0) == 0))
            } else if record.isPrediction {
                predicted.insert(record.timestamp)
                event?.predicted.append(record.sample)
            } else {
                if let current = event,
                    !current.predicted.isEmpty || current.phase != record.touchPhase || current.touch != AnyHashable(record.touchIdentifier)
                {
                    flush()
                }
                if !updates.isEmpty { flush() }
                if event == nil {
                    event = TouchEvent(touch: record.touchIdentifier, phase: record.touchPhase, type: record.touchType, samples: [])
                }
                event?.samples.append(record.sample)
            }
        }
        flush()
        self.calls = calls
        predictedTimestamps = predicted
    }
}
