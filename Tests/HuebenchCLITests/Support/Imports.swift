// Every file of this target runs the CLI through the shared test support (CLI.run, TempFolder, Fixtures).
@_exported import HuebenchTestSupport
