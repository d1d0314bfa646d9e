import ArgumentParser
import Foundation

// Parsed by hand, not with @main: a bad flag is one line on standard error and exit status 1, as every
// other failure of the server is.
do {
  var command = try HumbleServerCommand.parseAsRoot()
  switch command {
  case let serve as ServeCommand: try await serve.run()
  case let addUser as AddUserCommand: try await addUser.run()
  case let listUsers as ListUsersCommand: try await listUsers.run()
  case let revokeUser as RevokeUserCommand: try await revokeUser.run()
  case let tokenUser as TokenUserCommand: try await tokenUser.run()
  case let importing as ImportCommand: try await importing.run()
  default: try command.run()
  }
} catch let exit as ExitCode {
  Foundation.exit(exit.rawValue)
} catch {
  if HumbleServerCommand.exitCode(for: error) == .success { HumbleServerCommand.exit(withError: error) }
  let message = HumbleServerCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
  FileHandle.standardError.write(Data("humble-server: \(message)\n".utf8))
  Foundation.exit(1)
}
