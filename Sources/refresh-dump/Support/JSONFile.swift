import ArgumentParser
import Foundation
import RefreshGraphics
import RefreshPluginSDK

/// Reads a JSON file a command was pointed at (`--params`, `--merge`, a plugin's source manifest):
/// at most `limit` bytes, a syntax problem with its line and column, and valid JSON of another
/// shape said in `expected`'s words, never Swift's. Every message starts with `option` (`--merge `)
/// and names the file.
enum JSONFile {
    static func read<T: Decodable>(_ type: T.Type, at path: String, limit: Int, option: String = "", expected: String) throws -> T {
        let data: Data
        do {
            data = try CappedFile.contents(of: path, limit: limit)
        } catch {
            throw ValidationError("\(option)\(error)")
        }
        if let problem = JSONSyntax.problem(in: data) { throw ValidationError("\(option)\(path): \(problem)") }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw ValidationError("\(option)\(path): \(expected)")
        }
    }
}
