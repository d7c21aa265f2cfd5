import CLuaShims

/// One Lua function as a binding table holds it: the name it is installed under, its declaration and the Swift
/// function. The declaration is `(param: type, opt?: type): returns | one line of documentation` (`...` for a
/// variadic parameter; `nil` for no result); `LuaAPI` reads every table, so `huebench lua-types`, the Lua
/// reference and the API tests come from the same entries the interpreter installs.
struct LuaBinding: Sendable {
    let name: String
    let declaration: String
    let function: hb_swift_fn

    init(_ name: String, _ declaration: String, _ function: hb_swift_fn) {
        self.name = name; self.declaration = declaration; self.function = function
    }
}
