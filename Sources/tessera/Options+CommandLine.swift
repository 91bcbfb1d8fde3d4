import TesseraPhotos

#if canImport(Glibc)
    import Glibc
#endif

extension Options {
    /// The arguments after the program's name, as the bytes they are (`FileNames`): `--photos caf\xe9`
    /// or `--dump-state d\xe9.json` in Latin-1 names a real folder or file. `CommandLine.arguments`
    /// would repair each byte that is not UTF-8 into U+FFFD, a name that does not exist.
    static var commandLine: [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                FileNames.string(
                    fromBytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument)).bindMemory(
                        to: UInt8.self))
            }
        }
    }
}
