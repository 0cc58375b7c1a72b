import Foundation

/// A progress counter on standard error that rewrites itself in place, shown only when standard
/// error is a terminal: redirected to a log, it would be one line of carriage returns.
enum ProgressLine {
    /// True when standard error is a terminal.
    static let isShown = isatty(STDERR_FILENO) != 0

    /// Shows "`label` `done`/`total`", ending the line when `done` reaches `total`.
    static func report(_ label: String, done: Int, total: Int) {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\(label) \(done)/\(total)\(done >= total ? "\n" : "")".utf8))
    }
}
