import Dispatch
import Foundation

/// Turns `SIGINT` and `SIGTERM` into mailbox messages (the default
/// handlers, which would kill the process before the reports are written,
/// are ignored), and ignores `SIGPIPE` so a dead worker's closed pipe is
/// an error, not a signal.
final class SignalWatcher {
  private var sources: [any DispatchSourceSignal] = []

  /// Starts watching; messages go to `mailbox`.
  init(mailbox: Mailbox) {
    signal(SIGPIPE, SIG_IGN)
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { mailbox.post(.interrupted(number)) }
      source.resume()
      sources.append(source)
    }
  }

  /// Stops watching.
  func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
  }
}
