#ifndef HUEBENCH_CLUASHIMS_H
#define HUEBENCH_CLUASHIMS_H
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>

/// The `_VERSION` string of a fresh interpreter (e.g. "Lua 5.4"), read at run time, and the release
/// (e.g. "5.4.4") from the library the program is linked with. Returns 0 on success.
int hb_lua_version(char *buf, int size);

#endif
