import ArgumentParser
import Foundation
import RefreshHost
import RefreshPluginSDK

/// `refresh-dump list`: the plugins in the search path, with their id, name, version, the SDK they
/// were built with and file, what a bundle may read and the languages a plugin draws words in.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the plugins found in the search path (and the files that failed to load, with why).",
        discussion: """
            Searched: --plugin-path folders, then REFRESH_PLUGIN_PATH, then the user's folder \
            (~/.local/share/refreshkit/plugins), then the install prefix's lib/refreshkit/plugins, then the folder \
            of this executable. Bundles are listed from their manifests without running any plugin code; bare \
            .so files are loaded in a child process.
            """
    )

    @OptionGroup var search: SearchPathOptions
    @Flag(help: "Also list each plugin's parameters.")
    var parameters = false

    func run() throws {
        let searchPath = search.searchPath
        let found = searchPath.discover()
        print("search path: \(searchPath.directories.joined(separator: ":"))")
        print("assets: \(Assets.directory ?? "(none found; set REFRESHKIT_ASSETS)")")
        print("plugin ABI \(PluginExport.abiVersion) (loads \(PluginLibrary.oldestABIVersion)...\(PluginExport.abiVersion)), RefreshPluginSDK \(SDKVersion.current)")
        for result in found {
            switch result {
            case .success(let info):
                let i = info.indicator
                // The SDK it was built with; "C ABI" for a plugin written against the header alone.
                let sdk = info.sdkVersion.map { $0.replacingOccurrences(of: "RefreshPluginSDK ", with: "SDK ") } ?? "C ABI \(info.abiVersion)"
                print("\(Self.column(i.id, 30)) \(Self.column(i.name, 14)) \(Self.column(i.version, 7)) \(Self.column(sdk, 11)) \(info.path)")
                // try?: a bundle whose manifest cannot be read was not listed as a plugin above.
                if let permissions = (try? PluginBundle.enclosing(library: info.path))??.manifest.permissions {
                    print("    " + PluginPermissions.words(permissions))
                }
                if !info.drawnLocales.isEmpty { print("    draws words in \(info.drawnLocales.joined(separator: ", "))") }
                if parameters {
                    // A bundle's manifest lists them; a bare library is asked in a plugin-host child, as the probe above was.
                    // try?: the probe loaded this library; one that no longer loads lists no parameters.
                    let specs = PluginBundle.isBundle(PathText.folder(of: info.path)) ? info.parameters
                        : (try? PluginIsolation.childProcess().load(info.path).info.parameters) ?? []
                    for spec in specs { print("    \(spec.name): \(spec.kindName), default \(spec.defaultValue.json) — \(spec.help)") }
                }
            case .failure(let error):
                print("✗ \(error)")
            }
        }
        if found.isEmpty { print("no plugins found") }
    }

    /// `text` padded to `width`; longer text is kept whole, never cut.
    static func column(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
