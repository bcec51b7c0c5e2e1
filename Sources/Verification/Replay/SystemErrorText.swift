import Foundation

/// The system's own words for a failed file operation ("No space left on
/// device", "Not a directory"), instead of Foundation's whole error
/// description with its domain, code and user info.
public enum SystemErrorText {
  /// The reason `error` happened on `path`, in a few words. When the error
  /// carries no system reason, `path` is examined: a missing parent that
  /// is a file, or a folder that cannot be written.
  public static func reason(_ error: any Error, path: String? = nil) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(nsError.code)))
    }
    if let path, let problem = diagnose(path) { return problem }
    return "file system error \(nsError.code)"
  }

  /// What keeps `path` from being written: its nearest existing ancestor
  /// is a file, or a folder this process cannot write.
  private static func diagnose(_ path: String) -> String? {
    var ancestor = URL(fileURLWithPath: path).deletingLastPathComponent()
    var isFolder: ObjCBool = false
    while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
      guard ancestor.path != "/" else { return nil }
      ancestor = ancestor.deletingLastPathComponent()
    }
    if !isFolder.boolValue { return String(cString: strerror(ENOTDIR)) }
    if !FileManager.default.isWritableFile(atPath: ancestor.path) {
      return String(cString: strerror(EACCES))
    }
    return nil
  }
}
