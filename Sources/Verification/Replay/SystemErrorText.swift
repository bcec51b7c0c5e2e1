import Foundation

/// The system's own words for a failed file operation ("No space left on
/// device", "Permission denied"), instead of Foundation's whole error
/// description with its domain, code and user info.
public enum SystemErrorText {
  /// The reason `error` happened, in a few words.
  public static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    return nsError.localizedDescription
  }
}
