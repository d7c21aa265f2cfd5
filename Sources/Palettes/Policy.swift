import ColorCore
public struct Policy: RegistryEntry { public let id: String; public var registryID: String { id }
  public static let builtins: [Policy] = [] }
