import { describe, expect, it } from 'vitest';
import { maskKey as sut } from './key-mask';

const account = (fields: Record<string, unknown>) => JSON.stringify({ type: 'service_account', private_key: '-----BEGIN PRIVATE KEY-----\nMIIsecret\n-----END PRIVATE KEY-----\n', ...fields }, null, 2);

describe(sut.name, () => {
  it('shows the first and last four characters of a long key', () => {
    expect(sut('sk-abcdefghijklmnopqrstuvwxyz')).toBe('sk-a…wxyz');
    expect(sut('0123456789abcdef')).toBe('0123…cdef');
  });

  it('never shows more than half of a shorter key', () => {
    expect(sut('abcdefghijkl')).toBe('abc…jkl');
    expect(sut('abcdefgh')).toBe('ab…gh');
    expect(sut('abcde')).toBe('a…e');
    expect(sut('abc')).toBe('a…');
    expect(sut('a')).toBe('…');
    for (let length = 1; length < 40; length += 1) {
      const key = 'k'.repeat(length);
      expect(Array.from(sut(key)).filter((char) => char !== '…').length).toBeLessThanOrEqual(length / 2);
    }
  });

  it('shows a service account by its client_email, else its project_id, never its private key', () => {
    expect(sut(account({ client_email: 'gw@project-1.iam.gserviceaccount.com', project_id: 'project-1' }))).toBe('gw@project-1.iam.gserviceaccount.com');
    expect(sut(account({ project_id: 'project-1' }))).toBe('project-1');
    expect(sut(account({}))).not.toContain('MIIsecret');
  });

  it('fits the 64-character column', () => {
    const long = sut(account({ client_email: `${'x'.repeat(100)}@p.iam.gserviceaccount.com` }));
    expect(Array.from(long)).toHaveLength(64);
    expect(long.endsWith('…')).toBe(true);
    expect(sut('y'.repeat(10_000)).length).toBeLessThanOrEqual(64);
  });

  it('cuts no character in two', () => {
    expect(sut('😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀…😀😀😀😀');
  });
});
