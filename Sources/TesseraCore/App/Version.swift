/// The version `tessera --version` prints, and the one the shared thumbnails it writes record.
package let tesseraVersion = "0.1.0"
