import Foundation
import FuzzKit

exit(FuzzCommand.main(Array(CommandLine.arguments.dropFirst())))
