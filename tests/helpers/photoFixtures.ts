/** Photos as phones and hostile clients send them (issue 42), and multipart uploads through inject(). */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { chunk } from './pngFixtures';
import { TEST_XSRF, type TestApi, type TestResponse } from './testApi';

export interface UploadFile {
  name: string;
  bytes: Buffer;
  /** The form field (default `file`). */
  field?: string;
  type?: string;
}

export function multipartBody(files: UploadFile[], boundary = '----yardstick-test-boundary'): { payload: Buffer; contentType: string } {
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** POSTs the files as the SPA's FormData does. */
export async function upload(
  api: TestApi,
  url: string,
  files: UploadFile[],
  raw?: { payload: Buffer; contentType: string },
): Promise<TestResponse> {
  const { payload, contentType } = raw ?? multipartBody(files);
  const res = await api.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': contentType,
      cookie: `XSRF-TOKEN=${TEST_XSRF}`,
      'x-xsrf-token': TEST_XSRF,
      authorization: `Bearer ${api.token}`,
    },
  });
  const json = (res.headers['content-type'] ?? '').toString().includes('json') && res.body ? JSON.parse(res.body) : res.body;
  return { status: res.statusCode, body: json, headers: res.headers, raw: res.body };
}

export const PHOTO_TAKEN = '2026:05:14 09:30:00';

/** A phone's JPEG: `width` × `height` as stored, shown turned by EXIF orientation 6, with the time taken and a GPS position. */
export async function phoneJpeg(width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a7c3a' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD2: { DateTimeOriginal: PHOTO_TAKEN },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 17/1 5/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 40/1 2/1' },
    })
    .toBuffer();
}

export const plainPng = (width = 500, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 120, b: 40, alpha: 0.5 } } })
    .png()
    .toBuffer();

export const plainWebp = (width = 3000, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#88aa44' } })
    .webp()
    .toBuffer();

/** Whether an EXIF block (as sharp reports it) names a GPS directory (tag 0x8825) in either byte order. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** The start of an iPhone's HEIC file: an ftyp box of brand heic. */
export function heicStart(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(2000, 7)]);
}

export const svgDrawing = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** A PNG whose header says 30,000 × 30,000 (900 megapixels) and whose data is a few bytes. */
export function hugeHeaderPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
