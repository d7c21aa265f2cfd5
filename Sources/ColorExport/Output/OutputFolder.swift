import ColorIO

/// The files one build produces: ColorIO's staged folder (in memory until `commit(to:)`, which locks the output
/// folder, commits through a journal, and removes only stale files its signed manifest lists).
public typealias OutputFolder = StagedFolder
