#if os(iOS) || os(visionOS)
import FreehandDocument
import FreehandKit
import UIKit

extension SelectionOverlay {
    /// Strokes the lasso being drawn and the selection's box, dashed, in the current graphics
    /// context; `place` maps a drawing point to the view's points.
    func stroke(placing place: (Point2D) -> CGPoint) {
        guard !isEmpty else { return }
        UIColor.systemBlue.setStroke()
        let dash: [CGFloat] = [6, 4]
        if let first = lasso.first, lasso.count > 1 {
            let path = UIBezierPath()
            path.move(to: place(first))
            for point in lasso.dropFirst() { path.addLine(to: place(point)) }
            path.close()
            path.setLineDash(dash, count: dash.count, phase: 0)
            path.stroke()
        }
        if let box = displayedBounds {
            let low = place(box.min), high = place(box.max)
            let path = UIBezierPath(rect: CGRect(x: low.x - 4, y: low.y - 4, width: high.x - low.x + 8, height: high.y - low.y + 8))
            path.setLineDash(dash, count: dash.count, phase: 0)
            path.stroke()
        }
    }
}
#endif
