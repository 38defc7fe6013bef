import { describe, expect, it } from 'vitest';
import { checkKeyFormat, splitKeys } from './channel-rules';
import { splitList } from './comma-list';

describe(checkKeyFormat.name, () => {
  it.each([
    [15, 'bce-v3/ALTAK-abc/0123', true],
    [15, 'api|secret', true],
    [15, 'api|', false],
    [15, 'api|secret|extra', false],
    [18, 'app|secret|key', true],
    [18, 'api-password', true],
    [18, 'app|secret', false],
    [22, 'fastgpt-key-app1', true],
    [22, 'nodash', false],
    [33, 'ak|sk|us-east-1', true],
    [33, 'ak|sk|us-east-1|us', true],
    [33, 'ak|sk', false],
    [41, '{"type":"service_account","project_id":"p","client_email":"a@b","private_key":"-----BEGIN PRIVATE KEY-----\\nx\\n-----END PRIVATE KEY-----\\n"}', true],
    [41, '{"client_email":"a@b","private_key":"-----BEGIN PRIVATE KEY-----"}', false],
    [41, '{"client_email":"a@b"', false],
    [1, 'anything', true],
  ])('type %i key %s → valid %s', (type, key, valid) => {
    expect(checkKeyFormat(type, key) === undefined).toBe(valid);
  });
});

describe(splitKeys.name, () => {
  it('gives one key per non-empty line, but keeps a Vertex AI JSON key whole', () => {
    expect(splitKeys(1, ' a \n\nb\n')).toEqual(['a', 'b']);
    expect(splitKeys(41, '{\n "client_email": "x"\n}')).toHaveLength(1);
  });
});

describe(splitList.name, () => {
  it('trims, drops empties and duplicates, keeps order', () => {
    expect(splitList(' b, a ,,b\nc')).toEqual(['b', 'a', 'c']);
    expect(splitList(['x', ' x ', 'y'])).toEqual(['x', 'y']);
  });
});
