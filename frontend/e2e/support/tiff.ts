import { writeFileSync } from 'node:fs';

/**
 * Writes a baseline TIFF (little-endian, 8-bit RGB, uncompressed, one strip, 300 dpi): a striped
 * print in `colors` with a little noise from `seed`, so that every run uploads files the archive
 * has never seen (the import refuses a file it already holds, by content).
 */
export function writeTiff(file: string, { width, height, colors, seed }: { width: number; height: number; colors: [number, number, number][]; seed: number }) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: deterministic for a seed, different across seeds.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const stripe = Math.max(8, Math.round(width / (colors.length * 4)));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const color = colors[Math.floor((x + y) / stripe) % colors.length]!;
      const offset = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        pixels[offset + channel] = Math.max(0, Math.min(255, color[channel]! + Math.round((random() - 0.5) * 12)));
      }
    }
  }

  const entries: [tag: number, type: number, count: number, value: number][] = [];
  const SHORT = 3;
  const LONG = 4;
  const RATIONAL = 5;
  const ifdOffset = 8;
  const entryCount = 13;
  const extra = ifdOffset + 2 + entryCount * 12 + 4;
  const bitsOffset = extra;
  const xResolutionOffset = bitsOffset + 6;
  const yResolutionOffset = xResolutionOffset + 8;
  const pixelOffset = yResolutionOffset + 8;
  entries.push(
    [256, LONG, 1, width],
    [257, LONG, 1, height],
    [258, SHORT, 3, bitsOffset],
    [259, SHORT, 1, 1],
    [262, SHORT, 1, 2],
    [273, LONG, 1, pixelOffset],
    [277, SHORT, 1, 3],
    [278, LONG, 1, height],
    [279, LONG, 1, pixels.length],
    [282, RATIONAL, 1, xResolutionOffset],
    [283, RATIONAL, 1, yResolutionOffset],
    [284, SHORT, 1, 1],
    [296, SHORT, 1, 2],
  );
  if (entries.length !== entryCount) throw new Error('TIFF entry count');

  const header = Buffer.alloc(pixelOffset);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(ifdOffset, 4);
  header.writeUInt16LE(entryCount, ifdOffset);
  entries.forEach(([tag, type, count, value], index) => {
    const at = ifdOffset + 2 + index * 12;
    header.writeUInt16LE(tag, at);
    header.writeUInt16LE(type, at + 2);
    header.writeUInt32LE(count, at + 4);
    // A single SHORT sits in the first two bytes of the value field; the rest are offsets or LONGs.
    if (type === SHORT && count === 1) header.writeUInt16LE(value, at + 8);
    else header.writeUInt32LE(value, at + 8);
  });
  header.writeUInt32LE(0, ifdOffset + 2 + entryCount * 12);
  for (let channel = 0; channel < 3; channel += 1) header.writeUInt16LE(8, bitsOffset + channel * 2);
  header.writeUInt32LE(300, xResolutionOffset);
  header.writeUInt32LE(1, xResolutionOffset + 4);
  header.writeUInt32LE(300, yResolutionOffset);
  header.writeUInt32LE(1, yResolutionOffset + 4);
  writeFileSync(file, Buffer.concat([header, pixels]));
}
