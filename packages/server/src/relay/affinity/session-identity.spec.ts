import { describe, expect, it } from 'vitest';
import { identityHash, sessionIdentity } from './session-identity';

const CLAUDE_CODE_USER = 'user_4f1e0c2a9b7d_account_3c0d1e2f_session_7b6a5c4d-1e2f-4a3b-9c8d-0e1f2a3b4c5d';

describe(sessionIdentity.name, () => {
  it('reads Claude Code’s metadata.user_id whole from an Anthropic request', () => {
    expect(sessionIdentity('anthropic', { metadata: { user_id: CLAUDE_CODE_USER } }, {})).toBe(CLAUDE_CODE_USER);
  });

  it('prefers prompt_cache_key to user in OpenAI chat and Responses bodies', () => {
    for (const format of ['openai', 'responses'] as const) {
      expect(sessionIdentity(format, { prompt_cache_key: 'cache-1', user: 'end-user-9' }, {})).toBe('cache-1');
      expect(sessionIdentity(format, { user: 'end-user-9' }, {})).toBe('end-user-9');
    }
  });

  it('reads each field only in the format that defines it', () => {
    expect(sessionIdentity('openai', { metadata: { user_id: CLAUDE_CODE_USER } }, {})).toBeUndefined();
    expect(sessionIdentity('anthropic', { user: 'end-user-9' }, {})).toBeUndefined();
    expect(sessionIdentity('openai', {}, { 'x-gemini-api-privileged-user-id': 'install-1' })).toBeUndefined();
  });

  it('falls back to Codex CLI’s session_id, then conversation_id header', () => {
    expect(sessionIdentity('responses', {}, { session_id: 'codex-session', conversation_id: 'codex-conversation' })).toBe('codex-session');
    expect(sessionIdentity('responses', {}, { conversation_id: 'codex-conversation' })).toBe('codex-conversation');
    expect(sessionIdentity('responses', { prompt_cache_key: 'from-body' }, { session_id: 'codex-session' })).toBe('from-body');
  });

  it('reads the Gemini CLI’s installation header from a Gemini request', () => {
    expect(sessionIdentity('gemini', {}, { 'x-gemini-api-privileged-user-id': 'install-1' })).toBe('install-1');
  });

  it('ignores empty, blank, non-string and oversized values', () => {
    expect(sessionIdentity('openai', { prompt_cache_key: '  ', user: 42 }, {})).toBeUndefined();
    expect(sessionIdentity('anthropic', { metadata: { user_id: '' } }, {})).toBeUndefined();
    expect(sessionIdentity('anthropic', { metadata: 'user_1' }, {})).toBeUndefined();
    expect(sessionIdentity('openai', { user: 'x'.repeat(5000) }, {})).toBeUndefined();
    expect(sessionIdentity('openai', { user: ' padded ' }, {})).toBe('padded');
  });
});

describe(identityHash.name, () => {
  it('is 32 hex characters that never contain the identity', () => {
    const sut = identityHash(CLAUDE_CODE_USER);
    expect(sut).toMatch(/^[0-9a-f]{32}$/);
    expect(sut).toBe(identityHash(CLAUDE_CODE_USER));
    expect(identityHash(`${CLAUDE_CODE_USER}x`)).not.toBe(sut);
  });
});
