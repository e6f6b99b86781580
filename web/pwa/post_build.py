#!/usr/bin/env python3
"""Trunk post_build hook (Trunk.toml): makes a release build installable, offline-capable and
strict about what it runs.

1. Moves Trunk's inline start-up script into its own file (`start-<hash>.js`), so the page's
   Content-Security-Policy can allow the lab's own files only, and adds that policy.
2. Writes `sw.js` from `sw.template.js`: the list of files to precache (every file Trunk
   emitted, hashed names and the unhashed worker files alike) and a cache name derived from
   their content, so a new build is a new cache.

Debug builds (`trunk serve`) are left alone: no service worker, no policy (Trunk's live-reload
script is inline).
"""
import hashlib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Only the lab's own files: wasm needs 'wasm-unsafe-eval'; Yew writes style attributes
# (board size, indents), which style-src-attr allows without allowing inline style sheets.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'"
)


def digest(data: bytes, length: int = 16) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


def externalise_start_script(staging: str, public_url: str) -> None:
    path = os.path.join(staging, "index.html")
    html = open(path, encoding="utf-8").read()
    match = re.search(r'<script type="module">(.*?)</script>', html, re.DOTALL)
    if match is None:
        sys.exit("post_build: no inline start-up script in index.html (has Trunk changed?)")
    code = match.group(1).strip() + "\n"
    name = f"start-{digest(code.encode())}.js"
    with open(os.path.join(staging, name), "w", encoding="utf-8") as f:
        f.write(code)
    tag = f'<script type="module" src="{public_url}{name}"></script>'
    html = html[: match.start()] + tag + html[match.end():]
    policy = f'<meta http-equiv="Content-Security-Policy" content="{CSP}" />'
    html = html.replace("<meta charset=\"utf-8\" />", "<meta charset=\"utf-8\" />\n    " + policy, 1)
    if policy not in html:
        sys.exit("post_build: no <meta charset> to put the policy after")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


def modern_worker_loaders(staging: str) -> None:
    """Trunk's worker loader shims start wasm-bindgen the old way (`wasm_bindgen("x_bg.wasm")`),
    which every worker then warns about in the console: call it with the options object."""
    for name in os.listdir(staging):
        if not name.endswith("_loader.js"):
            continue
        path = os.path.join(staging, name)
        code = open(path, encoding="utf-8").read()
        fixed, count = re.subn(
            r'wasm_bindgen\((["\'][^"\']+_bg\.wasm["\'])\)', r"wasm_bindgen({ module_or_path: \1 })", code
        )
        if count != 1:
            sys.exit(f"post_build: {name} does not start wasm-bindgen as expected (has Trunk changed?)")
        with open(path, "w", encoding="utf-8") as f:
            f.write(fixed)


def no_integrity_on_wasm_preload(staging: str) -> None:
    """Browsers ignore `integrity` on a `preload as=fetch` and say so in the console; the wasm is
    checked where it is fetched for use. The module preload keeps its digest."""
    path = os.path.join(staging, "index.html")
    html = open(path, encoding="utf-8").read()
    html = re.sub(
        r'(<link rel="preload"[^>]*?) integrity="[^"]*"([^>]*as="fetch"[^>]*>)', r"\1\2", html
    )
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


def write_service_worker(staging: str, public_url: str) -> None:
    # Every file, those in folders too (the lessons' files in lessons/), by its path in the site.
    files = sorted(
        os.path.relpath(os.path.join(folder, name), staging).replace(os.sep, "/")
        for folder, _, names in os.walk(staging)
        for name in names
    )
    files = [name for name in files if name != "sw.js"]
    content = hashlib.sha256()
    for name in files:
        content.update(name.encode())
        with open(os.path.join(staging, name), "rb") as f:
            content.update(f.read())
    urls = [public_url] + [public_url + name for name in files if name != "index.html"]
    template = open(os.path.join(HERE, "sw.template.js"), encoding="utf-8").read()
    sw = template.replace("__VERSION__", content.hexdigest()[:16]).replace(
        "__PRECACHE__", ",\n  ".join(f'"{u}"' for u in urls)
    )
    with open(os.path.join(staging, "sw.js"), "w", encoding="utf-8") as f:
        f.write(sw)


def main() -> None:
    staging = os.environ.get("TRUNK_STAGING_DIR")
    if not staging:
        sys.exit("post_build: TRUNK_STAGING_DIR is not set (run by Trunk)")
    if os.environ.get("TRUNK_PROFILE", "debug") != "release":
        return
    public_url = os.environ.get("TRUNK_PUBLIC_URL", "/") or "/"
    externalise_start_script(staging, public_url)
    modern_worker_loaders(staging)
    no_integrity_on_wasm_preload(staging)
    write_service_worker(staging, public_url)


if __name__ == "__main__":
    main()
