/** A PDF read back as text (pdf-parse), page by page, for the document tests. */
import { PDFParse } from 'pdf-parse';
import type { TestApi } from './testApi';

export interface PdfText {
  /** All pages' text, lines separated by \n. */
  text: string;
  pages: string[];
}

export async function pdfText(pdf: Buffer | Uint8Array): Promise<PdfText> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getText();
    const pages = result.pages.map((page) => page.text);
    return { text: pages.join('\n'), pages };
  } finally {
    await parser.destroy();
  }
}

export interface BinaryResponse {
  status: number;
  headers: Record<string, unknown>;
  bytes: Buffer;
  /** The body as JSON, when it is JSON (errors). */
  json: any;
}

/** GET through inject() keeping the body as bytes (TestApi's helpers read bodies as text). */
export async function getBinary(api: TestApi, url: string, token: string | null = api.token): Promise<BinaryResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await api.app.inject({ method: 'GET', url, headers });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: isJson ? JSON.parse(res.body) : undefined };
}
