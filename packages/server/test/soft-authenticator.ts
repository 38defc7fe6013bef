import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for the tests: an EC P-256 key pair per credential, the
 * 'none' attestation, assertions signed ES256 (DER, as WebAuthn has it). It answers the options
 * the server hands out the way a browser with a platform authenticator would, with knobs for the
 * attacks the tests try (another origin or rpId, a counter that goes backwards).
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | { [key: string]: CborValue };

/** CBOR's head: major type and length/value, in the shortest form. */
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(value, 1);
  return head;
}

/** A minimal CBOR encoder: integers, text, byte strings and maps, all this test needs (RFC 8949). */
export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface RegistrationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** What a ceremony may be told to do differently from an honest browser. */
export interface Tweaks {
  origin?: string;
  rpId?: string;
  /** The signature counter to report instead of the next one. */
  counter?: number;
  /** Without user verification (UV flag off). */
  noUserVerification?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle = '';
  /** The signature counter; each assertion moves it on by one. */
  counter = 0;

  constructor(private readonly origin: string) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The COSE_Key of the public key: kty EC2, alg ES256, crv P-256, x, y. */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, tweaks: Tweaks): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: tweaks.origin ?? this.origin, crossOrigin: false }));
  }

  private flags(extra: number, tweaks: Tweaks): number {
    return FLAG_UP | (tweaks.noUserVerification ? 0 : FLAG_UV) | extra;
  }

  /** navigator.credentials.create() as @simplewebauthn/browser serializes it. */
  register(options: RegistrationOptions, tweaks: Tweaks = {}) {
    this.userHandle = options.user.id;
    const rpId = tweaks.rpId ?? options.rp.id!;
    const credentialLength = Buffer.alloc(2);
    credentialLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(FLAG_AT, tweaks)]),
      u32(this.counter),
      Buffer.alloc(16),
      credentialLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tweaks)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() as @simplewebauthn/browser serializes it: the counter moves on by one. */
  assert(options: RequestOptions, tweaks: Tweaks = {}) {
    const counter = tweaks.counter ?? ++this.counter;
    const authenticatorData = Buffer.concat([sha256(tweaks.rpId ?? options.rpId!), Buffer.from([this.flags(0, tweaks)]), u32(counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweaks);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
    };
  }
}
