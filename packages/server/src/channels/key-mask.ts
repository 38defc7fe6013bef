/** The `masked` column holds at most this many characters. */
const MAX_MASKED = 64;
/** Characters shown at each end of a long key. */
const SHOWN_EACH_END = 4;

/** A Vertex AI service account (its key is the account's JSON): who it is, not its private key. */
function serviceAccountName(key: string): string | undefined {
  if (!key.trimStart().startsWith('{')) return undefined;
  try {
    const account: unknown = JSON.parse(key);
    if (typeof account !== 'object' || account === null) return undefined;
    const { client_email: email, project_id: project } = account as Record<string, unknown>;
    const name = typeof email === 'string' && email ? email : typeof project === 'string' && project ? project : undefined;
    return name === undefined ? undefined : truncate(name);
  } catch {
    return undefined;
  }
}

const truncate = (text: string) => {
  const chars = Array.from(text);
  return chars.length <= MAX_MASKED ? text : `${chars.slice(0, MAX_MASKED - 1).join('')}…`;
};

/**
 * What the console shows of a key of a multi-key channel, computed once when the key is added:
 * its first and last four characters (`sk-a…wxyz`), fewer for a short key so that never more than
 * half of it shows; a service-account JSON shows its client_email (or project_id) instead, which
 * names the account without any of its secret.
 */
export function maskKey(key: string): string {
  const account = serviceAccountName(key);
  if (account !== undefined) return account;
  const chars = Array.from(key);
  const shown = Math.min(2 * SHOWN_EACH_END, Math.floor(chars.length / 2));
  const head = Math.ceil(shown / 2);
  const tail = shown - head;
  return `${chars.slice(0, head).join('')}…${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}
