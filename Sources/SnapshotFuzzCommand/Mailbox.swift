import Foundation

/// The supervisor's inbox: reader threads and signal handlers post here,
/// the supervisor's loop takes messages in order.
final class Mailbox: @unchecked Sendable {
  /// Something the supervisor must react to.
  enum Message {
    /// A line from worker `worker`'s protocol channel.
    case line(worker: Int, String)
    /// Worker `worker` exited; `signal` is set when a signal killed it.
    case exited(worker: Int, status: Int32, signal: Int32?)
    /// The process received `SIGINT` or `SIGTERM`.
    case interrupted(Int32)
  }

  private let condition = NSCondition()
  private var messages: [Message] = []

  /// Queues `message` and wakes the taker.
  func post(_ message: Message) {
    condition.lock()
    messages.append(message)
    condition.signal()
    condition.unlock()
  }

  /// Every queued message, waiting up to `timeout` seconds for the first.
  func take(timeout: Double) -> [Message] {
    condition.lock()
    defer { condition.unlock() }
    if messages.isEmpty {
      _ = condition.wait(until: Date(timeIntervalSinceNow: timeout))
    }
    let taken = messages
    messages.removeAll()
    return taken
  }
}
