// A static server for the playground, Node built-ins only: www/ at `/`, the built package pkg/
// at `/pkg/`, bound to 127.0.0.1. `node scripts/serve.mjs [--port N]` (or PORT=N) serves and
// prints the URL; tests import `serve({ port: 0 })`.
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MOUNTS = [['/pkg/', path.join(ROOT, 'pkg')], ['/', path.join(ROOT, 'www')]];
const MIME = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm', '.map': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8', '.ts': 'text/plain; charset=utf-8',
};

// The file a URL path names, or null if it is outside the mounted folders.
function fileFor(pathname) {
  for (const [prefix, dir] of MOUNTS) {
    if (!pathname.startsWith(prefix)) continue;
    let rel;
    try { rel = decodeURIComponent(pathname.slice(prefix.length)); } catch { return null; }
    const file = path.join(dir, rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel);
    return file === dir || file.startsWith(dir + path.sep) ? file : null;
  }
  return null;
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405, { allow: 'GET, HEAD' }).end();
  const file = fileFor(new URL(req.url, 'http://127.0.0.1').pathname);
  try {
    if (!file || !(await stat(file)).isFile()) throw new Error('not found');
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      // Revalidate every time: a rebuilt pkg/ is picked up at once; sw.js keeps an offline copy.
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
  }
}

/** Starts the server on 127.0.0.1:`port` (0: any free port); resolves to the http.Server. */
export function serve({ port = 8080, host = '127.0.0.1' } = {}) {
  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => { if (!res.headersSent) res.writeHead(500).end(); });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = Number(i > 0 ? process.argv[i + 1] : process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: the port must be an integer 0-65535, received ${i > 0 ? process.argv[i + 1] : process.env.PORT}`);
    process.exit(2);
  }
  serve({ port }).then((server) => {
    console.log(`playground: http://127.0.0.1:${server.address().port}/  (www/ and pkg/; Ctrl-C stops)`);
  }, (e) => {
    console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.message}`);
    process.exit(1);
  });
}
