// Starts `cmdscript lsp` (or the command in `commandscript.server.command`) for
// CommandScript documents.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("commandscript").get("server.command");
  client = new LanguageClient(
    "commandscript",
    "CommandScript",
    { command, args },
    { documentSelector: [{ language: "commandscript" }] }
  );
  client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
