import { describe, expect, it } from 'vitest';
import { MSG_BODY_PARSE_FAILED } from '@gw/shared';
import { fieldKindOf, flatRecordOf, flattenRecord, imageUrl, isImageField, parseRecord, previewColumns } from './record-shape';

describe(parseRecord.name, () => {
  it('reads the JSON body', () => {
    expect(parseRecord({ body: '{"question":"1+1?","meta":{"level":2}}' })).toEqual({ question: '1+1?', meta: { level: 2 } });
  });

  it('gives the placeholder record for a body that is not JSON', () => {
    expect(parseRecord({ body: '{"question":' })).toEqual({ question: MSG_BODY_PARSE_FAILED, answer: '', analyzing: '', knowledge_point: '' });
  });

  it('keeps JSON that is not an object under value', () => {
    expect(parseRecord({ body: '[1,2]' })).toEqual({ value: [1, 2] });
    expect(parseRecord({ body: '"文本"' })).toEqual({ value: '文本' });
  });
});

describe(flattenRecord.name, () => {
  it('flattens nested objects with dots and keeps arrays and empty objects as values', () => {
    expect(flattenRecord({ id: 1, meta: { source: 'web', tags: ['a', 'b'], inner: { depth: 3 } }, empty: {} })).toEqual({
      id: 1,
      'meta.source': 'web',
      'meta.tags': ['a', 'b'],
      'meta.inner.depth': 3,
      empty: {},
    });
  });

  it('keeps the multimodal and object fields of data_format whole', () => {
    const record = { q: { image: 'a.png', text: 't' }, info: { a: 1 }, meta: { b: 2 } };
    expect(flatRecordOf(record, '{"q":"multimodal","info":"object"}')).toEqual({ q: { image: 'a.png', text: 't' }, info: { a: 1 }, 'meta.b': 2 });
  });
});

describe(imageUrl.name, () => {
  it('joins the cloud path and the value with one slash', () => {
    expect(imageUrl('https://cdn.example.com/set/', 'img/a.png')).toBe('https://cdn.example.com/set/img/a.png');
    expect(imageUrl('https://cdn.example.com/set', '/img/a.png')).toBe('/img/a.png');
    expect(imageUrl('https://cdn.example.com/set', './img/a.png')).toBe('https://cdn.example.com/set/img/a.png');
  });

  it('keeps absolute URLs and paths from the root, and a relative value without a cloud path', () => {
    expect(imageUrl('https://cdn.example.com', 'http://other.example/x.png')).toBe('http://other.example/x.png');
    expect(imageUrl('https://cdn.example.com', '/uploads/x.png')).toBe('/uploads/x.png');
    expect(imageUrl('', 'x.png')).toBe('x.png');
  });

  it('joins several comma-separated values back with commas', () => {
    expect(imageUrl('https://cdn.example.com', 'a.png, b.png,https://o.example/c.png')).toBe('https://cdn.example.com/a.png,https://cdn.example.com/b.png,https://o.example/c.png');
  });

  it('drops other schemes and non-strings', () => {
    expect(imageUrl('', 'javascript:alert(1)')).toBe('');
    expect(imageUrl('https://cdn.example.com', 'vbscript:msgbox(1)')).toBe('');
    expect(imageUrl('https://cdn.example.com', 42)).toBe('');
  });
});

describe(previewColumns.name, () => {
  it('puts id, question, answer, options and meta first, then the others as first seen, at most 5', () => {
    const records = [
      { extra: 1, answer: 'a', zeta: 2 },
      { question: 'q', id: 3, more: 4, meta: 'm' },
    ];
    expect(previewColumns(records)).toEqual(['id', 'question', 'answer', 'meta', 'extra']);
    expect(previewColumns(records, 10)).toEqual(['id', 'question', 'answer', 'meta', 'extra', 'zeta', 'more']);
    expect(previewColumns([])).toEqual([]);
  });
});

describe(fieldKindOf.name, () => {
  it('reads the kind from data_format and defaults to string', () => {
    const format = '{"q":"multimodal","opts":"array","info":"object","bad":"table"}';
    expect(fieldKindOf(format, 'q')).toBe('multimodal');
    expect(fieldKindOf(format, 'opts')).toBe('array');
    expect(fieldKindOf(format, 'info')).toBe('object');
    expect(fieldKindOf(format, 'bad')).toBe('string');
    expect(fieldKindOf(format, 'missing')).toBe('string');
    expect(fieldKindOf('not json', 'q')).toBe('string');
  });
});

describe(isImageField.name, () => {
  it('matches names of the comma-separated list exactly', () => {
    expect(isImageField('image, cover', 'cover')).toBe(true);
    expect(isImageField('image,cover', 'images')).toBe(false);
    expect(isImageField('', 'image')).toBe(false);
  });
});
