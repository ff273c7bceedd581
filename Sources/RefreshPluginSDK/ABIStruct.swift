/// Reads a struct of `refresh_plugin.h` the way the header promises: the writer declared its size
/// in its first field (`struct_size`); the reader takes the bytes both sides know of and zero for
/// the rest, so a struct from an older writer (smaller) or a newer one (larger) reads right.
package enum ABIStruct {
    /// The `struct_size` a struct at `pointer` declares (its first four bytes).
    package static func declaredSize(at pointer: UnsafeRawPointer) -> Int {
        Int(pointer.loadUnaligned(as: UInt32.self))
    }

    /// The `T` at `pointer` whose writer declared `declaredSize` bytes: the first
    /// min(declaredSize, size of T) bytes copied, the rest zero.
    package static func read<T>(_ type: T.Type, at pointer: UnsafeRawPointer, declaredSize: Int) -> T {
        let size = MemoryLayout<T>.size
        // On the stack: the frame is read on every render.
        return withUnsafeTemporaryAllocation(byteCount: size, alignment: MemoryLayout<T>.alignment) { copy in
            copy.initializeMemory(as: UInt8.self, repeating: 0)
            copy.baseAddress!.copyMemory(from: pointer, byteCount: min(max(0, declaredSize), size))
            return copy.baseAddress!.load(as: T.self)
        }
    }
}
