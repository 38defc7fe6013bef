import { describe, expect, it } from 'vitest';
import { detectKeys, keyCountText, keysAsLines, keysForMultiCreate } from './key-lines';

const account = (id: string) => ({ type: 'service_account', project_id: id, private_key: `-----BEGIN ${id}-----` });

describe('detectKeys', () => {
  it('takes one key per non-empty line, trimmed, each once, and counts the repeats', () => {
    expect(detectKeys(1, ' sk-a \n\nsk-b\nsk-a\n sk-b\nsk-c\n')).toEqual({
      keys: ['sk-a', 'sk-b', 'sk-c'],
      duplicates: 2,
      jsonArray: false,
      invalidArray: false,
    });
    expect(detectKeys(1, '   ')).toMatchObject({ keys: [], duplicates: 0 });
  });

  it('reads a Vertex JSON array as one key per element, as its JSON text', () => {
    const text = JSON.stringify([account('p1'), account('p2'), account('p1')], null, 2);
    const detected = detectKeys(41, text);
    expect(detected).toMatchObject({ jsonArray: true, invalidArray: false, duplicates: 1 });
    expect(detected.keys.map((key) => JSON.parse(key))).toEqual([account('p1'), account('p2')]);
  });

  it('reports a mistyped Vertex array instead of splitting it into lines', () => {
    expect(detectKeys(41, '[{"type": "service_account",\n')).toEqual({ keys: [], duplicates: 0, jsonArray: true, invalidArray: true });
  });

  it('reads Vertex keys one per line when there is no array, and other types never as an array', () => {
    expect(detectKeys(41, '{"project_id":"p1"}\n{"project_id":"p2"}').keys).toHaveLength(2);
    expect(detectKeys(1, '["sk-a", "sk-b"]').keys).toEqual(['["sk-a", "sk-b"]']);
  });
});

describe('keysAsLines / keysForMultiCreate', () => {
  it('sends lines as lines, and a Vertex array as an array to a multi-key create only', () => {
    const lines = detectKeys(1, 'sk-a\nsk-a\nsk-b');
    expect(keysAsLines(lines)).toBe('sk-a\nsk-b');
    expect(keysForMultiCreate(lines)).toBe('sk-a\nsk-b');

    const array = detectKeys(41, JSON.stringify([account('p1'), account('p2')]));
    expect(JSON.parse(keysForMultiCreate(array))).toEqual([account('p1'), account('p2')]);
    expect(keysAsLines(array).split('\n').map((line) => JSON.parse(line))).toEqual([account('p1'), account('p2')]);
  });
});

describe('keyCountText', () => {
  it('says how many keys and, when there were, how many repeats were dropped', () => {
    expect(keyCountText(detectKeys(1, 'sk-a\nsk-b'))).toBe('检测到 2 个密钥');
    expect(keyCountText(detectKeys(1, 'sk-a\nsk-b\nsk-a\nsk-a'))).toBe('检测到 2 个密钥，已去除 2 个重复密钥');
  });
});
