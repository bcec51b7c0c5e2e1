import Foundation
FileHandle.standardError.write("snapshot-fuzz: not yet implemented\n".data(using: .utf8)!)
exit(64)
