import TesseraCore

/// `org.a11y.atspi.Text` (at-spi2-core's `xml/Text.xml`) for nodes that hold text (a paragraph): the
/// text, its characters (offsets count Unicode scalars, as AT-SPI's do) and, at offsets, a character or
/// the whole text. Every character's extents are the node's frame: there is no per-glyph layout here.
extension BusWorker {
    func text(_ call: BusMessage, _ entry: ServedTree.Entry) -> Int32 {
        let scalars = Array((entry.node.text ?? "").unicodeScalars)
        let count = scalars.count
        func slice(_ start: Int, _ end: Int) -> String {
            let from = max(0, min(start, count))
            let to = end < 0 ? count : max(from, min(end, count))
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[from..<to])
            return text
        }
        /// `AtspiTextBoundaryType` 0 and `AtspiTextGranularity` 0 are a character; everything larger is
        /// answered with the whole text (one sentence, one line in practice).
        func piece(_ offset: Int, character: Bool) -> (String, Int32, Int32) {
            guard character else { return (slice(0, count), 0, Int32(count)) }
            guard (0..<count).contains(offset) else { return ("", Int32(offset), Int32(offset)) }
            return (slice(offset, offset + 1), Int32(offset), Int32(offset + 1))
        }
        switch call.member {
        case "GetText":
            let start = Int(call.readInt32() ?? 0)
            let end = Int(call.readInt32() ?? -1)
            return reply(to: call) { $0.append(slice(start, end)) }
        case "GetTextAtOffset", "GetStringAtOffset", "GetTextBeforeOffset", "GetTextAfterOffset":
            let offset = Int(call.readInt32() ?? 0)
            let unit = call.readUInt32() ?? 0
            let (text, start, end) = piece(offset, character: unit == 0)
            return reply(to: call) { message in
                message.append(text)
                message.append(start)
                message.append(end)
            }
        case "GetCharacterAtOffset":
            let offset = Int(call.readInt32() ?? 0)
            return reply(to: call) { $0.append(Int32((0..<count).contains(offset) ? Int(scalars[offset].value) : 0)) }
        case "GetCharacterExtents", "GetRangeExtents":
            _ = call.readInt32()
            if call.member == "GetRangeExtents" { _ = call.readInt32() }
            let rect = convert(entry.node.frame, to: call.readUInt32() ?? 1, entry)
            return reply(to: call) { message in for value in Self.extents(rect) { message.append(value) } }
        case "GetOffsetAtPoint":
            return reply(to: call) { $0.append(Int32(0)) }
        case "GetNSelections":
            return reply(to: call) { $0.append(Int32(0)) }
        case "GetSelection":
            return reply(to: call) { message in
                message.append(Int32(0))
                message.append(Int32(0))
            }
        case "GetDefaultAttributes", "GetDefaultAttributeSet":
            return reply(to: call) { $0.array("{ss}") {} }
        case "GetAttributes", "GetAttributeRun":
            return reply(to: call) { message in
                message.array("{ss}") {}
                message.append(Int32(0))
                message.append(Int32(count))
            }
        case "GetAttributeValue":
            return reply(to: call) { $0.append("") }
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection", "ScrollSubstringTo",
            "ScrollSubstringToPoint":
            return reply(to: call) { $0.append(false) }
        default:
            return unknownMethod(call)
        }
    }
}
