/*
 * Buckets.take and Buckets.waitMs (bucket.ts) in Lua, for a bucket kept in Redis: the same
 * arithmetic, step for step and in the same order, so that a bucket answers the same wherever
 * it is kept (Redis's Lua counts in doubles, as JavaScript does). The clock is the caller's
 * `now`, as in memory, not Redis's. Tokens are written with 17 significant digits, which read
 * back as the very double that was written.
 *
 * KEYS[1]: the bucket (a hash: t tokens, a the time they were counted).
 * ARGV: now, burst, perMinute, the key's lifetime in ms, 'take' or 'wait'.
 * Answers the ms until a token (0: one was taken, or is there).
 */
export const BUCKET_SCRIPT = `
local now = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local perMs = tonumber(ARGV[3]) / 60000
local WHOLE = 1 - 1e-9
local ROUNDING_MS = 1e-3
local held = redis.call('HMGET', KEYS[1], 't', 'a')
local function untilToken(tokens)
  return math.max(1, math.ceil((1 - tokens) / perMs - ROUNDING_MS))
end
if ARGV[5] == 'wait' then
  if not held[1] then return 0 end
  local tokens = math.min(burst, tonumber(held[1]) + (now - tonumber(held[2])) * perMs)
  if tokens >= WHOLE then return 0 end
  return untilToken(tokens)
end
local tokens = burst
if held[1] then
  tokens = math.min(burst, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * perMs)
end
local wait = 0
if tokens >= WHOLE then
  tokens = math.max(0, tokens - 1)
else
  wait = untilToken(tokens)
end
redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'a', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return wait
`;
