/**
 * Draws the installed app's icons from the favicon's design (a white "Q" on the brand teal) into client/public/icons.
 * The PNGs are committed; run this again only when the logo changes:
 *
 *     npx tsx client/build/pwa-icons.ts
 *
 * sharp comes from the gateway workspace (hoisted to the root node_modules); the client does not depend on it.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const BRAND = '#0f766e';

/**
 * A maskable icon is cropped by the launcher to any shape inside the square; only the centre circle of 80% of its
 * width is sure to show, so the letter stays well inside it and the background reaches every edge.
 */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="26" font-weight="700" text-anchor="middle" fill="#fff">Q</text></svg>`;

async function draw(svg: Buffer | string, size: number, file: string) {
  const out = path.join(publicDir, 'icons', file);
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out);
  process.stdout.write(`${file} ${size}×${size}\n`);
}

const favicon = await readFile(path.join(publicDir, 'favicon.svg'));
await mkdir(path.join(publicDir, 'icons'), { recursive: true });
await draw(favicon, 192, 'icon-192.png');
await draw(favicon, 512, 'icon-512.png');
await draw(fullBleed, 512, 'maskable-512.png');
// iOS rounds the corners itself and shows transparency as black, hence the full-bleed design.
await draw(fullBleed, 180, 'apple-touch-icon.png');
