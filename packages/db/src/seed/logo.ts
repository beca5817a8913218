import { crc32, deflateSync } from 'node:zlib';

/**
 * Draws a small PNG mark for a demo tenant (a rounded tile in the brand colour with a light
 * chevron), so the demo shows a real raster logo without shipping binary files.
 */
export function drawLogoPng(hexColour: string, size = 96): Buffer {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hexColour.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  const radius = size * 0.22;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      const inside = insideRoundedSquare(x + 0.5, y + 0.5, size, radius);
      const chevron = Math.abs(x - size / 2) * 0.9 + size * 0.3 - y;
      const onChevron = inside && chevron > -size * 0.12 && chevron < size * 0.02 && y > size * 0.25;
      const offset = 1 + x * 4;
      if (onChevron) row.set([255, 255, 255, 255], offset);
      else if (inside) row.set([r, g, b, 255], offset);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
