"""The page `cmdscript serve` sends is the files of Sources/CommandScriptServer/Web as they
are in git, to the byte: the build embeds them (Plugins/EmbedFiles), and nothing else
holds a copy that could drift."""
import http.client

from conftest import ROOT

WEB = ROOT / "Sources/CommandScriptServer/Web"
TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}


def get(server, path, cookie):
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    connection.request("GET", path, headers={"Host": f"{server.host}:{server.port}", "Cookie": cookie})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, response.getheader("Content-Type"), body


def test_each_served_file_is_its_file_in_git(serve):
    server = serve()
    cookie = f"cmdscript_token_{server.port}={server.token}"
    files = sorted(path for path in WEB.iterdir() if path.suffix in TYPES)
    assert {path.name for path in files} >= {"index.html", "app.js", "app.css", "connection.js"}
    for path in files:
        status, content_type, body = get(server, "/" + path.name, cookie)
        assert status == 200, path.name
        assert content_type.startswith(TYPES[path.suffix]), (path.name, content_type)
        assert body == path.read_bytes(), f"/{path.name} is not {path.relative_to(ROOT)}"
    # The page itself, at `/`, is index.html.
    assert get(server, "/", cookie)[2] == (WEB / "index.html").read_bytes()
