/**
 * Renders Folio's icons from their one source, backend/src/web/static/icon.svg: the web app's favicon.ico
 * (16, 32 and 48 px PNGs in an ICO container) and apple-touch-icon.png (180 px, square: iOS rounds it),
 * and the extension's extension/public/icon/<size>.png at each size its manifest declares. The results are committed, so
 * neither build renders anything; run `npx tsx scripts/render-icons.ts` after changing the SVG.
 *
 * resvg renders SVG the same on every machine (no system fonts or librsvg version in play); the ICO
 * container of PNGs is a 6-byte header and one 16-byte entry per image, written here rather than with a
 * package for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const ROOT = path.resolve(import.meta.dirname, '..');
const STATIC = path.join(ROOT, 'backend/src/web/static');
const EXTENSION = path.join(ROOT, 'extension/public/icon');

/** The sizes the extension's manifest names (wxt.config.ts). */
export const EXTENSION_ICON_SIZES = [16, 32, 48, 96, 128] as const;
const FAVICON_SIZES = [16, 32, 48];

function png(svg: string, size: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

/** An ICO file holding PNG images (read by every browser since Vista-era IE). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size % 256, 0); // width (0 means 256)
    e.writeUInt8(size % 256, 1); // height
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3); // reserved
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

function write(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  console.log(`${path.relative(ROOT, file)}  ${data.length} bytes`);
}

const svg = fs.readFileSync(path.join(STATIC, 'icon.svg'), 'utf8');
write(path.join(STATIC, 'favicon.ico'), ico(FAVICON_SIZES.map((size) => ({ size, data: png(svg, size) }))));
write(path.join(STATIC, 'apple-touch-icon.png'), png(svg.replace(/rx="\d+"/, 'rx="0"'), 180));
for (const size of EXTENSION_ICON_SIZES) write(path.join(EXTENSION, `${size}.png`), png(svg, size));
