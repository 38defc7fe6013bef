/**
 * The content type an object is stored and served with follows from its name's extension, on both
 * backends: the local disk keeps no metadata, and put picks the extension from the sniffed type, so
 * the two agree. An extension not listed here is served as application/octet-stream.
 */
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  svg: 'image/svg+xml',
  html: 'text/html',
  xml: 'application/xml',
  txt: 'text/plain',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  csv: 'text/csv',
  md: 'text/markdown',
  parquet: 'application/vnd.apache.parquet',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  bin: 'application/octet-stream',
};

const EXTENSION_OF_TYPE: Record<string, string> = Object.fromEntries(
  Object.entries(TYPE_OF_EXTENSION).map(([extension, type]) => [type, extension]),
);

export const OCTET_STREAM = 'application/octet-stream';

export function typeOfExtension(extension: string): string {
  return TYPE_OF_EXTENSION[extension.toLowerCase()] ?? OCTET_STREAM;
}

/** The stored content type of a key: from its extension. */
export function typeOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? typeOfExtension(name.slice(dot + 1)) : OCTET_STREAM;
}

/** The extension put gives a sniffed type; "bin" for a type not listed. */
export function extensionOfType(type: string): string {
  return EXTENSION_OF_TYPE[type] ?? 'bin';
}

/**
 * Types a browser may show in place (Content-Disposition inline): raster images, which cannot run
 * script. Everything else, SVG and HTML above all, is served as a download.
 */
export const INLINE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * putFixed is told a type, but the disk keeps none: the key's extension must name that type, so
 * both backends serve the same thing. A mismatch is a mistake in the product, not the user's.
 */
export function assertFixedType(key: string, contentType: string): void {
  if (typeOfKey(key) !== contentType) throw new Error(`putFixed: the extension of ${key} means ${typeOfKey(key)}, not ${contentType}`);
}
