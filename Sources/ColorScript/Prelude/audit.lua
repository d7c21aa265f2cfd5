-- Policies and audits: hb.policy, hb.register_policy, hb.audit, and the evaluator of a Lua policy's stop
-- rules and check function. Called with (P, S).
local P, S = ...
local type, tostring, ipairs = type, tostring, ipairs
local getmetatable_, format = getmetatable, string.format
local fail, check_table, family_object = S.fail, S.check_table, S.family_object
local hbraw = P.hb
-- Stop rules ({text=900, background=50, min=7, method=}) and the check function of a policy, for one
-- family: a list of {passed, rule, value, min, message}. Token rules are evaluated by the Swift audit.
local function evaluate(policy, f)
  local out = {}
  for r, rule in ipairs(policy.rules or {}) do
    if type(rule.text) == "number" and type(rule.background) == "number" then
      local text, bg = f:stop(rule.text), f:stop(rule.background)
      local value = math.abs(text:contrast(bg, rule.method or "wcag21"))
      out[#out + 1] = { passed = value >= rule.min, rule = rule.name or ("rule " .. r), value = value, min = rule.min,
        message = format("%s: _%s on _%s is %.2f, needs %s", f.name, tostring(rule.text), tostring(rule.background), value, tostring(rule.min)) }
    end
  end
  if policy.check then
    local ok, msg = policy.check({ family = f, hb = S.hb })
    out[#out + 1] = { passed = not not ok, rule = "check", message = msg or (f.name .. (ok and ": check passed" or ": check failed")) }
  end
  return out
end
local policies = {}
local function extras(name, family_name, colors, info)
  return evaluate(policies[name], family_object(family_name, colors, nil, info))
end
--- hb.register_policy(spec: table): nil | a policy registered for the CLI: {name=, rules=, check=}
hbraw.register_policy = function(spec)
  check_table("hb.register_policy", spec)
  P.register_policy(spec, extras)
  policies[spec.name] = spec
end
-- hb.policy{name=, rules={…}, check=function(ctx)} and hb.audit(theme_or_families, policy) → the report
-- `huebench audit` computes: token rules (and built-in or registered policies by name) are checked by
-- Palettes' Audit through P.audit; a Lua policy's stop rules and check function are appended here.
-- { policy, title, checked, passed, checks = { {family, rule, mode, contrast, foreground, foreground_stop,
--   background, background_stop, method, simulation, target, achieved, margin, pass, value, message} … },
--   failures = { the failing checks } }; script checks have script = true (no mode or tokens).
--- hb.policy(spec: table): table | a policy value for hb.audit: {name=, rules=, check=function(ctx) end}
hbraw.policy = function(spec)
  check_table("hb.policy", spec)
  return spec
end
--- hb.audit(subject: Theme|Family|Family[], policy: string|table): table | the audit report {policy, checked, passed, checks, failures}; an app theme is audited on its own tokens
hbraw.audit = function(fams, policy)
  local lua_policy = policy
  if type(policy) == "string" then lua_policy = policies[policy] end
  local app_tokens
  if getmetatable_(fams) == "huebench.theme" and S.storage_of(fams).fams then
    -- An app theme: its families, and its tokens audited as the build's app-level set.
    local st = S.storage_of(fams)
    app_tokens = st._spec.tokens
    local list = {}
    for i, n in ipairs(st.fam_names) do list[i] = st.fams[n] end
    fams = list
  elseif getmetatable_(fams) == "huebench.theme" then fams = { fams.family }
  elseif getmetatable_(fams) == "huebench.family" then fams = { fams } end
  if type(fams) ~= "table" then fail("hb.audit: argument 1 (families) must be a theme, a family or a list of families, got " .. type(fams)) end
  local list = {}
  for i, f in ipairs(fams) do
    if getmetatable_(f) == "huebench.theme" then f = f.family end
    if getmetatable_(f) ~= "huebench.family" then fail(format("hb.audit: argument 1 (families), item %d must be a family or theme, got %s", i, type(f))) end
    list[i] = f
  end
  if type(policy) ~= "table" and type(policy) ~= "string" then
    fail("hb.audit: argument 2 (policy) must be a policy (hb.policy{…}) or a policy name, got " .. type(policy))
  end
  local report = P.audit(list, policy, app_tokens)
  if type(lua_policy) == "table" then
    local n = #report.checks
    for _, f in ipairs(list) do
      for _, r in ipairs(evaluate(lua_policy, f)) do
        local c = { family = f.name, rule = r.rule, script = true, pass = r.passed, value = r.value,
          achieved = r.value, target = r.min, margin = r.value and r.min and (r.value - r.min) or nil, message = r.message }
        n = n + 1
        report.checks[n] = c
        if not r.passed then report.failures[#report.failures + 1] = c end
      end
    end
    report.checked = n
    report.passed = #report.failures == 0
  end
  return report
end

