#include "CLuaShims.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>

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

/* ---------------------------------------------------------------- limits */

double hb_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double hb_now_coarse(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void *hb_testudata_ptr(lua_State *L, int idx, const void *mt) {
    void *p = lua_touserdata(L, idx);
    if (p == NULL || !lua_getmetatable(L, idx)) return NULL;
    const void *m = lua_topointer(L, -1);
    lua_pop(L, 1);
    return m == mt ? p : NULL;
}

const void *hb_metatable_ptr(lua_State *L, const char *name) {
    luaL_getmetatable(L, name);
    const void *p = lua_topointer(L, -1);
    lua_pop(L, 1);
    return p;
}

static hb_limits *limits_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (hb_limits *)ud;
}

/* The capped allocator. A request that would pass the cap is refused (Lua then runs an emergency
   collection and retries once); a second refusal of the same request trips the memory limit, which
   the hook then re-raises on every instruction so that pcall cannot swallow it. While a Swift callback
   runs (host_depth > 0) the cap is soft: the allocation succeeds and the trampoline checks afterwards,
   so no allocation error is ever raised inside a Swift frame. */
static void hb_hook(lua_State *L, lua_Debug *ar);
static void *hb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    hb_limits *lim = (hb_limits *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lim->used -= old;
        if (lim->refusals && lim->used < lim->cap / 4 * 3) lim->refusals = 0;
        return NULL;
    }
    if (nsize > old && lim->cap && lim->used + (nsize - old) > lim->cap && lim->host_depth == 0) {
        /* The first refusal lets Lua collect garbage and retry (or a pcall recover); a second refusal before
           usage falls back under 3/4 of the cap means the script really needs more: trip the limit. */
        if (++lim->refusals >= 2 && lim->main && !lim->tripped) {
            lim->tripped = HB_LIMIT_MEMORY;
            /* Arm the main thread's hook now (lua_sethook is safe at any point: lua.c calls it from a signal
               handler); a running coroutine notices at its next count. */
            lua_sethook(lim->main, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
        }
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (!p) return NULL;
    lim->used = lim->used - old + nsize;
    if (lim->used > lim->peak) lim->peak = lim->used;
    return p;
}

static void push_user_where_from(lua_State *L, int first);
static void hb_raise_limit(lua_State *L, hb_limits *lim) {
    push_user_where_from(L, 0);
    if (lim->tripped == HB_LIMIT_TIME)
        lua_pushfstring(L, "time limit of %f s exceeded", lim->budget);
    else
        lua_pushfstring(L, "memory limit of %d MiB exceeded", (int)(lim->cap >> 20));
    lua_concat(L, 2);
    lua_error(L);
}

/* Count hook: every HB_HOOK_COUNT instructions it reads the monotonic clock (a vDSO call, no syscall),
   which is all it costs before the deadline. Once a limit has tripped it re-arms itself on every call,
   return and instruction, and raises each time: a pcall catches one error, the next instruction raises again. */
#define HB_HOOK_COUNT 10000
static void hb_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    hb_limits *lim = limits_of(L);
    if (!lim->tripped) {
        if (lim->deadline > 0 && hb_now() >= lim->deadline) lim->tripped = HB_LIMIT_TIME;
        else if (lim->cap && lim->used > lim->cap && lim->host_depth == 0) lim->tripped = HB_LIMIT_MEMORY;
        else return;
    }
    lua_sethook(L, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
    /* The main thread too: a coroutine that trips must not leave its resumer running until its own count. */
    if (lim->main && lim->main != L) lua_sethook(lim->main, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
    hb_raise_limit(L, lim);
}

void hb_arm_hook(lua_State *L) {
    hb_limits *lim = limits_of(L);
    if (lim->tripped) lua_sethook(L, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
    else lua_sethook(L, hb_hook, LUA_MASKCOUNT, HB_HOOK_COUNT);
}

lua_State *hb_newstate(hb_limits *limits) {
    lua_State *L = lua_newstate(hb_alloc, limits);
    if (!L) return NULL;
    limits->main = L;
    lua_sethook(L, hb_hook, LUA_MASKCOUNT, HB_HOOK_COUNT);
    return L;
}

void hb_start_clock(hb_limits *limits, double seconds) {
    limits->budget = seconds;
    limits->deadline = seconds > 0 ? hb_now() + seconds : 0;
}

int hb_charge(hb_limits *limits, long long bytes) {
    if (bytes < 0) {
        size_t b = (size_t)(-bytes);
        limits->used = b > limits->used ? 0 : limits->used - b;
        return 1;
    }
    limits->used += (size_t)bytes;
    if (limits->used > limits->peak) limits->peak = limits->used;
    return !(limits->cap && limits->used > limits->cap);
}

int hb_tripped(lua_State *L) { return limits_of(L)->tripped; }

void hb_trip(lua_State *L, int which) {
    hb_limits *lim = limits_of(L);
    if (!lim->tripped) lim->tripped = which;
    hb_arm_hook(L);
    if (lim->main && lim->main != L) hb_arm_hook(lim->main);
}

int hb_lua_tripped(lua_State *L) {
    lua_pushboolean(L, limits_of(L)->tripped != 0);
    return 1;
}

/* ---------------------------------------------------------------- Swift calls */

/* Calls the Swift function in upvalue 1 with the allocator's cap soft, then raises (here, in C, after the
   Swift frame has returned) if it reported an error or pushed memory past the cap. */
static int hb_trampoline(lua_State *L) {
    hb_swift_fn fn = (hb_swift_fn)lua_touserdata(L, lua_upvalueindex(1));
    hb_limits *lim = limits_of(L);
    lim->host_depth++;
    int n = fn(L);
    lim->host_depth--;
    if (lim->host_depth == 0 && lim->cap && lim->used > lim->cap) {
        lua_gc(L, LUA_GCCOLLECT);
        if (lim->used > lim->cap) {
            if (!lim->tripped) lim->tripped = HB_LIMIT_MEMORY;
            hb_arm_hook(L);
            hb_raise_limit(L, lim);
        }
    }
    /* Long host work (a big batch) counts against the budget too (the coarse clock: a few ns per call). */
    if (!lim->tripped && lim->deadline > 0 && hb_now_coarse() >= lim->deadline) {
        lim->tripped = HB_LIMIT_TIME;
        hb_arm_hook(L);
        if (lim->main && lim->main != L) hb_arm_hook(lim->main);
        hb_raise_limit(L, lim);
    }
    if (n < 0) return lua_error(L);
    return n;
}

void hb_push_swift_function(lua_State *L, hb_swift_fn fn) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushcclosure(L, hb_trampoline, 1);
}

void hb_setfield_swift(lua_State *L, int idx, const char *name, hb_swift_fn fn) {
    idx = lua_absindex(L, idx);
    hb_push_swift_function(L, fn);
    lua_setfield(L, idx, name);
}

/* Whether a chunk is one of the host's prelude chunks ("=huebench-prelude/…"): never shown as a location. */
static int hb_is_prelude(const char *source) {
    return source && strncmp(source, "=huebench-prelude", 17) == 0;
}

/* "file:line: " of the nearest script frame (skipping C functions and the host's prelude), or "". */
static void push_user_where_from(lua_State *L, int first) {
    lua_Debug ar;
    for (int level = first; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0 && !hb_is_prelude(ar.source)) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}
static void push_user_where(lua_State *L) { push_user_where_from(L, 1); }

void hb_push_error_where(lua_State *L, const char *msg) {
    push_user_where(L);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
}

int hb_where(lua_State *L) {
    const char *msg = luaL_optstring(L, 1, "");
    push_user_where(L);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
    return 1;
}

/* The message handler: a table {message, traceback, source, line}. source/line are the nearest script frame
   (skipping C functions and the prelude) whose "short_src:line:" prefixes the message, else the nearest script
   frame, whose prefix is then added to a message that has none (errors raised in C: "C stack overflow",
   "resulting string too large", a non-string error value). */
static void push_chunk_name(lua_State *L, const char *source, const char *short_src) {
    if (source && (source[0] == '@' || source[0] == '=')) lua_pushstring(L, source + 1);
    else lua_pushstring(L, short_src);
}

int hb_message_handler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (lua_type(L, 1) == LUA_TTABLE || lua_type(L, 1) == LUA_TUSERDATA) {
            /* A __tostring of the error object runs unprotected here: only use its result if it is a string
               and call it through a protected call so an error in it cannot recurse into this handler. */
            if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
                lua_pushvalue(L, 1);
                if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) msg = lua_tostring(L, -1);
            }
        }
        if (msg == NULL) msg = lua_pushfstring(L, "error object is a %s value (pass a string to error())", luaL_typename(L, 1));
    }
    int msgIndex = lua_gettop(L);
    lua_Debug ar;
    const char *src = NULL;
    int line = 0, nearest_line = 0;
    char nearest_src[LUA_IDSIZE] = {0};
    const char *nearest_source = NULL;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0 || hb_is_prelude(ar.source)) continue;
        if (nearest_line == 0) {
            nearest_line = ar.currentline;
            memcpy(nearest_src, ar.short_src, sizeof nearest_src);
            nearest_source = ar.source;
        }
        size_t n = strlen(ar.short_src);
        if (strncmp(msg, ar.short_src, n) == 0 && msg[n] == ':') {
            char *end = NULL;
            long l = strtol(msg + n + 1, &end, 10);
            if (end && *end == ':' && l == ar.currentline) {
                push_chunk_name(L, ar.source, ar.short_src);
                src = lua_tostring(L, -1);
                line = (int)l;
                break;
            }
        }
    }
    if (src == NULL && nearest_line > 0) {
        /* A message with its own location (error(msg, 2), a loaded chunk that has returned) keeps it; the data
           then names the location the message does when that chunk is still known, else the nearest frame. */
        const char *colon = strchr(msg, ':');
        int has_prefix = 0;
        if (colon && colon != msg) {
            char *end = NULL;
            long l = strtol(colon + 1, &end, 10);
            if (end && end != colon + 1 && *end == ':' && l > 0) {
                has_prefix = 1;
                lua_pushlstring(L, msg, (size_t)(colon - msg));
                src = lua_tostring(L, -1);
                line = (int)l;
            }
        }
        if (!has_prefix) {
            push_chunk_name(L, nearest_source, nearest_src);
            src = lua_tostring(L, -1);
            line = nearest_line;
            msg = lua_pushfstring(L, "%s:%d: %s", nearest_src, nearest_line, msg);
        }
    }
    (void)msgIndex;
    lua_createtable(L, 0, 4);
    lua_pushstring(L, msg);
    lua_setfield(L, -2, "message");
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, -2, "traceback");
    if (src) {
        lua_pushstring(L, src);
        lua_setfield(L, -2, "source");
        lua_pushinteger(L, line);
        lua_setfield(L, -2, "line");
    }
    return 1;
}

/* Lua code called from Swift runs with the hard cap again (host_depth 0), and the previous depth is restored. */
static int pcall_user(lua_State *L, int nargs, int nresults, int msgh) {
    hb_limits *lim = limits_of(L);
    int saved = lim->host_depth;
    lim->host_depth = 0;
    int status = lua_pcall(L, nargs, nresults, msgh);
    lim->host_depth = saved;
    return status;
}

int hb_pcall_traced(lua_State *L, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, hb_message_handler);
    lua_insert(L, base);
    int status = pcall_user(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

int hb_load_text(lua_State *L, const char *buf, size_t len, const char *chunkname) {
    return luaL_loadbufferx(L, buf, len, chunkname, "t");
}

/* ---------------------------------------------------------------- macros */

void *hb_extraspace(lua_State *L) { return lua_getextraspace(L); }
void hb_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
void hb_pop(lua_State *L, int n) { lua_pop(L, n); }
void hb_newtable(lua_State *L) { lua_newtable(L); }
int hb_pcall(lua_State *L, int nargs, int nresults, int msgh) { return pcall_user(L, nargs, nresults, msgh); }
const char *hb_tostring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
double hb_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
long long hb_tointeger(lua_State *L, int idx, int *isnum) { return (long long)lua_tointegerx(L, idx, isnum); }
int hb_upvalueindex(int i) { return lua_upvalueindex(i); }
int hb_registryindex(void) { return LUA_REGISTRYINDEX; }
int hb_getmetatable_named(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
void *hb_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
int hb_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
void hb_remove(lua_State *L, int idx) { lua_remove(L, idx); }
void hb_insert(lua_State *L, int idx) { lua_insert(L, idx); }
void hb_replace(lua_State *L, int idx) { lua_replace(L, idx); }
void hb_pushliteral(lua_State *L, const char *s) { lua_pushstring(L, s); }

void hb_open_safe_libs(lua_State *L) {
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base}, {LUA_TABLIBNAME, luaopen_table}, {LUA_STRLIBNAME, luaopen_string},
        {LUA_MATHLIBNAME, luaopen_math}, {LUA_UTF8LIBNAME, luaopen_utf8}, {LUA_OSLIBNAME, luaopen_os},
        {LUA_COLIBNAME, luaopen_coroutine}, {NULL, NULL}};
    for (const luaL_Reg *lib = libs; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
}

/* ---------------------------------------------------------------- pattern watchdog */

/* Calls the original function (upvalue 1) with in_pattern raised; a protected call so the counter comes down
   even when the call raises (a gsub callback may hit the time hook), then the error is re-raised. */
static int hb_pattern_call(lua_State *L) {
    hb_limits *lim = limits_of(L);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (lim->in_pattern == 0 && lim->watchdog_message[0]) {
        /* Where the script called it, for the watchdog's message: the nearest Lua frame (pcall may sit between).
           Written before in_pattern rises; the watchdog reads it only while in_pattern > 0. */
        lua_Debug ar;
        lim->pattern_line = 0;
        for (int level = 1; level < 6 && lua_getstack(L, level, &ar); level++) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && ar.source) {
                lim->pattern_source = ar.source;
                lim->pattern_line = ar.currentline;
                break;
            }
        }
    }
    lim->in_pattern++;
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    lim->in_pattern--;
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

/* gmatch returns an iterator that runs the matcher on each call: wrap it too. */
static int hb_gmatch_call(lua_State *L) {
    int r = hb_pattern_call(L);
    if (r >= 1 && lua_isfunction(L, 1)) {
        lua_settop(L, 1);
        lua_pushcclosure(L, hb_pattern_call, 1);
        return 1;
    }
    return r;
}

void hb_guard_patterns(lua_State *L) {
    static const char *names[] = {"find", "match", "gsub", "rep", NULL};
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, LUA_STRLIBNAME);
    for (const char **n = names; *n; n++) {
        lua_getfield(L, -1, *n);
        lua_pushcclosure(L, hb_pattern_call, 1);
        lua_setfield(L, -2, *n);
    }
    lua_getfield(L, -1, "gmatch");
    lua_pushcclosure(L, hb_gmatch_call, 1);
    lua_setfield(L, -2, "gmatch");
    lua_pop(L, 2);
}

#define HB_WATCH_MAX 16
static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static hb_limits *watched[HB_WATCH_MAX];
static int watch_started = 0;

static void *watchdog(void *arg) {
    (void)arg;
    for (;;) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        double now = hb_now();
        pthread_mutex_lock(&watch_lock);
        for (int i = 0; i < HB_WATCH_MAX; i++) {
            hb_limits *lim = watched[i];
            if (lim && lim->in_pattern > 0 && lim->deadline > 0 && now > lim->deadline + lim->grace) {
                /* The message, with the marked script name replaced by source:line when the line is known. */
                char out[800];
                const char *m = lim->watchdog_message;
                const char *a = strchr(m, '\x01'), *b = a ? strchr(a, '\x02') : NULL;
                const char *src = lim->pattern_source;
                if (a && b && lim->pattern_line > 0 && src && (src[0] == '@' || src[0] == '='))
                    snprintf(out, sizeof out, "%.*s%.200s:%d%s", (int)(a - m), m, src + 1, lim->pattern_line, b + 1);
                else if (a && b)
                    snprintf(out, sizeof out, "%.*s%.*s%s", (int)(a - m), m, (int)(b - a - 1), a + 1, b + 1);
                else
                    snprintf(out, sizeof out, "%s", m);
                ssize_t w = write(2, out, strlen(out));
                (void)w;
                _exit(3);
            }
        }
        pthread_mutex_unlock(&watch_lock);
    }
    return NULL;
}

void hb_watch(hb_limits *limits, const char *message, double grace) {
    snprintf(limits->watchdog_message, sizeof limits->watchdog_message, "%s\n", message);
    limits->grace = grace;
    pthread_mutex_lock(&watch_lock);
    for (int i = 0; i < HB_WATCH_MAX; i++) if (!watched[i]) { watched[i] = limits; break; }
    if (!watch_started) {
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &attr, watchdog, NULL) == 0) watch_started = 1;
        pthread_attr_destroy(&attr);
    }
    pthread_mutex_unlock(&watch_lock);
}

void hb_unwatch(hb_limits *limits) {
    pthread_mutex_lock(&watch_lock);
    for (int i = 0; i < HB_WATCH_MAX; i++) if (watched[i] == limits) watched[i] = NULL;
    pthread_mutex_unlock(&watch_lock);
}
