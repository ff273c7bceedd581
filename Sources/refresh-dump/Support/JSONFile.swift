import Foundation
import RefreshGraphics
import RefreshHost

/// Reads a JSON file a command was pointed at (`--params`, `--merge`, a plugin's source manifest):
/// at most `limit` bytes, a syntax problem with its line and column, and valid JSON of another
/// shape said in `expected`'s words at the field and place the decoder stopped on, never Swift's.
/// Every message starts with `kind` (`--merge`) and names the file.
enum JSONFile {
    static func read<T: Decodable>(_ type: T.Type, at path: String, limit: Int, kind: String, expected: String) throws(InputFileError) -> T {
        let data = try contents(of: path, limit: limit, kind: kind)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw InputFileError.decoding(error, of: data, file: path, kind: kind, otherwise: expected)
        }
    }

    /// The bytes of the JSON file at `path`, refused (as a `kind` file) when over `limit` or not JSON.
    static func contents(of path: String, limit: Int, kind: String) throws(InputFileError) -> Data {
        let data: Data
        do {
            data = try CappedFile.contents(of: path, limit: limit)
        } catch {
            throw InputFileError(file: path, reason: error.reason, kind: kind)
        }
        if let problem = InputFileError.syntax(of: data, file: path, kind: kind) { throw problem }
        return data
    }
}
