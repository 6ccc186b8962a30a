import Foundation
import GeneratorKit

exit(GeneratorCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
