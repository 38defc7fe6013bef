import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { InboundFormatName } from '../inbound/inbound-format';
import { isObject, type Json } from '../json';
import { headerOf } from '../relay-request';

/** Longer values are still hashed whole; this bounds what one request may make us hash. */
const MAX_IDENTITY_LENGTH = 4096;

const usable = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= MAX_IDENTITY_LENGTH ? trimmed : undefined;
};

/**
 * The client's session, as coding agents and SDKs name it (DESIGN.md §5.9), first found wins:
 * Anthropic's `metadata.user_id` (Claude Code sends `user_<hash>_account_…_session_<uuid>`, used
 * whole), OpenAI's `prompt_cache_key`, then OpenAI's `user` (chat and Responses bodies), Codex
 * CLI's `session_id` / `conversation_id` headers, and the Gemini CLI's
 * `x-gemini-api-privileged-user-id` header. The Gemini CLI sends no session of its own: that
 * header is its installation id (sent while its usage statistics are on), so one installation's
 * requests stick together, which is what its implicit prompt cache wants anyway.
 */
export function sessionIdentity(format: InboundFormatName, body: Json, headers: IncomingHttpHeaders): string | undefined {
  if (format === 'anthropic') {
    const fromMetadata = isObject(body.metadata) ? usable(body.metadata.user_id) : undefined;
    if (fromMetadata) return fromMetadata;
  }
  if (format === 'openai' || format === 'responses') {
    const fromBody = usable(body.prompt_cache_key) ?? usable(body.user);
    if (fromBody) return fromBody;
  }
  const codex = usable(headerOf(headers, 'session_id')) ?? usable(headerOf(headers, 'conversation_id'));
  if (codex) return codex;
  return format === 'gemini' ? usable(headerOf(headers, 'x-gemini-api-privileged-user-id')) : undefined;
}

/**
 * What a binding stores of an identity: SHA-256, the first 128 bits in hex. Never the value
 * itself, which may carry a user id or an account.
 */
export const identityHash = (identity: string): string => hash('sha256', identity, 'hex').slice(0, 32);
