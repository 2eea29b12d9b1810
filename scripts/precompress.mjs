// Each text file the server sends from the build, compressed once at build time (brotli at its
// highest quality, gzip -9) beside the file, as `name.br` and `name.gz`: the server sends the form
// the browser accepts without compressing anything per view (serveStatic's `precompressed`).
// Brotli's highest quality is too slow to run per request and ~11% smaller than gzip -9 here.
// HTML is left out: the server reads the pages and fills them in per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:m?js|css|svg|json|webmanifest|txt|xml)$/;
/** Below this, a compressed form saves less than its headers and a second file cost. */
const SMALLEST_WORTH_IT = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(directory) {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` beside every compressible file under `roots`; the count of files done. */
export async function precompress(roots) {
  const files = (await Promise.all(roots.map(filesUnder))).flat().filter((path) => COMPRESSIBLE.test(path));
  let done = 0;
  await Promise.all(
    files.map(async (path) => {
      const bytes = await readFile(path);
      if (bytes.length < SMALLEST_WORTH_IT) return;
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      done += 1;
    }),
  );
  return done;
}
