#ifndef HUEBENCH_CLUASHIMS_H
#define HUEBENCH_CLUASHIMS_H
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
#include <stddef.h>
#include <stdint.h>

/// The `_VERSION` string of a fresh interpreter (e.g. "Lua 5.4"), read at run time, and the release
/// (e.g. "5.4.4") from the library the program is linked with. Returns 0 on success.
int hb_lua_version(char *buf, int size);

// MARK: Limits: a capped allocator and a time budget that pcall cannot swallow.

/// Which limit ended a script (0: none).
enum { HB_LIMIT_NONE = 0, HB_LIMIT_TIME = 1, HB_LIMIT_MEMORY = 2 };

/// The per-state bookkeeping of the capped allocator and the time hook. Owned by the host.
typedef struct hb_limits {
    size_t used;          ///< bytes currently allocated by Lua, plus bytes charged by the host
    size_t peak;          ///< the highest `used` seen
    size_t cap;           ///< the memory cap in bytes (0: none)
    int host_depth;       ///< > 0 while a Swift callback runs: the cap is soft then (over-cap is recorded, not refused)
    int tripped;          ///< HB_LIMIT_*: the first limit hit; once set, the hook raises on every instruction
    double deadline;      ///< CLOCK_MONOTONIC seconds at which the time budget ends (0: none)
    double budget;        ///< the budget in seconds, for the message
    lua_State *main;      ///< the main thread (set after creation)
    lua_State *running;   ///< the coroutine being resumed now (NULL: the main thread runs); set by coroutine.resume
    int refusals;         ///< refused requests since usage was last under 3/4 of the cap (2 trip the limit)
    void *refused_ptr;    ///< the last refused request (block and new size): its retry trips the limit
    size_t refused_size;
    volatile int in_c;    ///< > 0 while a guarded C library function (string, table, utf8, load) runs
    double grace;         ///< seconds past the deadline the watchdog waits before ending the process
    char watchdog_message[512]; ///< the one line the watchdog writes to stderr before exit(3) ("" = not watched);
                                ///< the text between \x01 and \x02 is replaced by `c_source:c_line` when known,
                                ///< \x03 by the running function's name
    int c_line;           ///< the line of the Lua code that called the running guarded function (0: unknown)
    const char *c_source; ///< its chunk's source name (`@script.lua`, `=eval`; alive while the call runs)
    const char *c_name;   ///< the running guarded function's name ("string.find"; alive while the call runs)
    char detail[256];     ///< a limit's one-line detail set by C code ("string.rep: the result needs …"), or ""
    char refused_source[256]; ///< where the allocation refused for good was asked for (chunk name), or ""
    int refused_line;     ///< its line (0: unknown); Lua raises such a refusal without the message handler
} hb_limits;

/// A new state with the capped allocator and the time hook armed (count hook, cheap clock check).
lua_State *hb_newstate(hb_limits *limits);
/// Starts (or restarts) the time budget now.
void hb_start_clock(hb_limits *limits, double seconds);
/// Charges (positive) or refunds (negative) host-side bytes; returns 0 if over the cap (and trips the limit).
int hb_charge(hb_limits *limits, long long bytes);
/// Monotonic seconds.
double hb_now(void);
/// Monotonic seconds from the coarse clock (a few ms resolution, a few ns to read): for per-call checks.
double hb_now_coarse(void);
/// The userdata at `idx` if its metatable is the table at address `mt` (a pointer compare: no registry lookup).
void *hb_testudata_ptr(lua_State *L, int idx, const void *mt);
/// The address of the metatable registered under `name` (for `hb_testudata_ptr`).
const void *hb_metatable_ptr(lua_State *L, const char *name);
/// Wraps the C library functions whose run time grows with their input (string patterns, rep, upper, lower,
/// sub, format…, table.concat, sort, insert, remove, unpack, utf8.*, load, tostring): each checks the deadline
/// before it runs (so a loop around them stops at the limit) and marks itself running for the watchdog;
/// string.rep refuses a result past the memory cap. table.move is replaced by a loop that checks the deadline
/// every 4096 elements. Call after the libraries are open and before the prelude runs.
void hb_guard_library_calls(lua_State *L);
/// Watches `limits`: a background thread ends the process (message on stderr, exit status 3) when a guarded C
/// library function is still running `grace` seconds after the deadline. The count hook cannot fire inside C
/// functions, so this is the only way to stop one long call (a pathological pattern, a huge `load`). `message` is written as given (one line).
void hb_watch(hb_limits *limits, const char *message, double grace);
/// Stops watching `limits` (before it is freed).
void hb_unwatch(hb_limits *limits);
/// Installs the hook on a coroutine or thread (new threads inherit it; this is for re-arming).
void hb_arm_hook(lua_State *L);

// MARK: Calling Swift without letting a Lua error cross a Swift frame.

/// A Swift function registered in Lua: returns the number of results, or -1 after pushing an error
/// message (the C trampoline raises it once the Swift frame has returned).
typedef int (*hb_swift_fn)(lua_State *L);

/// Pushes a C closure that calls `fn` (its only upvalue) and raises on -1.
void hb_push_swift_function(lua_State *L, hb_swift_fn fn);
/// Pushes "file:line: " of the Lua code at `level` (1: the caller of the running C function) and `msg`, concatenated.
void hb_push_error_where(lua_State *L, const char *msg);
/* Pushes msg, cut in the middle past 1000 bytes (start and end kept). */
void hb_push_capped(lua_State *L, const char *msg);
/// Lua-callable: `where(msg)` returns msg prefixed with the nearest script frame's "file:line: ".
int hb_where(lua_State *L);
/// The message handler used by the host: a table {message, traceback, source, line}; source and line are the
/// script location as data (the nearest script frame when the error came from C, whose prefix is then added).
int hb_message_handler(lua_State *L);
/// Runs `lua_pcall` with `hb_message_handler` below the function; returns the status. The result on error
/// is a table {message=…, traceback=…}, or the raw error value if it was not a string.
int hb_pcall_traced(lua_State *L, int nargs, int nresults);
/// Loads a text-only chunk (binary chunks refused) from a buffer; returns the status.
int hb_load_text(lua_State *L, const char *buf, size_t len, const char *chunkname);

// MARK: Lua's macros, as functions.

void *hb_extraspace(lua_State *L);
/// A full garbage collection (lua_gc is variadic: not callable from Swift).
void hb_gc_collect(lua_State *L);
/// One incremental collection step as if `kb` KiB had been allocated (host memory held by a userdata);
/// returns 1 when the step finished a cycle.
int hb_gc_step(lua_State *L, int kb);
/// glibc: serve allocations below `mmap_threshold` bytes from the heap and keep up to `trim_threshold` bytes
/// of freed memory for reuse (mallopt; no effect on other C libraries).
void hb_reuse_freed_pages(int mmap_threshold, int trim_threshold);
void hb_pop(lua_State *L, int n);
void hb_newtable(lua_State *L);
int hb_pcall(lua_State *L, int nargs, int nresults, int msgh);
const char *hb_tostring(lua_State *L, int idx, size_t *len);
double hb_tonumber(lua_State *L, int idx, int *isnum);
long long hb_tointeger(lua_State *L, int idx, int *isnum);
int hb_upvalueindex(int i);
int hb_registryindex(void);
int hb_getmetatable_named(lua_State *L, const char *name);
void *hb_newuserdata(lua_State *L, size_t size);
int hb_isnoneornil(lua_State *L, int idx);
void hb_remove(lua_State *L, int idx);
void hb_insert(lua_State *L, int idx);
void hb_replace(lua_State *L, int idx);
void hb_pushliteral(lua_State *L, const char *s);
/// `luaL_setfuncs`-free registration: sets t[name] = Swift function, t at `idx`.
void hb_setfield_swift(lua_State *L, int idx, const char *name, hb_swift_fn fn);
/// Opens only the safe standard libraries (base, table, string, math, utf8, os, coroutine) into the registry.
void hb_open_safe_libs(lua_State *L);
/// Lua-callable: whether a limit has tripped (the sandbox's xpcall then skips the script's handler, which
/// would otherwise run with hooks off).
int hb_lua_tripped(lua_State *L);
/// The one-line detail C code left for the tripped limit ("" if none).
const char *hb_limit_detail(lua_State *L);
/// The chunk and line of the script code whose allocation was refused for good (line 0: none recorded).
const char *hb_refused_source(lua_State *L);
int hb_refused_line(lua_State *L);
/// Which limit has tripped (HB_LIMIT_*; 0: none).
int hb_tripped(lua_State *L);
/// Trips limit `which` (HB_LIMIT_TIME or HB_LIMIT_MEMORY) from a host call: the hook then raises on every
/// instruction, so the script ends even under pcall. Used when a host call stops at its deadline or is refused memory.
void hb_trip(lua_State *L, int which);

#endif
