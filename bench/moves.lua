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

local prefix

-- The request is written out once up to its length (wrk.format would build it afresh each time).
function init(args)
  local lines = {"POST /api/v1/games/" .. game .. "/moves HTTP/1.1", "Content-Type: application/json"}
  for name, value in pairs(wrk.headers) do lines[#lines + 1] = name .. ": " .. value end  -- Host, and the cookie from -H
  if not wrk.headers["Host"] then lines[#lines + 1] = "Host: " .. wrk.host end
  prefix = table.concat(lines, "\r\n") .. "\r\nContent-Length: "
end

function request()
  local body = '{"version":' .. version .. ',"move":' .. action .. '}'
  return prefix .. #body .. "\r\n\r\n" .. body
end

-- Each value is found by a plain search for its key, from where the view starts, and read where
-- it stands: no pattern is tried at every position, and no part of the answer is copied. (gunicorn's
-- sync worker waits for the client to close the connection after each answer, so the time this
-- script takes counts against the move endpoint.)
local keys = {}
for _, key in ipairs({"version", "view", "pending", "turn", "round_over", "seat", "kind", "top", "color", "hands"}) do
  keys[key] = '"' .. key .. '":'
end

local function value(text, key, pattern, from)
  local at = text:find(keys[key], from or 1, true)
  return at and text:match(pattern, at + #keys[key])
end

function response(status, headers, body)
  local new = value(body, "version", "^%s*(%d+)")
  if new then version = new end
  local view = body:find(keys.view, 1, true)
  if not view then return end
  local pending = value(body, "pending", "^%s*(%b{})", view)
  local turn = value(body, "turn", "^%s*(%d+)", view)
  if value(body, "round_over", "^%s*true", view) then
    action = '{"action":"next-round"}'
  elseif pending and value(pending, "seat", "^%s*(%d+)") == "0" then
    local kind = value(pending, "kind", '^%s*"([%w-]+)"')
    if kind == "drawn" then action = '{"action":"pass"}'
    elseif kind == "color" then action = '{"action":"color","color":"red"}'
    else action = '{"action":"accept"}' end
  elseif (pending and value(pending, "seat", "^%s*(%d+)") or turn) ~= "0" then
    action = '{"action":"continue"}'
  else
    action = play(body, view)
  end
end

local letters = {red = "R", yellow = "Y", green = "G", blue = "B"}

function play(body, view)
  local top = value(body, "top", '^%s*"(%w+)"', view)
  local color = value(body, "color", '^%s*"(%a+)"', view)
  local cards = {}
  for c in value(body, "hands", "^%s*%[%s*(%b[])", view):gmatch('"(%w+)"') do cards[#cards + 1] = c end
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
