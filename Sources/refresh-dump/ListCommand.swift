import ArgumentParser
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump list`: the plugins in the search path, with their id, name, version and file.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the plugins found in the search path (and the files that failed to load, with why).",
        discussion: "Searched: --plugin-path folders, then REFRESH_PLUGIN_PATH, then the folder of this executable."
    )

    @OptionGroup var search: SearchPathOptions
    @Flag(help: "Also list each plugin's parameters.")
    var parameters = false

    func run() throws {
        let searchPath = search.searchPath
        let found = searchPath.discover()
        print("search path: \(searchPath.directories.joined(separator: ":"))")
        for result in found {
            switch result {
            case .success(let info):
                let i = info.indicator
                print("\(i.id.padding(toLength: 30, withPad: " ", startingAt: 0)) \(i.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(i.version.padding(toLength: 7, withPad: " ", startingAt: 0)) \(info.path)")
                if parameters {
                    // Discovery ran in a child; this plugin loaded there, so it is loaded here to read its parameters.
                    for spec in (try? PluginLibrary(path: info.path).info.parameters) ?? [] { print("    \(spec.name): \(spec.kindName), default \(spec.defaultValue.json) — \(spec.help)") }
                }
            case .failure(let error):
                print("✗ \(error)")
            }
        }
        if found.isEmpty { print("no plugins found") }
    }
}
