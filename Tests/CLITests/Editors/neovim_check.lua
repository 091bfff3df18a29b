-- Run by EditorSetUpTests: opens the script given as NVIM_CHECK_SCRIPT with the README's
-- Neovim set-up (editors/neovim/commandscript.lua), waits for the server's diagnostics,
-- formats the buffer through the server, and writes what it saw to NVIM_CHECK_OUTPUT.
vim.cmd("edit " .. os.getenv("NVIM_CHECK_SCRIPT"))
vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = { "filetype=" .. vim.bo.filetype }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format("diagnostic %d:%d %s", d.lnum, d.col, d.message))
end
if vim.lsp.buf.format then
  vim.lsp.buf.format({ timeout_ms = 5000 })
else
  vim.lsp.buf.formatting_sync(nil, 5000)
end
for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do table.insert(out, "line " .. line) end
vim.fn.writefile(out, os.getenv("NVIM_CHECK_OUTPUT"))
vim.cmd("qa!")
