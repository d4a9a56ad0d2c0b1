"""``satlink serve``: the web page and its JSON API (:mod:`satlink.web`),
served by uvicorn; needs the ``web`` extra (``pip install 'satlink[web]'``)."""
from __future__ import annotations

import sys

from .errors import UsageError


def add_parser(sub, seconds, memory) -> None:
    """The ``serve`` command; ``seconds`` and ``memory`` parse --timeout and
    --max-memory as the other commands do."""
    p = sub.add_parser("serve", help="a web page: paste a puzz.link URL, see the verdict")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--no-browser", action="store_true", help="do not open the page in a browser")
    p.add_argument("--timeout", type=seconds, default=10.0, metavar="SECONDS",
                   help="time a request may take (default 10)")
    p.add_argument("--max-memory", type=memory, default=1 << 30, metavar="SIZE",
                   help="memory a request may use (default 1G; `none`: no limit)")
    p.add_argument("--jobs", type=int, default=2, metavar="N",
                   help="requests solved at once (default 2), each by a long-lived child;"
                   " as many again that ran past half a second go on, niced, beside them")
    p.add_argument("--queue", type=int, default=64, metavar="N",
                   help="requests that may wait beyond those (default 64); later ones get 503")


def cmd_serve(args) -> int:
    try:
        import uvicorn

        from .web.app import Settings, create_app
    except ImportError as exc:
        raise UsageError(f"`satlink serve` needs the web extra ({exc.name} is missing):"
                         " pip install 'satlink[web]'") from None
    if not 0 < args.port < 65536:
        raise UsageError(f"--port {args.port}: a port from 1 to 65535")
    if args.jobs < 1 or args.queue < 0:
        raise UsageError("--jobs: at least 1; --queue: at least 0")
    check_address(args.host, args.port)
    app = create_app(Settings(args.timeout, args.max_memory, args.jobs, args.queue))
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/"
    print(f"satlink serve: {url} (Ctrl-C stops)", file=sys.stderr)
    if not args.no_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (url,)).start()
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    except SystemExit as exc:  # uvicorn could not start (it said why): its 3 is not ours
        if exc.code in (0, None):
            return 0
        raise UsageError(f"the server on {url} could not start") from None
    return 0


def check_address(host: str, port: int) -> None:
    """That the server can listen at ``host``:``port``, before it starts: a
    name that does not resolve, or a port in use, is a usage error (exit 2;
    uvicorn's own exit code was 3, the README's "no solution")."""
    import socket

    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise UsageError(f"--host {host}: {getattr(exc, 'strerror', None) or exc}") from None
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            sock.bind(address)
        except OSError as exc:
            raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror}") from None


COMMANDS = {"serve": cmd_serve}
