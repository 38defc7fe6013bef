/** The part of oidc-provider v8 (a real OpenID Connect provider, dev only, for oidc.spec.ts) the tests use; it ships no types. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface KoaContextWithOIDC {
    path: string;
    body: unknown;
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: unknown[] };
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    pkce?: { required: () => boolean };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string };
    findAccount: (ctx: KoaContextWithOIDC, sub: string) => { accountId: string; claims: () => Record<string, unknown> } | undefined;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (properties: { accountId: string; clientId: string }) => Grant;
    on(event: string, listener: (ctx: KoaContextWithOIDC, error: never) => void): void;
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string; params: Record<string, unknown> }>;
    interactionFinished(request: IncomingMessage, response: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
