import type { Response } from 'supertest';

/** A supertest parser (`.buffer(true).parse(binaryBody)`) that keeps a reply's body as the bytes sent: downloads, spreadsheets. */
export function binaryBody(response: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}
