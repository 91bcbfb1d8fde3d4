import Foundation

/// `{"at": t, "rescan": true}` (docs/REFERENCE.md, "Scripts"): the photo folder's changes are taken in at that
/// simulated moment — added photos appear, removed ones leave, replaced ones decode again — so a
/// headless run that changes its folder stays deterministic. Windows and kiosks follow the folder by
/// themselves (`FolderWatcher`).
extension Script {
    static func rescan(_ value: Any) throws -> Action {
        // JSON booleans bridge as NSNumber of Objective-C type "c" (char); a number 1 is not `true`.
        guard let n = value as? NSNumber, String(cString: n.objCType) == "c", n.boolValue else {
            throw Error(message: "\"rescan\": expected true")
        }
        return .rescan
    }
}
