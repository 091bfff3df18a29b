-- CommandScript in Neovim: a filetype for `.cmd` files and `#!… cmdscript` scripts, and
-- `cmdscript lsp` for them. Put this file in ~/.config/nvim/plugin/ (or require it).
-- Neovim 0.8 and later use vim.lsp.start; Debian's 0.7 uses vim.lsp.start_client.

if vim.fn.has("nvim-0.8") == 1 then
  vim.filetype.add({
    extension = { cmd = "commandscript" },
    pattern = { [".*"] = { function(_, bufnr)
      local first = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] or ""
      if first:match("^#!.*cmdscript") then return "commandscript" end
    end, { priority = -math.huge } } },
  })
else
  -- `set`, not `setfiletype`: Vim takes `.cmd` for Windows batch files first.
  vim.cmd([[autocmd BufRead,BufNewFile *.cmd set filetype=commandscript]])
  vim.cmd([[autocmd BufRead * if getline(1) =~# '^#!.*cmdscript' | set filetype=commandscript | endif]])
end

local command = { "cmdscript", "lsp" }

vim.api.nvim_create_autocmd("FileType", {
  pattern = "commandscript",
  callback = function(args)
    vim.bo[args.buf].commentstring = "# %s"
    local root = vim.fs and vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)) or vim.fn.getcwd()
    if vim.lsp.start then
      vim.lsp.start({ name = "cmdscript", cmd = command, root_dir = root })
    else
      local id = vim.lsp.start_client({ name = "cmdscript", cmd = command, root_dir = root })
      if id then vim.lsp.buf_attach_client(args.buf, id) end
    end
  end,
})
