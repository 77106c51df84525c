-- wrk script for bench/http.py: each thread (one connection) plays its own practice game.
-- BENCH_GAMES = "id:version,id:version,..." and BENCH_MOVES = "move|move|..." (each game's
-- first move, as JSON); every answer gives the next version and the next move (as
-- bench/http.py's next_move: play the first card that matches, else draw; or the answer the
-- table waits for).
local games, moves, index = {}, {}, 0
for id, version in string.gmatch(os.getenv("BENCH_GAMES") or "", "([^:,]+):(%d+)") do
  games[#games + 1] = {id, version}
end
for move in string.gmatch(os.getenv("BENCH_MOVES") or "", "[^|]+") do
  moves[#moves + 1] = move
end

function setup(thread)
  index = index + 1
  thread:set("game", games[index][1])
  thread:set("version", games[index][2])
  thread:set("action", moves[index])
end

local headers

function init(args)
  headers = {["Content-Type"] = "application/json"}
  for name, value in pairs(wrk.headers) do headers[name] = value end  -- the owner cookie from -H
end

function request()
  local body = '{"version":' .. version .. ',"move":' .. action .. '}'
  return wrk.format("POST", "/api/v1/games/" .. game .. "/moves", headers, body)
end

-- Each value is found by a plain search for its key and read where it stands. (A pattern is tried
-- at every position of the answer, and gunicorn's sync worker waits for the client to close the
-- connection after each answer: the time this script takes counts against the move endpoint.)
local function value(text, key, pattern)
  local at = text:find('"' .. key .. '":', 1, true)
  return at and text:match(pattern, at + #key + 3)
end

function response(status, headers, body)
  local new = value(body, "version", "^%s*(%d+)")
  if new then version = new end
  local at = body:find('"view":', 1, true)
  if not at then return end
  local view = body:sub(at)
  local pending = value(view, "pending", "^%s*(%b{})")
  local turn = value(view, "turn", "^%s*(%d+)")
  if value(view, "round_over", "^%s*true") then
    action = '{"action":"next-round"}'
  elseif pending and value(pending, "seat", "^%s*(%d+)") == "0" then
    local kind = value(pending, "kind", '^%s*"([%w-]+)"')
    if kind == "drawn" then action = '{"action":"pass"}'
    elseif kind == "color" then action = '{"action":"color","color":"red"}'
    else action = '{"action":"accept"}' end
  elseif (pending and value(pending, "seat", "^%s*(%d+)") or turn) ~= "0" then
    action = '{"action":"continue"}'
  else
    action = play(view)
  end
end

local letters = {red = "R", yellow = "Y", green = "G", blue = "B"}

function play(view)
  local top = value(view, "top", '^%s*"(%w+)"')
  local color = value(view, "color", '^%s*"(%a+)"')
  local cards = {}
  for c in value(view, "hands", "^%s*%[%s*(%b[])"):gmatch('"(%w+)"') do cards[#cards + 1] = c end
  local uno = #cards == 2 and ',"uno":true' or ''
  for _, c in ipairs(cards) do
    if c == "W" then
      return '{"action":"play","card":"W","color":"red"' .. uno .. '}'
    elseif c ~= "WD4" and (c:sub(1, 1) == letters[color] or (top:sub(1, 1) ~= "W" and c:sub(2) == top:sub(2))) then
      return '{"action":"play","card":"' .. c .. '"' .. uno .. '}'
    end
  end
  return '{"action":"draw"}'
end
