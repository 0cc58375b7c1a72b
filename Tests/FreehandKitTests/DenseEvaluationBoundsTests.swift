import FreehandEvaluation
import FreehandKit
import Testing

/// The dense protocol redraws each stroke at each rate: a stroke whose clock spans hours, or a rate
/// far beyond any device's, would be millions of samples. It is left out of that rate, not drawn.
struct DenseEvaluationBoundsTests {
    static let handwriting = (0..<40).map { index in
        Sample(x: Double(index) * 3, y: 20 + 8 * Double(index % 5), timestamp: Double(index) / 120)
    }

    @Test func aStrokeSpanningADayIsLeftOutOfTheRateItWouldSwampNotDrawn() {
        let day = [Sample(x: 0, y: 0, timestamp: 0), Sample(x: 40, y: 10, timestamp: 50_000), Sample(x: 80, y: 0, timestamp: 100_000)]
        let recordings = [EvaluationRecording(name: "slow clock", strokes: [Self.handwriting, day])]
        let rows = DenseEvaluation(recordings: recordings, rates: [240], contenders: Array(DenseEvaluation.standardContenders.prefix(1))).run()
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.strokes == 1 }, "the handwriting measured, the day-long stroke left out: \(rows.map(\.strokes))")
    }

    @Test func aRateBeyondTheBoundLeavesEveryLongStrokeOut() {
        let recordings = [EvaluationRecording(name: "pen", strokes: [Self.handwriting])]
        let contenders = Array(DenseEvaluation.standardContenders.prefix(1))
        // 0.325 s at 10⁷ Hz: 3.25 million samples.
        let rows = DenseEvaluation(recordings: recordings, rates: [1e7], contenders: contenders).run()
        #expect(rows.allSatisfy { $0.strokes == 0 })
        #expect(DenseEvaluation.markdown(rows).contains("No stroke measured"), "no table of zeros")
        #expect(DenseEvaluation(recordings: recordings, rates: [240], contenders: contenders).run().allSatisfy { $0.strokes == 1 })
    }
}
