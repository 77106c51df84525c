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

function request()
  local body = '{"version":' .. version .. ',"move":' .. action .. '}'
  local headers = {["Content-Type"] = "application/json"}
  for name, value in pairs(wrk.headers) do headers[name] = value end  -- the owner cookie from -H
  return wrk.format("POST", "/api/v1/games/" .. game .. "/moves", headers, body)
end

function response(status, headers, body)
  local at = body:find('"view":', 1, true)
  local new = body:match('"version":%s*(%d+)%s*,%s*"view"') or body:match('"version":%s*(%d+)%s*}%s*$')
  if new then version = new end
  if not at then return end
  local view = body:sub(at)
  local pending = view:match('"pending":%s*(%b{})')
  local turn = view:match('"turn":%s*(%d+)')
  if view:find('"round_over":%s*true') then
    action = '{"action":"next-round"}'
  elseif pending and pending:match('"seat":%s*(%d+)') == "0" then
    local kind = pending:match('"kind":%s*"([%w-]+)"')
    if kind == "drawn" then action = '{"action":"pass"}'
    elseif kind == "color" then action = '{"action":"color","color":"red"}'
    else action = '{"action":"accept"}' end
  elseif (pending and pending:match('"seat":%s*(%d+)') or turn) ~= "0" then
    action = '{"action":"continue"}'
  else
    action = play(view)
  end
end

local letters = {red = "R", yellow = "Y", green = "G", blue = "B"}

function play(view)
  local top = view:match('"top":%s*"(%w+)"')
  local color = view:match('"color":%s*"(%a+)"')
  local cards = {}
  for c in view:match('"hands":%s*%[%s*(%b[])'):gmatch('"(%w+)"') do cards[#cards + 1] = c end
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
