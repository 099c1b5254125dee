import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** A photo to upload through a file input (`setInputFiles`) or a multipart form. */
export type Photo = { name: string; mimeType: string; buffer: Buffer };

type Drawing = { width: number; height: number; colors: [number, number, number][]; seed: number };

/** The CRC-32 of PNG chunks (ISO 3309, reflected, polynomial 0xEDB88320). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG (8-bit RGB, filter 0 on every row, zlib-deflated): diagonal bands of `colors` with a
 * little noise from `seed`, so that no two runs upload the same bytes.
 */
export function png(name: string, { width, height, colors, seed }: Drawing): Photo {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const band = Math.max(6, Math.round(width / (colors.length * 3)));
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const color = colors[Math.floor((x + y) / band) % colors.length]!;
      for (let channel = 0; channel < 3; channel += 1) {
        rows[row + 1 + x * 3 + channel] = Math.max(0, Math.min(255, color[channel]! + Math.round((random() - 0.5) * 16)));
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/**
 * A real JPEG drawn on a canvas by the browser of `page` (circles of `colors` on the first one,
 * placed from `seed`) and encoded there with `toDataURL('image/jpeg')`.
 */
export async function jpeg(page: Page, name: string, drawing: Drawing): Promise<Photo> {
  const dataUrl = await page.evaluate(({ width, height, colors, seed }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    const rgb = ([r, g, b]: [number, number, number]) => `rgb(${r}, ${g}, ${b})`;
    context.fillStyle = rgb(colors[0]!);
    context.fillRect(0, 0, width, height);
    let state = seed >>> 0 || 1;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    for (let i = 0; i < 60; i += 1) {
      context.beginPath();
      context.fillStyle = rgb(colors[1 + (i % Math.max(1, colors.length - 1))] ?? colors[0]!);
      context.arc(random() * width, random() * height, 6 + random() * width * 0.08, 0, Math.PI * 2);
      context.fill();
    }
    return canvas.toDataURL('image/jpeg', 0.9);
  }, drawing);
  const [prefix, base64] = dataUrl.split(',');
  if (prefix !== 'data:image/jpeg;base64' || !base64) throw new Error(`the canvas made no JPEG: ${prefix}`);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}
