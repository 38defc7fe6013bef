import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Encrypts secrets at rest with AES-256-GCM (DESIGN.md §8). The key is derived from CRYPTO_SECRET;
 * each value gets its own random IV and is authenticated, so a tampered value fails to open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret, 'utf8').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    if (!SecretBox.isSealed(sealed)) throw new Error('value is not sealed');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /**
   * A stable HMAC-SHA256 of a secret under the same key (hex): equal secrets compare equal without
   * opening them (multi-key deduplication), and the hash confirms no guess without CRYPTO_SECRET.
   */
  fingerprint(plain: string): string {
    return createHmac('sha256', this.key).update(plain, 'utf8').digest('hex');
  }

  static isSealed(value: string): boolean {
    return value.startsWith(PREFIX);
  }
}
