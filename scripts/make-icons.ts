/**
 * Draws the app icons (a clock face: history kept over time) as PNGs into public/icons.
 * Run once after changing the design: `npx tsx scripts/make-icons.ts`. No image library needed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BRAND: [number, number, number] = [0x1d, 0x4e, 0xd8];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Distance from point p to the segment a-b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** `safe` is the share of the canvas the glyph may use: maskable icons keep it inside the 80% safe zone. */
function icon(size: number, { rounded, safe }: { rounded: boolean; safe: number }): Buffer {
  const c = size / 2;
  const radius = (size / 2) * safe * 0.78;
  const stroke = size * 0.055 * safe;
  const corner = size * 0.22;
  return png(size, (x, y) => {
    const px = x + 0.5;
    const py = y + 0.5;
    if (rounded) {
      const qx = Math.max(corner - px, 0, px - (size - corner));
      const qy = Math.max(corner - py, 0, py - (size - corner));
      if (Math.hypot(qx, qy) > corner) return [0, 0, 0, 0];
    }
    const r = Math.hypot(px - c, py - c);
    const ring = Math.abs(r - radius) < stroke / 2;
    const hourHand = segmentDistance(px, py, c, c, c, c - radius * 0.55) < stroke / 2;
    const minuteHand = segmentDistance(px, py, c, c, c + radius * 0.5, c + radius * 0.3) < stroke / 2;
    return ring || hourHand || minuteHand ? [...WHITE, 255] : [...BRAND, 255];
  });
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/icon-192.png', icon(192, { rounded: true, safe: 1 }));
writeFileSync('public/icons/icon-512.png', icon(512, { rounded: true, safe: 1 }));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, { rounded: false, safe: 0.8 }));
writeFileSync('public/icons/apple-touch-icon-180.png', icon(180, { rounded: false, safe: 0.9 }));
console.log('icons written to public/icons');
