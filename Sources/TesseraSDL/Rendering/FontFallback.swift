import CFontconfig

/// Finds the face that draws characters the bundled faces lack, through fontconfig (the freedesktop.org
/// font configuration library every Linux desktop uses for the same job): the fonts sorted by how well
/// they match a sans-serif of the wanted weight that covers those characters (`FcFontSort`), and the
/// first one whose character set holds all of them — or, when none does, the one that holds most. With
/// Debian's fonts-noto-cjk installed, Chinese, Japanese and Korean come from Noto Sans CJK.
///
/// SDL_ttf then lays the text out in that face and shapes it with HarfBuzz (Debian builds SDL_ttf 2.20
/// with it; `TTF_SetFontScriptName` succeeds only then). Answers are kept for the run: a title's lookup
/// is made once, not every frame.
final class FontFallback {
    private var answers: [Query: FontFace?] = [:]
    private let ready: Bool

    private struct Query: Hashable {
        var characters: [UInt32]
        var bold: Bool
    }

    init() { ready = FcInit() != 0 }

    /// A face for `characters` (Unicode scalar values) in regular or bold weight, nil when fontconfig
    /// knows no font holding any of them.
    func face(covering characters: [UInt32], bold: Bool) -> FontFace? {
        let query = Query(characters: Array(Set(characters)).sorted(), bold: bold)
        if let known = answers[query] { return known }
        let found = ready ? search(query) : nil
        answers[query] = found
        return found
    }

    private func search(_ query: Query) -> FontFace? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        let wanted = FcCharSetCreate()
        defer { FcCharSetDestroy(wanted) }
        for c in query.characters { FcCharSetAddChar(wanted, c) }
        FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
        FcPatternAddInteger(pattern, FC_WEIGHT, query.bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        var best: (face: FontFace, covered: Int)?
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i], let face = Self.face(of: font) else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            let covered = query.characters.filter { FcCharSetHasChar(charset, $0) != 0 }.count
            if covered == query.characters.count { return face }
            if covered > (best?.covered ?? 0) { best = (face, covered) }
        }
        return best?.face
    }

    private static func face(of font: OpaquePointer) -> FontFace? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
        // FreeType (under SDL_ttf) reads TrueType and OpenType; Type 1 and bitmap fonts are no use here.
        let lower = path.lowercased()
        guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else { return nil }
        return FontFace(path: path, index: Int(index))
    }
}
