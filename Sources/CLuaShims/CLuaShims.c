#include "CLuaShims.h"
#include <stdio.h>
#include <string.h>

int hb_lua_version(char *buf, int size) {
    lua_State *L = luaL_newstate();
    if (!L) return -1;
    /* _VERSION is set by the base library: read it the way scripts see it */
    luaL_openlibs(L);
    lua_getglobal(L, "_VERSION");
    const char *v = lua_tostring(L, -1);
    lua_Number num = lua_version(L);
    snprintf(buf, (size_t)size, "%s, lua_version %d", v ? v : "Lua", (int)num);
    lua_close(L);
    return 0;
}
