import Foundation

/// Whether this machine shows any GPU to the process, asked of the device nodes before any graphics
/// library is loaded.
///
/// A GPU reaches user space through a DRM node — `/dev/dri/renderD*` or `/dev/dri/card*` (the Linux
/// kernel's DRM documentation, "Render nodes") — or, for NVIDIA's own driver, `/dev/nvidia0`. With
/// none of them OpenGL can only be Mesa's software rasteriser, or missing; `LIBGL_ALWAYS_SOFTWARE`
/// (Mesa's environment variable) says the same on purpose.
enum GPUDevice {
    static func present(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        devices: (String) -> [String] = { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] }
    ) -> Bool {
        if let software = environment["LIBGL_ALWAYS_SOFTWARE"], !["", "0", "false"].contains(software) {
            return false
        }
        if devices("/dev/dri").contains(where: { $0.hasPrefix("renderD") || $0.hasPrefix("card") }) {
            return true
        }
        return devices("/dev").contains("nvidia0")
    }
}
