import { AUDIT_SECRET_CHANGED, OPTION_DEFINITIONS, OPTION_KEYS } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { changedFields, isSecretField } from './audit-diff';

const SECRET = AUDIT_SECRET_CHANGED;

describe(changedFields.name, () => {
  it('keeps only the fields that changed, each side with its own value', () => {
    expect(changedFields({ quota: 100, name: 'a', group: 'default' }, { quota: 200, name: 'a', group: 'default' })).toEqual({ before: { quota: 100 }, after: { quota: 200 } });
    expect(changedFields({ models: ['a', 'b'] }, { models: ['a', 'b'] })).toEqual({ before: {}, after: {} });
  });

  it('leaves the missing side of a creation or a deletion empty', () => {
    expect(changedFields({}, { name: 'new' })).toEqual({ before: {}, after: { name: 'new' } });
    expect(changedFields({ name: 'gone' }, {})).toEqual({ before: { name: 'gone' }, after: {} });
  });

  it('shows a changed secret as the marker, never its value', () => {
    const sut = changedFields({ key: 'sk-old-1234', password_hash: '$argon2id$old' }, { key: 'sk-new-5678', password_hash: '$argon2id$new' });
    expect(sut).toEqual({ before: { key: SECRET, password_hash: SECRET }, after: { key: SECRET, password_hash: SECRET } });
    expect(JSON.stringify(sut)).not.toMatch(/sk-|argon|1234|5678/);
  });

  it('names a secret known to have changed, only after on a creation', () => {
    expect(changedFields({ name: 'a', key: '' }, { name: 'a', key: '' }, ['key'])).toEqual({ before: { key: SECRET }, after: { key: SECRET } });
    expect(changedFields({}, { name: 'a' }, ['password'])).toEqual({ before: {}, after: { name: 'a', password: SECRET } });
    expect(changedFields({ name: 'a', key: '' }, { name: 'a', key: '' })).toEqual({ before: {}, after: {} });
  });

  it('treats every secret option of the option definitions as secret, and no other option', () => {
    for (const key of OPTION_KEYS) expect(isSecretField(key), key).toBe(OPTION_DEFINITIONS[key].secret === true);
    expect(changedFields({ SMTPToken: 'old-pass' }, { SMTPToken: 'new-pass' })).toEqual({ before: { SMTPToken: SECRET }, after: { SMTPToken: SECRET } });
  });
});
