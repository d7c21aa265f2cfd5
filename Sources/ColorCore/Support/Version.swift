/// The program's version, as `huebench --version` prints it and study provenance records it.
public enum HuebenchVersion {
    public static let text = "0.1.0"
}
