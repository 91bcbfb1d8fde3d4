import XCTest

@testable import TesseraSDL

final class GPUDeviceTests: XCTestCase {
    private func present(_ nodes: [String: [String]], environment: [String: String] = [:]) -> Bool {
        GPUDevice.present(environment: environment, devices: { nodes[$0] ?? [] })
    }

    func testARenderNodeOrACardOrNVIDIAsNodeIsAGPU() {
        XCTAssertTrue(present(["/dev/dri": ["by-path", "renderD128"]]))
        XCTAssertTrue(present(["/dev/dri": ["card0"]]))
        XCTAssertTrue(present(["/dev": ["null", "nvidia0", "nvidiactl"]]))
    }

    func testNoNodeIsNoGPU() {
        XCTAssertFalse(present([:]))
        XCTAssertFalse(present(["/dev/dri": ["by-path"], "/dev": ["null", "nvidiactl"]]))
    }

    func testMesasSoftwareSwitchOverridesANode() {
        let nodes = ["/dev/dri": ["renderD128"]]
        XCTAssertFalse(present(nodes, environment: ["LIBGL_ALWAYS_SOFTWARE": "1"]))
        XCTAssertFalse(present(nodes, environment: ["LIBGL_ALWAYS_SOFTWARE": "true"]))
        XCTAssertTrue(present(nodes, environment: ["LIBGL_ALWAYS_SOFTWARE": "0"]))
    }
}
