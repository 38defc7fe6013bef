import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe(SecretBox.name, () => {
  const sut = new SecretBox('a'.repeat(32));

  it('round-trips a value and never stores it in clear', () => {
    const sealed = sut.seal('sk-very-secret');
    expect(sealed).not.toContain('sk-very-secret');
    expect(SecretBox.isSealed(sealed)).toBe(true);
    expect(sut.open(sealed)).toBe('sk-very-secret');
  });

  it('uses a fresh IV for every value', () => {
    expect(sut.seal('same')).not.toBe(sut.seal('same'));
  });

  it('refuses a value sealed with another key or tampered with', () => {
    const sealed = sut.seal('value');
    expect(() => new SecretBox('b'.repeat(32)).open(sealed)).toThrow();
    const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => sut.open(tampered)).toThrow();
  });
});
