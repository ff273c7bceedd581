import Foundation
import Testing
import TestSupport
import RefreshCore
import RefreshGraphics
@testable import RefreshHost
import RefreshPluginSDK

/// refresh_plugin.h promises a plugin that its functions are called from one thread at a time and
/// an instance only from the thread that created it. The ThreadRules fixture fails every render
/// from the first broken promise on, and says which (see its plugin.c).
@Suite(.leavesNoPluginHost) struct PluginThreadRulesTests {
    /// Two libraries of one file share the loaded code; their instances are made here and used from
    /// eight threads at once: states set, frames drawn, descriptions asked, instances destroyed there.
    @Test func aLibraryIsCalledOneCallAtATimeAndEachInstanceOnItsOwnThread() throws {
        let path = fixturePlugin("FixturePluginThreadRules")
        let libraries = [try PluginLibrary(path: path), try PluginLibrary(path: path)]
        let made = Made(try (0..<8).map { try libraries[$0 % 2].makeIndicator() })
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { lane in
            guard let indicator = made.take(lane) else { return }
            for frame in 0..<25 {
                let state: RefreshState = frame % 5 == 4 ? .refreshing : .pulling(progress: Double(frame % 5) / 4)
                indicator.refreshState = state
                _ = indicator.pluginDescription(state, edge: .top, locale: "en")
                do {
                    _ = try FrameRenderer.render(indicator, frame: IndicatorFrame(size: Size(width: 60, height: 40), scale: 1, state: state, progress: 0.5))
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        // Made here, destroyed on this thread's behalf by the last release above: a later render
        // (a fresh instance) fails if that broke a promise.
        let last = try libraries[0].makeIndicator()
        do {
            _ = try FrameRenderer.render(last, frame: IndicatorFrame(size: Size(width: 60, height: 40), scale: 1, state: .refreshing))
        } catch {
            failures.add("\(error)")
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    }

    /// A library is never closed, so its thread lives as long: loaded again after its last object
    /// went (`report --in-process` draws one plugin's page after another), it is called on the same
    /// thread, and what it kept in thread-local storage is still there (a new thread was started).
    @Test func aLibraryLoadedAgainIsCalledOnTheSameThread() throws {
        let path = fixturePlugin("FixturePluginThreadRules")
        weak var first: PluginThread?
        do {
            let library = try PluginLibrary(path: path)
            first = library.thread
            _ = try FrameRenderer.render(try library.makeIndicator(), frame: IndicatorFrame(size: Size(width: 60, height: 40), scale: 1, state: .refreshing))
        }
        #expect(first != nil, "the thread ended with the library's last object")
        let again = try PluginLibrary(path: path)
        #expect(again.thread === first)
    }

    /// Instances handed to the threads that use them, each taken once (the last reference goes with it).
    final class Made: @unchecked Sendable {
        private let lock = NSLock()
        private var indicators: [PluginIndicator?]
        init(_ indicators: [PluginIndicator]) { self.indicators = indicators }
        func take(_ index: Int) -> PluginIndicator? {
            lock.withLock {
                defer { indicators[index] = nil }
                return indicators[index]
            }
        }
    }

    /// What failed, from any thread.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ text: String) { lock.withLock { list.append(text) } }
        var all: [String] { lock.withLock { list } }
    }
}
