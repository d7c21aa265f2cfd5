#include "CLuaShims.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

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
#define HB_BIG_ALLOC (64 * 1024)
/* How far past the cap allocations may go once the memory limit has tripped (the error's message, traceback
   and the instructions until the hook raises it). */
#define HB_MEMORY_SLACK ((size_t)64 << 20)
/* The largest single request the slack grants (the error's message and traceback are small). */
#define HB_SLACK_REQUEST ((size_t)4 << 20)
static int hb_is_prelude(const char *source);
/* Records where the script asked for an allocation that is refused for good: Lua raises "not enough memory"
   without the message handler, so the error would otherwise carry no line. The nearest script frame of the
   running thread; lua_getinfo with "Sl" reads the frame and allocates nothing. A request larger than the whole
   cap gets a detail naming its size. */
static void hb_note_refusal(hb_limits *lim, size_t bytes) {
    if (!lim->refused_line) {
        lua_State *L = lim->running ? lim->running : lim->main;
        lua_Debug ar;
        for (int level = 0; L && lua_getstack(L, level, &ar); level++) {
            if (!lua_getinfo(L, "Sl", &ar)) break;
            if (ar.currentline > 0 && !hb_is_prelude(ar.source)) {
                const char *s = ar.source && (ar.source[0] == '@' || ar.source[0] == '=') ? ar.source + 1 : ar.short_src;
                snprintf(lim->refused_source, sizeof lim->refused_source, "%s", s);
                lim->refused_line = ar.currentline;
                break;
            }
        }
    }
    if (bytes > lim->cap && !lim->detail[0])
        snprintf(lim->detail, sizeof lim->detail,
                 "one allocation of %.1f MiB is larger than the memory limit of %d MiB; raise it with --memory-limit",
                 (double)bytes / 1048576.0, (int)(lim->cap >> 20));
}
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
        /* The same request again (Lua retries a refused one after a full collection) counts as a second refusal
           even when that collection brought usage under 3/4 of the cap: it still does not fit. */
        int again = lim->refused_ptr == ptr && lim->refused_size == nsize;
        lim->refused_ptr = ptr;
        lim->refused_size = nsize;
        /* A request larger than the whole cap can never fit: it trips the limit at once. */
        if (lim->tripped != HB_LIMIT_MEMORY && (++lim->refusals >= 2 || again || nsize - old > lim->cap) && lim->main && !lim->tripped) {
            lim->tripped = HB_LIMIT_MEMORY;
            /* Arm the hooks of the main thread and of the coroutine running now (lua_sethook is safe at any
               point: lua.c calls it from a signal handler): the limit is raised at the next instruction. */
            lua_sethook(lim->main, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
            if (lim->running) lua_sethook(lim->running, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
        }
        /* Past the limit, requests within the slack are granted: the limit is then raised by the hook (a
           runtime error, which names the script's line; Lua raises a refused allocation without the message
           handler) and the error's own message and traceback can be built. */
        if (lim->tripped != HB_LIMIT_MEMORY) return NULL;
        if (nsize - old > HB_SLACK_REQUEST || lim->used + (nsize - old) > lim->cap + HB_MEMORY_SLACK) {
            hb_note_refusal(lim, nsize - old);
            return NULL;
        }
    }
    /* Big allocations (long strings from `..`, string.rep, table growth) also look at the clock: past the
       deadline the time limit trips and the hook raises at the next instruction, however few instructions a
       loop of such allocations runs. */
    if (nsize >= HB_BIG_ALLOC && !lim->tripped && lim->deadline > 0 && lim->main && hb_now_coarse() >= lim->deadline) {
        lim->tripped = HB_LIMIT_TIME;
        lua_sethook(lim->main, hb_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKRET, 1);
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

/* Count hook: every HB_HOOK_COUNT instructions it reads the coarse monotonic clock (a vDSO read, a few ns,
   resolution of a few ms), which is all it costs before the deadline. Once a limit has tripped it re-arms itself on every call,
   return and instruction, and raises each time: a pcall catches one error, the next instruction raises again. */
#define HB_HOOK_COUNT 1000
static void hb_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    hb_limits *lim = limits_of(L);
    if (!lim->tripped) {
        if (lim->deadline > 0 && hb_now_coarse() >= lim->deadline) lim->tripped = HB_LIMIT_TIME;
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
const char *hb_limit_detail(lua_State *L) { return limits_of(L)->detail; }
const char *hb_refused_source(lua_State *L) { return limits_of(L)->refused_source; }
int hb_refused_line(lua_State *L) { return limits_of(L)->refused_line; }

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

/* Pushes `msg`, cut in the middle when it is longer than HB_MESSAGE_MAX bytes (an error that quotes a
   3 MiB argument stays one readable line): its start and its end (what to do) are kept, cuts fall on UTF-8
   character boundaries. */
#define HB_MESSAGE_MAX 1000
static void push_capped_line(lua_State *L, const char *msg, size_t len);
static void push_capped(lua_State *L, const char *msg, size_t len) {
    /* One line: newlines and carriage returns an argument brought in are written as \n and \r. */
    size_t breaks = 0;
    for (size_t i = 0; i < len; i++) breaks += msg[i] == '\n' || msg[i] == '\r';
    if (breaks == 0) { push_capped_line(L, msg, len); return; }
    char *line = malloc(len + breaks + 1);
    if (!line) { push_capped_line(L, msg, len); return; }
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (msg[i] == '\n' || msg[i] == '\r') { line[o++] = '\\'; line[o++] = msg[i] == '\n' ? 'n' : 'r'; }
        else line[o++] = msg[i];
    }
    push_capped_line(L, line, o);
    free(line);
}
static void push_capped_line(lua_State *L, const char *msg, size_t len) {
    if (len <= HB_MESSAGE_MAX) { lua_pushlstring(L, msg, len); return; }
    size_t head = 600, tail = 300;
    while (head > 0 && ((unsigned char)msg[head] & 0xC0) == 0x80) head--;
    size_t from = len - tail;
    while (from < len && ((unsigned char)msg[from] & 0xC0) == 0x80) from++;
    lua_pushlstring(L, msg, head);
    lua_pushfstring(L, "…(%I bytes cut)…", (lua_Integer)(from - head));
    lua_pushlstring(L, msg + from, len - from);
    lua_concat(L, 3);
}

void hb_push_error_where(lua_State *L, const char *msg) {
    push_user_where(L);
    push_capped(L, msg, strlen(msg));
    lua_concat(L, 2);
}

void hb_push_capped(lua_State *L, const char *msg) { push_capped(L, msg, strlen(msg)); }

int hb_where(lua_State *L) {
    size_t len = 0;
    const char *msg = luaL_optlstring(L, 1, "", &len);
    push_user_where(L);
    push_capped(L, msg, len);
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
int hb_gc_step(lua_State *L, int kb) { return lua_gc(L, LUA_GCSTEP, kb); }
void hb_reuse_freed_pages(int mmap_threshold, int trim_threshold) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_TRIM_THRESHOLD, trim_threshold);
#else
    (void)mmap_threshold; (void)trim_threshold;
#endif
}
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

/* ---------------------------------------------------------------- long C library calls */

/* Raises the time limit from C when the deadline has passed (or a limit already tripped). Call only from a C
   function Lua called (never from a Swift frame). */
static void check_deadline(lua_State *L, hb_limits *lim) {
    if (!lim->tripped && lim->deadline > 0 && hb_now_coarse() >= lim->deadline) lim->tripped = HB_LIMIT_TIME;
    if (lim->tripped) {
        hb_arm_hook(L);
        if (lim->main && lim->main != L) hb_arm_hook(lim->main);
        hb_raise_limit(L, lim);
    }
}

/* Refuses, before the call, a library call whose result would pass the memory cap: trips the memory limit
   with a one-line detail naming the function, the bytes and the cap. */
static void refuse_size(lua_State *L, hb_limits *lim, const char *fname, double bytes) {
    if (!lim->cap || bytes <= (double)lim->cap - (double)lim->used) return;
    const char *units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
    double v = bytes, c = (double)lim->cap;
    int u = 0, cu = 0;
    while (v >= 1024 && u < 8) { v /= 1024; u++; }
    while (c >= 1024 && cu < 8) { c /= 1024; cu++; }
    snprintf(lim->detail, sizeof lim->detail, "%s: the result needs %.1f %s; the memory limit is %.0f %s (--memory-limit)",
             fname, v, units[u], c, units[cu]);
    if (!lim->tripped) lim->tripped = HB_LIMIT_MEMORY;
    hb_arm_hook(L);
    if (lim->main && lim->main != L) hb_arm_hook(lim->main);
    hb_raise_limit(L, lim);
}

/* Calls the original library function (upvalue 1) after a deadline check, with in_c raised so the watchdog
   knows C code the hook cannot interrupt is running; a protected call so the counter comes down even when
   the call raises (a gsub callback may hit the time hook), then the error is re-raised. Upvalue 2 is the
   function's name; for string.rep the result's size is checked against the memory cap first. */
static int hb_guarded_call(lua_State *L) {
    hb_limits *lim = limits_of(L);
    check_deadline(L, lim);
    const char *fname = lua_tostring(L, lua_upvalueindex(2));
    int isint = 0;
    lua_Integer count = lua_tointegerx(L, 2, &isint);
    if (fname && strcmp(fname, "string.rep") == 0 && lua_type(L, 1) == LUA_TSTRING && isint) {
        double n = (double)count;
        double bytes = (double)lua_rawlen(L, 1) * n;
        if (lua_type(L, 3) == LUA_TSTRING && n > 1) bytes += (double)lua_rawlen(L, 3) * (n - 1);
        if (n > 0) refuse_size(L, lim, fname, bytes);
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (lim->in_c == 0 && lim->watchdog_message[0]) {
        /* Where the script called it, for the watchdog's message: the nearest Lua frame (pcall may sit between).
           Written before in_c rises; the watchdog reads it only while in_c > 0. */
        lua_Debug ar;
        lim->c_line = 0;
        for (int level = 1; level < 6 && lua_getstack(L, level, &ar); level++) {
            if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && ar.source && !hb_is_prelude(ar.source)) {
                lim->c_source = ar.source;
                lim->c_line = ar.currentline;
                break;
            }
        }
    }
    if (lim->in_c == 0) lim->c_name = fname;
    lim->in_c++;
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    lim->in_c--;
    if (status == LUA_ERRMEM && lim->cap) {
        /* Lua raises "not enough memory" without the message handler, so the error would carry no line: trip
           the memory limit and raise it here, a runtime error at the script's line. */
        lua_settop(L, 0);
        lua_gc(L, LUA_GCCOLLECT);  /* what the failed call built is garbage now: room for the message */
        if (!lim->tripped) lim->tripped = HB_LIMIT_MEMORY;
        if (lim->tripped == HB_LIMIT_MEMORY && !lim->detail[0])
            snprintf(lim->detail, sizeof lim->detail, "%s: memory limit of %d MiB exceeded; raise it with --memory-limit",
                     fname ? fname : "a library function", (int)(lim->cap >> 20));
        hb_arm_hook(L);
        if (lim->main && lim->main != L) hb_arm_hook(lim->main);
        hb_raise_limit(L, lim);
    }
    if (status != LUA_OK) return lua_error(L);
    check_deadline(L, lim);  /* one long call that ended past the deadline ends the script here */
    return lua_gettop(L);
}

/* gmatch returns an iterator that runs the matcher on each call: wrap it too. */
static int hb_gmatch_call(lua_State *L) {
    int r = hb_guarded_call(L);
    if (r >= 1 && lua_isfunction(L, 1)) {
        lua_settop(L, 1);
        lua_pushvalue(L, lua_upvalueindex(2));
        lua_pushcclosure(L, hb_guarded_call, 2);
        return 1;
    }
    return r;
}

/* table.move(a1, f, e, t [, a2]) with the same meaning as the library's, written as a loop that checks the
   deadline every 4096 elements, so a move of 10^12 elements stops at the time limit. */
static int hb_table_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = lua_isnoneornil(L, 5) ? 1 : 5;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, tt, LUA_TTABLE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer last = e - f;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - last, 4, "destination wrap around");
        /* Copy upwards unless the ranges overlap with the destination above the source in the same table. */
        int up = t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ));
        hb_limits *lim = limits_of(L);
        for (lua_Integer i = 0; i <= last; i++) {
            if ((i & 4095) == 0) check_deadline(L, lim);
            lua_Integer k = up ? i : last - i;
            lua_geti(L, 1, f + k);
            lua_seti(L, tt, t + k);
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void guard_library(lua_State *L, const char *lib, const char **names) {
    lua_getfield(L, -1, lib);
    for (const char **n = names; *n; n++) {
        lua_getfield(L, -1, *n);
        if (lua_isnil(L, -1)) { lua_pop(L, 1); continue; }
        lua_pushfstring(L, "%s.%s", strcmp(lib, LUA_GNAME) == 0 ? "" : lib, *n);
        if (strcmp(lib, LUA_GNAME) == 0) { lua_pop(L, 1); lua_pushstring(L, *n); }
        lua_pushcclosure(L, hb_guarded_call, 2);
        lua_setfield(L, -2, *n);
    }
    lua_pop(L, 1);
}

/* coroutine.resume and the functions coroutine.wrap returns, with `running` set to the coroutine while it runs
   (restored after, also when the call raises), so a limit that trips inside it arms that coroutine's hook at
   once instead of at its next count. */
static int hb_resume_call(lua_State *L) {
    hb_limits *lim = limits_of(L);
    lua_State *co = lua_tothread(L, lua_upvalueindex(2));
    if (co == NULL) co = lua_tothread(L, 1);
    lua_State *saved = lim->running;
    if (co) lim->running = co;
    if (lim->tripped && co) hb_arm_hook(co);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    lim->running = saved;
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}
static int hb_wrap_call(lua_State *L) {
    /* coroutine.wrap(f) is coroutine.create(f) plus a function resuming it: make the same with a recorded thread */
    lua_pushvalue(L, lua_upvalueindex(1));   /* the original wrap */
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    /* The original wrap's function keeps its coroutine as upvalue 1. */
    if (lua_getupvalue(L, -1, 1) == NULL) lua_pushnil(L);
    lua_pushcclosure(L, hb_resume_call, 2);
    return 1;
}

void hb_guard_library_calls(lua_State *L) {
    static const char *string_fns[] = {"find", "match", "gsub", "rep", "upper", "lower", "reverse", "format", "sub",
                                       "byte", "char", "pack", "unpack", "packsize", NULL};
    static const char *table_fns[] = {"concat", "sort", "insert", "remove", "unpack", NULL};
    static const char *utf8_fns[] = {"len", "codepoint", "char", "offset", NULL};
    static const char *base_fns[] = {"load", NULL};
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    guard_library(L, LUA_STRLIBNAME, string_fns);
    guard_library(L, LUA_TABLIBNAME, table_fns);
    guard_library(L, LUA_UTF8LIBNAME, utf8_fns);
    guard_library(L, LUA_GNAME, base_fns);
    lua_getfield(L, -1, LUA_STRLIBNAME);
    lua_getfield(L, -1, "gmatch");
    lua_pushliteral(L, "string.gmatch");
    lua_pushcclosure(L, hb_gmatch_call, 2);
    lua_setfield(L, -2, "gmatch");
    lua_pop(L, 1);
    lua_getfield(L, -1, LUA_TABLIBNAME);
    lua_pushcfunction(L, hb_table_move);
    lua_setfield(L, -2, "move");
    lua_pop(L, 1);
    lua_getfield(L, -1, LUA_COLIBNAME);
    if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "resume");
        lua_pushnil(L);
        lua_pushcclosure(L, hb_resume_call, 2);
        lua_setfield(L, -2, "resume");
        lua_getfield(L, -1, "wrap");
        lua_pushcclosure(L, hb_wrap_call, 1);
        lua_setfield(L, -2, "wrap");
    }
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
            if (lim && lim->in_c > 0 && lim->deadline > 0 && now > lim->deadline + lim->grace) {
                /* The message: the text between \x01 and \x02 (the script name) becomes source:line when the
                   line is known; \x03 becomes the running function's name. */
                char out[800];
                size_t o = 0;
                const char *src = lim->c_source;
                int located = lim->c_line > 0 && src && (src[0] == '@' || src[0] == '=');
                for (const char *m = lim->watchdog_message; *m && o < sizeof out - 1; m++) {
                    if (*m == '\x01' && located) {
                        o += (size_t)snprintf(out + o, sizeof out - o, "%.200s:%d", src + 1, lim->c_line);
                        const char *b = strchr(m, '\x02');
                        if (b) m = b;
                    } else if (*m == '\x01' || *m == '\x02') {
                        continue;
                    } else if (*m == '\x03') {
                        o += (size_t)snprintf(out + o, sizeof out - o, "%.60s", lim->c_name ? lim->c_name : "a library function");
                    } else {
                        out[o++] = *m;
                    }
                    if (o >= sizeof out) o = sizeof out - 1;
                }
                out[o] = 0;
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
