/// ColorIO: files and text every layer writes — atomic files, staged output folders (lock, journal, manifest),
/// path resolution that never follows a symlink out of an output folder, escaping per output language, JSON
/// and number formatting. It imports nothing of ours; ColorCore does not import it; every layer above may.
public enum IOFormat {
    /// The version of the on-disk formats this module writes (manifest, journal).
    public static let version = 1
}
