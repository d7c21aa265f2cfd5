import ColorCore
import CLuaShims
var buf = [CChar](repeating: 0, count: 128)
_ = hb_lua_version(&buf, 128)
print("huebench 0.1.0; \(String(cString: buf))")
