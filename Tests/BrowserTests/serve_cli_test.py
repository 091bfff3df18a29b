"""`serve` on the command line: the address printed first, before what the files print; a
reader that goes away (`| head -1`); a busy port said plainly."""
import signal
import subprocess
import urllib.request

from conftest import ROOT, WebSocket, binary


def test_a_busy_port_is_said_plainly(serve):
    first = serve()
    result = subprocess.run([binary(), "serve", "--port", str(first.port)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 69 and result.stdout == ""
    assert (f"cannot listen on 127.0.0.1:{first.port}: address already in use (try --port 0)"
            in result.stderr), result.stderr


def test_the_address_comes_first_then_the_files_output(tmp_path):
    (tmp_path / "hello.cmd").write_text('echo "from the file"\n')
    process = subprocess.Popen([binary(), "serve", "--port", "0", "hello.cmd"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().startswith("http://127.0.0.1:")
        assert process.stdout.readline() == "from the file\n"
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()


def test_a_reader_that_goes_away_does_not_crash_the_server(tmp_path):
    # `serve examples/tour.cmd | head -1`: the tour prints on after the address is read.
    process = subprocess.Popen([binary(), "serve", "--port", "0", str(ROOT / "examples/tour.cmd")],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = process.stdout.readline().decode().strip()
        assert url.startswith("http://127.0.0.1:")
        process.stdout.close()
        # The page is served once the files have run: the server outlived the closed pipe.
        with urllib.request.urlopen(url, timeout=60) as response:
            assert response.status == 200
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
        assert b"Fatal error" not in process.stderr.read()
    finally:
        process.kill()


def test_the_script_takes_its_arguments(serve, tmp_path):
    # `serve FILE ARG…` as `cmdscript FILE ARG…`: the first operand is the script.
    (tmp_path / "walk.cmd").write_text("repeat $1 { move up }\npaint $2\n")
    ws = WebSocket(serve("walk.cmd", "3", "red"))
    shape = [r for r in ws.message()["snapshot"]["receivers"] if r["name"] == "shape"][0]
    assert shape["state"] == {"x": 0, "y": 3, "color": "red"}
    result = subprocess.run([binary(), "serve", "--port", "0", "walk.cmd"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 65 and "$1" in result.stderr


def test_a_start_that_cannot_go_on_prints_no_address(tmp_path):
    result = subprocess.run([binary(), "serve", "--port", "0", "missing.cmd"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 66 and result.stdout == "" and "missing.cmd" in result.stderr
