// Draws the sample dataset's pictures (samples/*.png): plain shapes on white, written as PNG with
// zlib and a CRC-32 table, so they are our own and tiny. Run: node make-sample-images.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const WIDTH = 160;
const HEIGHT = 120;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `paint(x, y)` answers [r, g, b] for each pixel. */
function png(paint) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * (1 + WIDTH * 3);
    for (let x = 0; x < WIDTH; x++) raw.set(paint(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const WHITE = [255, 255, 255];
const RED = [220, 50, 47];
const BLUE = [38, 110, 200];
const GREEN = [60, 160, 80];
const ORANGE = [240, 150, 40];
const GREY = [90, 90, 90];

const images = {
  'circle.png': (x, y) => ((x - 80) ** 2 + (y - 60) ** 2 <= 45 ** 2 ? RED : WHITE),
  'square.png': (x, y) => (x >= 40 && x < 120 && y >= 20 && y < 100 ? BLUE : WHITE),
  // Apex at the top centre, base along y = 100.
  'triangle.png': (x, y) => (y >= 15 && y <= 100 && Math.abs(x - 80) <= ((y - 15) * 55) / 85 ? GREEN : WHITE),
  // Four bars of heights 2, 5, 3, 4 units (15 px each) on a grey base line.
  'bars.png': (x, y) => {
    if (y >= 105 && y < 108 && x >= 15 && x < 145) return GREY;
    const bar = Math.floor((x - 20) / 32);
    const inBar = x >= 20 && (x - 20) % 32 < 22 && bar >= 0 && bar < 4;
    return inBar && y < 105 && y >= 105 - [2, 5, 3, 4][bar] * 15 ? ORANGE : WHITE;
  },
};

for (const [name, paint] of Object.entries(images)) writeFileSync(new URL(`samples/${name}`, import.meta.url), png(paint));
