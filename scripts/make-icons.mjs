#!/usr/bin/env node
// Draws Quayside's app icon and writes it as build/icon.png (512x512), build/icon.ico (Windows:
// 256, 48, 32 and 16 px PNG entries) and build/icon.icns (macOS: 16 to 512 px PNG entries),
// with nothing but Node (zlib for PNG). The mark: a quay crane's outline over water on a blue tile.
//   node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

const OUT = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'build');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// The mark in a unit square: 0..1 both ways, y down. Each shape says whether a point is inside.
const inRoundedTile = (x, y) => {
  const r = 0.2, m = 0.04;
  const cx = Math.min(Math.max(x, m + r), 1 - m - r), cy = Math.min(Math.max(y, m + r), 1 - m - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= m && x <= 1 - m && y >= m && y <= 1 - m;
};
const rect = (x0, y0, x1, y1) => (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
const crane = [
  rect(0.3, 0.22, 0.37, 0.66), // leg
  rect(0.55, 0.3, 0.62, 0.66), // leg
  rect(0.18, 0.22, 0.84, 0.29), // boom
  rect(0.7, 0.29, 0.72, 0.45), // hoist line
  rect(0.64, 0.45, 0.8, 0.54), // container on the hook
  rect(0.26, 0.62, 0.66, 0.67), // portal beam
];
const wave = (x, y) => {
  const h = 0.76 + 0.025 * Math.sin(x * Math.PI * 6);
  return y >= h && y <= h + 0.05 && x > 0.12 && x < 0.88;
};

function draw(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const S = 4; // supersampling per axis, for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0, white = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = (px + (sx + 0.5) / S) / size, y = (py + (sy + 0.5) / S) / size;
          if (!inRoundedTile(x, y)) continue;
          tile++;
          if (crane.some((f) => f(x, y)) || wave(x, y)) white++;
        }
      }
      const a = tile / (S * S), w = tile ? white / tile : 0;
      // Blue tile (#1d5fbf, lighter at the top), white mark.
      const shade = 1 - (py / size) * 0.18;
      const base = [0x1d * shade, 0x5f * shade, 0xbf * shade];
      const i = (py * size + px) * 4;
      rgba[i] = Math.round(base[0] + (255 - base[0]) * w);
      rgba[i + 1] = Math.round(base[1] + (255 - base[1]) * w);
      rgba[i + 2] = Math.round(base[2] + (255 - base[2]) * w);
      rgba[i + 3] = Math.round(a * 255);
    }
  }
  return png(size, rgba);
}

function ico(entries) {
  const head = Buffer.alloc(6 + entries.length * 16);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(entries.length, 4);
  let offset = head.length;
  entries.forEach(({ size, data }, n) => {
    const e = 6 + n * 16;
    head.writeUInt8(size >= 256 ? 0 : size, e);
    head.writeUInt8(size >= 256 ? 0 : size, e + 1);
    head.writeUInt16LE(1, e + 4); // colour planes
    head.writeUInt16LE(32, e + 6); // bits per pixel
    head.writeUInt32LE(data.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += data.length;
  });
  return Buffer.concat([head, ...entries.map((e) => e.data)]);
}

function icns(entries) {
  const parts = entries.map(({ type, data }) => {
    const h = Buffer.alloc(8);
    h.write(type, 0, 'ascii');
    h.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([h, data]);
  });
  const body = Buffer.concat(parts);
  const h = Buffer.alloc(8);
  h.write('icns', 0, 'ascii');
  h.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([h, body]);
}

mkdirSync(OUT, { recursive: true });
const sizes = new Map([16, 32, 48, 64, 128, 256, 512, 1024].map((s) => [s, draw(s)]));
writeFileSync(join(OUT, 'icon.png'), sizes.get(512));
writeFileSync(join(OUT, 'icon.ico'), ico([256, 48, 32, 16].map((size) => ({ size, data: sizes.get(size) }))));
// PNG-backed ICNS types: icp4 16, icp5 32, icp6 64, ic07 128, ic08 256, ic09 512, ic10 1024.
const types = { icp4: 16, icp5: 32, icp6: 64, ic07: 128, ic08: 256, ic09: 512, ic10: 1024 };
writeFileSync(join(OUT, 'icon.icns'), icns(Object.entries(types).map(([type, size]) => ({ type, data: sizes.get(size) }))));
console.log(`Wrote build/icon.png, build/icon.ico, build/icon.icns`);
