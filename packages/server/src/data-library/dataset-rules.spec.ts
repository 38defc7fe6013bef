import { describe, expect, it } from 'vitest';
import { dataFormatProblem, dataTypeProblem, imageFieldProblem, normalizeDataFormat, normalizeDataTypes, normalizeImageFields, readmeProblem, storedKeyOf } from './dataset-rules';

describe('dataset rules', () => {
  it('keeps data types deduplicated and in DATA_TYPES order', () => {
    expect(dataTypeProblem(' 数学 , 问答,数学 ')).toBeUndefined();
    expect(normalizeDataTypes(' 数学 , 问答,数学 ')).toBe('问答,数学');
    expect(dataTypeProblem(',')).toBe('请选择数据类型');
    expect(dataTypeProblem('问答,文本')).toMatch(/^未知的数据类型：文本/);
  });

  it('reads data_format as a JSON object of known kinds', () => {
    expect(dataFormatProblem('{}')).toBeUndefined();
    expect(normalizeDataFormat('{ "a" : "array",\n "b": "multimodal" }')).toBe('{"a":"array","b":"multimodal"}');
    expect(dataFormatProblem('null')).toMatch(/^数据格式必须是 JSON 对象/);
    expect(dataFormatProblem('"text"')).toMatch(/^数据格式必须是 JSON 对象/);
    expect(dataFormatProblem('{"a":1}')).toMatch(/^数据格式中字段 a 的类型无效/);
    expect(dataFormatProblem(JSON.stringify({ ['x'.repeat(101)]: 'string' }))).toBe('数据格式：字段名不能超过 100 个字符');
  });

  it('takes any readme text that is no JSON object, and a JSON object only as a ReadmeDoc', () => {
    for (const text of ['', '纯文本说明', '[1, 2]', '42', '"引号"', '{不是 JSON']) expect(readmeProblem(text), text).toBeUndefined();
    expect(readmeProblem(JSON.stringify({ title: 't', fields: [{ name: 'a', description: 'b', subfields: [{ name: 'c', description: '', subfields: [] }] }] }))).toBeUndefined();
    expect(readmeProblem(JSON.stringify({ title: '', fields: [] }))).toBe('说明文档 JSON 缺少 title（标题）');
    expect(readmeProblem(JSON.stringify({ title: 't', fields: {} }))).toBe('说明文档的 fields 必须是数组');
    expect(readmeProblem(JSON.stringify({ title: 't', fields: ['a'] }))).toBe('说明文档的 fields[0] 必须是对象');
    expect(readmeProblem(JSON.stringify({ title: 't', fields: [{ name: 'a', description: 'b', subfields: 'c' }] }))).toBe('说明文档的 fields[0].subfields 必须是数组');
  });

  it('lists image fields without blanks or repeats', () => {
    expect(imageFieldProblem('')).toBeUndefined();
    expect(normalizeImageFields(' image, question.image ,image,, ')).toBe('image,question.image');
  });

  it('knows a stored URL only under the storage prefix, with a key of safe characters', () => {
    expect(storedKeyOf('/uploads/covers/ab.png', '/uploads/')).toBe('covers/ab.png');
    expect(storedKeyOf('https://cdn.example/b/covers/ab.png', 'https://cdn.example/b/')).toBe('covers/ab.png');
    for (const url of ['javascript:alert(1)', '/uploads/', '/uploads/../x.png', '/uploads/a/./b.png', '/uploads/.upload-1', '/uploads/a b.png', '/uploads/a//b.png', 'https://cdn.example.evil/b/x.png']) {
      expect(storedKeyOf(url, url.startsWith('https') ? 'https://cdn.example/b/' : '/uploads/'), url).toBeUndefined();
    }
  });
});
