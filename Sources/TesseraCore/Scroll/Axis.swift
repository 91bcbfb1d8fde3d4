/// The two scroll axes.
enum Axis: String, Sendable, Codable {
    case horizontal, vertical
}
