/** Shorter pieces are no key (a region, an API version) and would blank out ordinary words. */
const MIN_PIECE = 12;

/**
 * What of a channel key an upstream might quote back: the whole key and each piece of a composite
 * one (several keys one per line, `AK|SK|region`, `key|api-version`), longest first so the whole
 * key goes before its parts.
 */
function keyPieces(key: string): string[] {
  const pieces = [key, ...key.split(/[\n|,]/)].map((piece) => piece.trim()).filter((piece) => piece.length >= MIN_PIECE);
  return [...new Set(pieces)].sort((a, b) => b.length - a.length);
}

/**
 * An upstream's words with the channel's key masked. Providers quote the key they were given in
 * their error messages ("Incorrect API key provided: sk-…"), and those words reach callers, log
 * rows, channel test results and disable reasons: the key must not travel with them.
 */
export function withoutChannelKey(text: string, key: string): string {
  let masked = text;
  for (const piece of keyPieces(key)) masked = masked.split(piece).join('***');
  return masked;
}
