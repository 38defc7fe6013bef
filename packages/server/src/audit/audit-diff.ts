import { AUDIT_SECRET_CHANGED, OPTION_DEFINITIONS, OPTION_KEYS } from '@gw/shared';

/**
 * Field names whose values are secrets wherever they appear: channel and token keys, redemption
 * codes, passwords, access tokens, two-factor secrets, sealed values. The secret options come from
 * the one list the options already keep (OPTION_DEFINITIONS[key].secret).
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'key',
  'key_sealed',
  'key_hash',
  'password',
  'password_hash',
  'access_token_hash',
  'access_token',
  'token',
  'secret',
  'two_factor_secret',
  'totp_secret',
  'recovery_codes',
  ...OPTION_KEYS.filter((key) => OPTION_DEFINITIONS[key].secret),
]);

export function isSecretField(field: string): boolean {
  return SECRET_FIELDS.has(field) || field.endsWith('_sealed');
}

export interface FieldChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The fields that differ between `before` and `after`, each side holding only those fields (a
 * field missing on one side, as on a creation or a deletion, stays missing there). A secret field
 * is kept as AUDIT_SECRET_CHANGED on both sides; `secretsChanged` names secret fields known to have
 * changed although neither object holds their value (a channel's new key is never read back): on
 * both sides too, or only after on a creation.
 */
export function changedFields(before: object, after: object, secretsChanged: readonly string[] = []): FieldChanges {
  const old = before as Record<string, unknown>;
  const next = after as Record<string, unknown>;
  const changes: FieldChanges = { before: {}, after: {} };
  const fields = new Set([...Object.keys(old), ...Object.keys(next)]);
  for (const field of fields) {
    const inBefore = Object.prototype.hasOwnProperty.call(old, field) && old[field] !== undefined;
    const inAfter = Object.prototype.hasOwnProperty.call(next, field) && next[field] !== undefined;
    if (inBefore && inAfter && sameValue(old[field], next[field])) continue;
    if (isSecretField(field)) {
      // An empty secret on both sides (the views never show one) is no change.
      if (!inBefore && !inAfter) continue;
      if ((old[field] ?? '') === '' && (next[field] ?? '') === '' && !secretsChanged.includes(field)) continue;
      if (inBefore) changes.before[field] = AUDIT_SECRET_CHANGED;
      if (inAfter) changes.after[field] = AUDIT_SECRET_CHANGED;
      continue;
    }
    if (inBefore) changes.before[field] = old[field];
    if (inAfter) changes.after[field] = next[field];
  }
  // A creation (nothing before) has no before side, a secret included.
  const created = Object.keys(old).length === 0;
  for (const field of secretsChanged) {
    if (!created) changes.before[field] = AUDIT_SECRET_CHANGED;
    changes.after[field] = AUDIT_SECRET_CHANGED;
  }
  return changes;
}

export function hasChanges({ before, after }: FieldChanges): boolean {
  return Object.keys(before).length > 0 || Object.keys(after).length > 0;
}
