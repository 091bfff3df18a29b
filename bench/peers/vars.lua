-- The variables workload's peer, in Lua 5.4 (beside ../../../shared/bench/peers/peer.lua):
--
--   lua5.4 vars.lua N   a `while` loop of N turns that each set the variable i to i + 1
--                       through a command with an undo log, as peer.lua's `decide` keeps
--                       one (a fresh command object a turn, an invoker's history stack);
--                       then undoes them all.
--
-- What `var i = 0; while $i < N { i = $i + 1 }; undo` does in cmdscript.

local SetCommand = {}
SetCommand.__index = SetCommand

function SetCommand.new(vars, name, value)
  return setmetatable({ vars = vars, name = name, value = value, previous = false }, SetCommand)
end

function SetCommand:execute()
  self.previous = self.vars[self.name] -- captured at execute time
  self.vars[self.name] = self.value
end

function SetCommand:undo()
  self.vars[self.name] = self.previous
end

local n = math.tointeger(tonumber(arg[1] or ""))
if not n then
  io.stderr:write("usage: vars.lua N\n")
  os.exit(2)
end
local vars = { i = 0 }
local history = {}
while vars.i < n do
  local command = SetCommand.new(vars, "i", vars.i + 1)
  command:execute()
  table.insert(history, command)
end
print(("vars n=%d after-exec: i=%d history=%d"):format(n, vars.i, #history))
local ok = vars.i == n and #history == n
while #history > 0 do table.remove(history):undo() end
print(("final: i=%d"):format(vars.i))
ok = ok and vars.i == 0
print(ok and "ok" or "FAILED")
if not ok then os.exit(1) end
