import { describe, expect, it } from 'vitest';
import { registrationMode } from '@/lib/registration-mode';

describe(registrationMode.name, () => {
  it('is by invitation on a fresh installation and before the status is known', () => {
    expect(registrationMode(null)).toBe('invite');
    expect(registrationMode({ register_enabled: true, invite_only_register: true })).toBe('invite');
  });

  it('is open only when the administrator turns the invitation rule off', () => {
    expect(registrationMode({ register_enabled: true, invite_only_register: false })).toBe('open');
  });

  it('is closed when registration is off, whatever the invitation rule', () => {
    expect(registrationMode({ register_enabled: false, invite_only_register: false })).toBe('closed');
    expect(registrationMode({ register_enabled: false, invite_only_register: true })).toBe('closed');
  });
});
