-- Run by EditorVariablesTests: opens NVIM_CHECK_SCRIPT with the README's Neovim set-up,
-- waits for the server's diagnostics, then asks, as Neovim's own client, for completion
-- after a `$` in a block and for hover and definition on a `$NAME`; writes what it got to
-- NVIM_CHECK_OUTPUT.
vim.cmd("edit " .. os.getenv("NVIM_CHECK_SCRIPT"))
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format("diagnostic %d:%d %s", d.lnum, d.col, d.message))
end
local uri = vim.uri_from_bufnr(0)
local function ask(method, line, character)
  local answers = vim.lsp.buf_request_sync(0, method,
    { textDocument = { uri = uri }, position = { line = line, character = character } }, 5000)
  for _, answer in pairs(answers or {}) do
    if answer.result then return answer.result end
  end
end
local completion = ask("textDocument/completion", 3, 11) or {}
local items = completion.items or completion
local labels = {}
for _, item in ipairs(items) do
  if item.label:sub(1, 1) == "$" then table.insert(labels, item.label .. " (" .. (item.detail or "") .. ")") end
end
table.sort(labels)
for _, label in ipairs(labels) do table.insert(out, "completion " .. label) end
local hover = ask("textDocument/hover", 4, 10)
if hover then table.insert(out, "hover " .. hover.contents.value:gsub("```text\n", ""):gsub("\n```", "")) end
local definition = ask("textDocument/definition", 4, 10)
if definition then
  local at = definition.range or definition[1].range
  table.insert(out, string.format("definition %d:%d", at.start.line, at.start.character))
end
vim.fn.writefile(out, os.getenv("NVIM_CHECK_OUTPUT"))
vim.cmd("qa!")
