;;; commandscript.el --- CommandScript with eglot and `cmdscript lsp'  -*- lexical-binding: t; -*-

;; Load it (M-x load-file, or from init.el).  `.cmd' files and `#!... cmdscript' scripts
;; open in `commandscript-mode', and eglot starts `cmdscript lsp' for them.

(require 'eglot)

(defvar commandscript-keywords
  '("undo" "redo" "history" "show" "use" "help" "repeat" "macro" "transaction" "queue" "run"
    "pending" "discard" "batch" "new" "export" "source" "record" "end" "macros" "if" "while"
    "try" "assert" "echo" "goto" "earlier" "later" "let" "var" "break" "continue" "return" "else" "as"
    "and" "or" "not" "true" "false"))

(define-derived-mode commandscript-mode prog-mode "CommandScript"
  "Major mode for CommandScript scripts."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+\\s-*")
  (modify-syntax-entry ?# "<" commandscript-mode-syntax-table)
  (modify-syntax-entry ?\n ">" commandscript-mode-syntax-table)
  (modify-syntax-entry ?_ "w" commandscript-mode-syntax-table)
  (setq-local font-lock-defaults
              `((,(regexp-opt commandscript-keywords 'words) ("\\$[A-Za-z_0-9]+" . font-lock-variable-name-face)))))

(add-to-list 'auto-mode-alist '("\\.cmd\\'" . commandscript-mode))
(add-to-list 'interpreter-mode-alist '("cmdscript" . commandscript-mode))
(add-to-list 'eglot-server-programs '(commandscript-mode "cmdscript" "lsp"))
(add-hook 'commandscript-mode-hook #'eglot-ensure)

(provide 'commandscript)
;;; commandscript.el ends here
