import Foundation
import Testing

/// W8: `huebench tune --set chroma=1e309` said "needs 20 finite values, got 20" and exited 1. A number that
/// reads as infinite (or NaN) in `--set` or `--param` is a usage error: exit 2, one line naming the flag and
/// the value.
struct TuneSetInfinityTests {
    @Test(arguments: [
        (["tune", "--set", "chroma=1e309"], "huebench tune: --set chroma=1e309: '1e309' is not a finite number; give a finite value\n"),
        (["tune", "--set", "margin=-inf"], "huebench tune: --set margin=-inf: '-inf' is not a finite number; give a finite value\n"),
        (["tune", "--set", "chroma=0.1, nan,0.2"], "huebench tune: --set chroma=0.1, nan,0.2: 'nan' is not a finite number; give a finite value\n"),
        (["tune", "--param", "margin=0.9,1e400"], "huebench tune: --param margin=0.9,1e400: '1e400' is not a finite number; give finite values\n"),
    ])
    func isAUsageErrorNamingTheFlag(_ c: ([String], String)) throws {
        let r = try PluginCLITests.run(c.0)
        #expect(r.status == 2, "\(r.status) \(r.stderr)")
        #expect(r.stderr == c.1)
    }
}
