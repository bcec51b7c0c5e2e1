import Foundation

/// Fresh folders under the system's temporary directory for tests, removed
/// when the test process exits normally (a process that crashes leaves
/// them, for a look at what it wrote).
public enum TemporaryFolders {
  /// A new, empty folder named `prefix` and a UUID.
  public static func make(_ prefix: String) -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    made.add(url)
    return url
  }

  private static let made = Made()

  /// The folders made so far; the first one registers their removal at
  /// exit.
  private final class Made: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [URL] = []
    private var registered = false

    func add(_ url: URL) {
      lock.lock()
      defer { lock.unlock() }
      folders.append(url)
      if !registered {
        registered = true
        atexit { TemporaryFolders.made.removeAll() }
      }
    }

    func removeAll() {
      lock.lock()
      defer { lock.unlock() }
      for url in folders { try? FileManager.default.removeItem(at: url) }
      folders = []
    }
  }
}
