/**
 * Brotli and gzip copies of every text file of the build (`x.js.br` and `x.js.gz` next to `x.js`), made once here at
 * the highest levels so the server only picks the one the browser accepts: on a slow phone network the code is most
 * of what a first visit waits for, and brotli sends about a quarter of its bytes.
 *
 * It runs once the build, the copied public files and the service worker are all written, and reads the output
 * folder as it is, so nothing depends on the order in which other plugins emit their files.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Below this a compressed copy saves less than a packet: not worth a file. */
const MIN_BYTES_TO_COMPRESS = 1024;
/** Images and fonts (woff2 is compressed already) stay out, and so do the copies themselves. */
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const ENCODINGS: readonly { suffix: string; compress: (data: Buffer) => Promise<Buffer> }[] = [
  {
    suffix: '.br',
    compress: (data) =>
      brotli(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
  },
  { suffix: '.gz', compress: (data) => gzipped(data, { level: constants.Z_BEST_COMPRESSION }) },
];

/** Writes the compressed copies of the text files under `dir`; a copy that would not be smaller is not written. */
export async function precompressFolder(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name));
  await Promise.all(
    files.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const data = await readFile(file);
      if (data.length < MIN_BYTES_TO_COMPRESS) return;
      for (const { suffix, compress } of ENCODINGS) {
        const packed = await compress(data);
        if (packed.length < data.length) await writeFile(`${file}${suffix}`, packed);
      }
    }),
  );
}

export function precompressedAssets(): Plugin {
  let outDir = '';
  return {
    name: 'qal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (!error) await precompressFolder(outDir);
      },
    },
  };
}
