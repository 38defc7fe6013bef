import { describe, expect, it } from 'vitest';
import { INVALID_VERTEX_KEY, parseServiceAccountKey } from './vertex-key';

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n';
const account = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'service_account', project_id: 'proj', private_key_id: 'kid', private_key: PEM, client_email: 'sa@proj.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token', ...fields });

describe(parseServiceAccountKey.name, () => {
  it('reads the fields the relay uses from a service-account JSON key', () => {
    expect(parseServiceAccountKey(account())).toEqual({ client_email: 'sa@proj.iam.gserviceaccount.com', private_key: PEM, project_id: 'proj', token_uri: 'https://oauth2.googleapis.com/token' });
    expect(parseServiceAccountKey(account({ token_uri: undefined }))).not.toHaveProperty('token_uri');
  });

  it.each([
    ['not JSON', 'AIza-an-api-key', INVALID_VERTEX_KEY],
    ['not an object', '["x"]', INVALID_VERTEX_KEY],
    ['no project', account({ project_id: '' }), INVALID_VERTEX_KEY],
    ['no email', account({ client_email: undefined }), INVALID_VERTEX_KEY],
    ['a private key that is not PEM', account({ private_key: 'secret' }), 'Vertex AI 密钥的 private_key 不是 PEM 格式的私钥'],
    ['another kind of credential', account({ type: 'authorized_user' }), expect.stringContaining('service_account')],
  ])('refuses %s with a Chinese message that never repeats the key', (_what, raw, message) => {
    const result = parseServiceAccountKey(raw);
    expect(result).toEqual(message);
    expect(result).not.toContain('MIIE');
  });
});
