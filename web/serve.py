"""Serves dist/ as `python3 -m http.server` does, with the two headers that make the lab's pages
cross-origin isolated (COOP + COEP): only then do the browser's clocks tick in microseconds,
so a study compares times. `./dev start` runs it: python3 web/serve.py PORT DIR."""

import functools
import http.server
import sys


class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


def main():
    port, directory = int(sys.argv[1]), sys.argv[2]
    handler = functools.partial(IsolatedHandler, directory=directory)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    print(f"Serving {directory} on http://127.0.0.1:{port}/ (cross-origin isolated)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
