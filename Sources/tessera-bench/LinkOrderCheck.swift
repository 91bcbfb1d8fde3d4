import Foundation

/// How the measured binary lays out the functions animated frames run (`Tools/link-order/tessera.order`,
/// which release builds link by; BENCHMARKS.md, "Where the frame's code lies"): how many of the listed
/// functions it still has, and the pages they lie on against the fewest they could fill. A list gone
/// stale finds fewer; a build linked without it spreads them over several times the pages.
struct LinkOrderCheck: Encodable {
    var listed: Int
    var found: Int
    /// 4 KB pages the found functions' code touches, and the fewest their total size fills.
    var pages: Int
    var fewestPages: Int

    /// Nil when the list or the binary's symbols cannot be read (`nm`, from binutils).
    static func of(binary: URL, order: URL) -> LinkOrderCheck? {
        guard let list = try? String(contentsOf: order, encoding: .utf8),
            let symbols = definedFunctions(in: binary)
        else { return nil }
        return LinkOrderCheck(list: list, symbols: symbols)
    }

    /// The binary's function symbols (`nm -S --defined-only`: address, size, type, name), by name.
    private static func definedFunctions(in binary: URL) -> [Substring: (address: Int, size: Int)]? {
        guard let output = CommandOutput.of("/usr/bin/nm", ["-S", "--defined-only", binary.path]) else { return nil }
        var symbols: [Substring: (address: Int, size: Int)] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, fields[2] == "t" || fields[2] == "T",
                let address = Int(fields[0], radix: 16), let size = Int(fields[1], radix: 16)
            else { continue }
            symbols[fields[3]] = (address, size)
        }
        return symbols
    }
}

extension LinkOrderCheck {
    /// `list`'s names (one a line; `#` begins a comment line) looked up in `symbols` (address and size
    /// in bytes, by name).
    init(list: String, symbols: [Substring: (address: Int, size: Int)]) {
        let names = list.split(separator: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }
        var pages = Set<Int>()
        var bytes = 0
        var found = 0
        for name in names {
            guard let (address, size) = symbols[name] else { continue }
            found += 1
            bytes += size
            for page in (address >> 12)...((address + max(size, 1) - 1) >> 12) { pages.insert(page) }
        }
        self.init(listed: names.count, found: found, pages: pages.count, fewestPages: (bytes + 4095) / 4096)
    }
}
