import { describe, expect, it } from 'vitest';
import { withoutChannelKey } from './channel-key-redaction';

describe(withoutChannelKey.name, () => {
  it('masks every copy of the key', () => {
    expect(withoutChannelKey('Incorrect API key provided: Bearer sk-abcdef123456. Key sk-abcdef123456 is revoked', 'sk-abcdef123456')).toBe(
      'Incorrect API key provided: Bearer ***. Key *** is revoked',
    );
  });

  it('masks each part of a composite key, and the whole before its parts', () => {
    expect(withoutChannelKey('bad signature for AKIAEXAMPLE123 in us-east-1', 'AKIAEXAMPLE123|secret-access-key-9|us-east-1')).toBe('bad signature for *** in us-east-1');
    expect(withoutChannelKey('keys: first-key-0001 then second-key-0002', 'first-key-0001\nsecond-key-0002')).toBe('keys: *** then ***');
    expect(withoutChannelKey('k=azure-key-12345|2024-02-01', 'azure-key-12345|2024-02-01')).toBe('k=***');
  });

  it('leaves text without the key, and short pieces, as they are', () => {
    expect(withoutChannelKey('model not found', 'sk-abcdef123456')).toBe('model not found');
    expect(withoutChannelKey('region us-east-1 is down', 'AKIAEXAMPLE123|secret-access-key-9|us')).toBe('region us-east-1 is down');
  });
});
