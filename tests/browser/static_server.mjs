// A static server of dist/ for the tests that need one they can stop (the offline test takes
// the network away by closing it) or a second origin. Serves the lab as `python3 -m http.server`
// does, with the types the lab's files need (wasm for streaming compilation).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const DIST = new URL('../../dist/', import.meta.url).pathname;
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.webmanifest': 'application/manifest+json', '.json': 'application/json',
};

/** Serves dist/ on a free port of 127.0.0.1, but for the files named in `missing` (404, as a
 * broken deployment would), and with the `extra` files (path → bytes) beside the lab's, as a
 * teacher serves a recorded run or a lesson; `isolated`: with COOP and COEP, as `./dev start`
 * serves it (web/serve.py); `close()` stops it and drops open connections. */
export async function serveDist({ missing = [], extra = {}, isolated = false } = {}) {
  const server = createServer(async (request, response) => {
    if (isolated) {
      response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
      response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
    }
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    if (extra[path.slice(1)] !== undefined) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(extra[path.slice(1)]);
      return;
    }
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (missing.includes(path.slice(1))) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (!file.startsWith(DIST)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch (_) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }),
  };
}
