#!/usr/bin/env python3
"""Trunk post_build hook (Trunk.toml): makes a release build installable, offline-capable and
strict about what it runs.

1. Moves Trunk's inline start-up script into its own file (`start-<hash>.js`), so the page's
   Content-Security-Policy can allow the lab's own files only, and adds that policy.
2. Builds each worker a second time with wasm SIMD (`simd128`), beside the first:
   `NAME_simd.js`, `NAME_simd_bg.wasm` and `NAME_simd_loader.js` (Trunk cannot pass a target
   feature to one asset). The page loads these where the browser validates a SIMD module and
   the baseline build elsewhere (Safari before 16.4), see `crates/web/src/app/browser.rs`.
3. Takes the comments and indentation out of the style sheet (its digest follows).
4. Writes `sw.js` from `sw.template.js`: the list of files to precache (every file Trunk
   emitted, hashed names and the unhashed worker files alike) and a cache name derived from
   their content, so a new build is a new cache.

Debug builds (`trunk serve`) are left alone: no service worker, no policy (Trunk's live-reload
script is inline).
"""
import base64
import hashlib
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Only the lab's own files: wasm needs 'wasm-unsafe-eval'; Yew writes style attributes
# (board size, indents), which style-src-attr allows without allowing inline style sheets. The
# export dialog reads the run the full worker recorded through a blob URL (the page's own data).
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self' blob:; manifest-src 'self'; object-src 'none'; base-uri 'none'; "
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
    which every worker then warns about in the console: call it with the options object.

    And a start that fails (the network gone while the worker's wasm downloads) is thrown again
    as the worker's error: an unhandled rejection in a worker never reaches the page, which would
    wait for that worker for ever; its error event reaches the pool, which starts the worker
    again (from the service worker's cache once it controls the page) and retries the run."""
    for name in os.listdir(staging):
        if not name.endswith("_loader.js"):
            continue
        path = os.path.join(staging, name)
        code = open(path, encoding="utf-8").read()
        fixed, count = re.subn(
            r'wasm_bindgen\((["\'][^"\']+_bg\.wasm["\'])\)', r"wasm_bindgen({ module_or_path: \1 })"
            r".catch((error) => setTimeout(() => { throw error; }))",
            code,
        )
        if count != 1:
            sys.exit(f"post_build: {name} does not start wasm-bindgen as expected (has Trunk changed?)")
        with open(path, "w", encoding="utf-8") as f:
            f.write(fixed)


def attribute(tag: str, name: str) -> str | None:
    match = re.search(rf'{name}="([^"]*)"', tag)
    return match.group(1) if match else None


def simd_workers(staging: str) -> None:
    """Every worker of index.html (a rust link with a loader shim) built again with simd128, by
    the same profile and features, bound and optimised as Trunk does it."""
    html = open(os.path.join(ROOT, "index.html"), encoding="utf-8").read()
    env = dict(os.environ)
    env["RUSTFLAGS"] = (env.get("RUSTFLAGS", "") + " -C target-feature=+simd128").strip()
    target_dir = os.path.join(ROOT, "target", "simd128")
    for tag in re.findall(r'<link data-trunk rel="rust"[^>]*>', html):
        if 'data-type="worker"' not in tag or "data-loader-shim" not in tag:
            continue
        name = attribute(tag, "data-bin")
        profile = attribute(tag, "data-cargo-profile") or "release"
        features = attribute(tag, "data-cargo-features")
        build = ["cargo", "build", "--locked", "-p", "sudoku-web", "--bin", name,
                 "--target", "wasm32-unknown-unknown", "--profile", profile,
                 "--target-dir", target_dir]
        if features:
            build += ["--features", features]
        subprocess.run(build, cwd=ROOT, env=env, check=True)
        wasm = os.path.join(target_dir, "wasm32-unknown-unknown", profile, f"{name}.wasm")
        simd = f"{name}_simd"
        subprocess.run(["wasm-bindgen", "--target=no-modules", "--no-typescript",
                        f"--out-dir={staging}", f"--out-name={simd}", wasm], check=True)
        level = attribute(tag, "data-wasm-opt")
        bound = os.path.join(staging, f"{simd}_bg.wasm")
        if level and level != "0":
            subprocess.run(["wasm-opt", f"-O{level}", bound, f"--output={bound}"], check=True)
        if "simd128" not in target_features(bound):
            sys.exit(f"post_build: {simd}_bg.wasm was built without simd128")
        if "simd128" in target_features(os.path.join(staging, f"{name}_bg.wasm")):
            sys.exit(f"post_build: {name}_bg.wasm, the baseline build, uses simd128")
        loader = open(os.path.join(staging, f"{name}_loader.js"), encoding="utf-8").read()
        simd_loader = loader.replace(f"./{name}.js", f"./{simd}.js").replace(
            f"./{name}_bg.wasm", f"./{simd}_bg.wasm")
        if simd_loader.count(simd) != 2:
            sys.exit(f"post_build: {name}_loader.js does not name its files as expected")
        with open(os.path.join(staging, f"{simd}_loader.js"), "w", encoding="utf-8") as f:
            f.write(simd_loader)


def target_features(path: str) -> set[str]:
    """The features a wasm module says it was compiled with (its `target_features` section, which
    rustc writes and wasm-opt keeps)."""
    data = open(path, "rb").read()

    def leb(at: int) -> tuple[int, int]:
        value, shift = 0, 0
        while True:
            byte = data[at]
            value |= (byte & 0x7F) << shift
            at += 1
            shift += 7
            if byte < 0x80:
                return value, at

    features, at = set(), 8
    while at < len(data):
        section, at = data[at], at + 1
        size, at = leb(at)
        end = at + size
        if section == 0:
            length, body = leb(at)
            if data[body:body + length] == b"target_features":
                count, body = leb(body + length)
                for _ in range(count):
                    body += 1  # the prefix: used, required or disallowed
                    length, body = leb(body)
                    features.add(data[body:body + length].decode())
                    body += length
        at = end
    return features


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


def compact_style_sheets(staging: str) -> None:
    """The style sheet without its comments and indentation (a fifth of it gzipped): the source
    keeps them for its readers. Trunk's own minifier would also rewrite the wasm-bindgen scripts,
    which it is known to break. The sheet's digest in index.html follows its new content."""
    path = os.path.join(staging, "index.html")
    html = open(path, encoding="utf-8").read()
    links = re.findall(r'<link rel="stylesheet" href="[^"]*?([^"/]+\.css)" integrity="(sha384-[^"]*)"', html)
    if not links:
        sys.exit("post_build: no style sheet with a digest in index.html (has Trunk changed?)")
    for name, integrity in links:
        sheet = os.path.join(staging, name)
        css = open(sheet, encoding="utf-8").read()
        if '"/*' in css or "'/*" in css:
            sys.exit(f"post_build: {name} has a string that opens a comment; compact it by hand")
        css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
        # Line breaks become one space (a selector may go on over a line break), then no space
        # around the characters that need none.
        css = re.sub(r"\s+", " ", css)
        css = re.sub(r" ?([{};,]) ?", r"\1", css).strip() + "\n"
        with open(sheet, "w", encoding="utf-8") as f:
            f.write(css)
        digest384 = base64.b64encode(hashlib.sha384(css.encode()).digest()).decode()
        html = html.replace(integrity, f"sha384-{digest384}")
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
    simd_workers(staging)
    no_integrity_on_wasm_preload(staging)
    compact_style_sheets(staging)
    write_service_worker(staging, public_url)


if __name__ == "__main__":
    main()
