-- The token buckets of one quota request, checked and charged atomically on the server.
--
-- KEYS[i]            the bucket of the i-th matching rule for the caller: a hash
--                    {tokens, ts}; a missing key is a full bucket
-- ARGV[1]            'take' (all-or-nothing deduction), 'peek' (never writes) or
--                    'refund' (gives tokens back, capped at burst)
-- ARGV[2]            the tokens asked for (or given back)
-- ARGV[1 + 2i]       the burst of KEYS[i]
-- ARGV[2 + 2i]       the refill rate of KEYS[i], tokens per second (0: never refills)
--
-- Returns {granted, level_1, ..., level_n}, all strings: granted is '1' when every bucket
-- held the tokens asked for (always '1' for 'refund'), level_i the tokens in KEYS[i] before
-- any deduction, as '%.17g' (a double that round-trips exactly).
--
-- The time is the server's (TIME), so instances with skewed clocks share one timeline.
-- Every write sets a PEXPIRE of the time the bucket takes to refill to full; a bucket that
-- would be full is deleted instead.

local EPSILON = 1e-9
local MAX_TTL_MS = 3153600000000 -- 100 years: PEXPIRE must stay in range

local mode = ARGV[1]
local wanted = tonumber(ARGV[2]) or 0
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2]) -- microseconds

local bursts, rates, levels, present = {}, {}, {}, {}
for i, key in ipairs(KEYS) do
  local burst = tonumber(ARGV[1 + 2 * i]) or 0
  local rate = tonumber(ARGV[2 + 2 * i]) or 0
  bursts[i], rates[i] = burst, rate
  local stored = redis.call('HMGET', key, 'tokens', 'ts')
  local tokens, ts = tonumber(stored[1]), tonumber(stored[2])
  if tokens == nil or ts == nil or tokens ~= tokens or ts ~= ts then
    levels[i], present[i] = burst, false
  else
    local level = tokens
    local elapsed = (now - ts) / 1000000
    if elapsed > 0 and rate > 0 then
      level = tokens + elapsed * rate
    end
    levels[i], present[i] = math.min(math.max(level, 0), burst), true
  end
end

local function store(i, key, tokens)
  local burst, rate = bursts[i], rates[i]
  if tokens >= burst then
    redis.call('DEL', key)
    return
  end
  redis.call('HSET', key, 'tokens', string.format('%.17g', tokens),
    'ts', string.format('%.17g', now))
  if rate > 0 then
    local ttl = math.ceil((burst - tokens) / rate * 1000)
    if ttl ~= ttl or ttl > MAX_TTL_MS then ttl = MAX_TTL_MS end
    if ttl < 1 then ttl = 1 end
    redis.call('PEXPIRE', key, string.format('%.0f', ttl))
  end
end

local granted = '1'
if mode ~= 'refund' then
  for i = 1, #KEYS do
    if levels[i] + EPSILON < wanted then granted = '0' end
  end
end

if mode == 'take' and granted == '1' and wanted > 0 then
  for i, key in ipairs(KEYS) do
    store(i, key, math.max(levels[i] - wanted, 0))
  end
elseif mode == 'refund' and wanted > 0 then
  for i, key in ipairs(KEYS) do
    -- A missing bucket is full already.
    if present[i] then store(i, key, math.min(levels[i] + wanted, bursts[i])) end
  end
end

local reply = {granted}
for i = 1, #KEYS do
  reply[i + 1] = string.format('%.17g', levels[i])
end
return reply
