// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of dist/, once at
// build time, so the Go server answers Accept-Encoding with no work per request
// (readapi/server.go routesWeb). A copy that would not be smaller is not written.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (compressible.test(name)) yield p;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
for (const file of files(dist)) {
  const data = readFileSync(file);
  const b = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  const g = gzipSync(data, { level: 9 });
  raw += data.length;
  if (b.length < data.length) {
    writeFileSync(`${file}.br`, b);
    br += b.length;
  }
  if (g.length < data.length) {
    writeFileSync(`${file}.gz`, g);
    gz += g.length;
  }
}
const kb = (n) => `${Math.round(n / 1024)} KB`;
console.log(`precompressed ${kb(raw)}: brotli ${kb(br)}, gzip ${kb(gz)}`);
