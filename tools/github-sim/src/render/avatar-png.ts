import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A GitHub-style identicon as a PNG: a mirrored 5x5 pattern in a colour taken from the login's
 * hash. Deterministic, so screenshots and snapshots stay stable.
 */
const CELLS = 5;
const CELL = 14;
const PAD = 5;
const SIZE = CELLS * CELL + 2 * PAD;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

export function identiconPng(login: string): Buffer {
  const hash = createHash('sha1').update(login.toLowerCase()).digest();
  const hue = ((hash[0] ?? 0) * 256 + (hash[1] ?? 0)) % 360;
  const color = hslToRgb(hue, 0.55, 0.55);
  const background: [number, number, number] = [240, 240, 240];
  const on = (col: number, row: number): boolean => {
    const mirrored = col < 3 ? col : CELLS - 1 - col;
    const byte = hash[2 + row * 3 + mirrored] ?? 0;
    return byte % 2 === 0;
  };
  const rowBytes = 1 + SIZE * 3;
  const pixels = Buffer.alloc(rowBytes * SIZE);
  for (let y = 0; y < SIZE; y++) {
    pixels[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const cx = Math.floor((x - PAD) / CELL);
      const cy = Math.floor((y - PAD) / CELL);
      const inside = x >= PAD && y >= PAD && cx < CELLS && cy < CELLS;
      const [r, g, b] = inside && on(cx, cy) ? color : background;
      const offset = y * rowBytes + 1 + x * 3;
      pixels[offset] = r;
      pixels[offset + 1] = g;
      pixels[offset + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
