/// The parts of a frame the profiler times, and the whole frame (docs/PROFILING.md#profiling).
///
/// A frame runs them in this order: `input` (SDL events or the script's due events), then per fixed
/// step `layout` (targets brought up to date with the model) and `simulate` (springs and scrolling),
/// then `render` (the draw list built and turned into renderer calls) and `present` (the frame shown;
/// in a window this includes waiting for vsync). `frame` is the wall time from the frame's start to
/// its end, so it also holds what lies between the phases.
package enum FramePhase: Int, CaseIterable, Sendable {
    case input, simulate, layout, render, present, frame

    /// The name in the profile JSON, the table and the trace.
    var name: String {
        switch self {
        case .input: "input"
        case .simulate: "simulate"
        case .layout: "layout"
        case .render: "render"
        case .present: "present"
        case .frame: "frame"
        }
    }

    /// The phases inside a frame, in the order a frame runs them.
    static let parts: [FramePhase] = [.input, .layout, .simulate, .render, .present]
}
