import { describe, expect, it } from 'vitest';
import { checkDataFormat, checkDescription, checkName, checkReadme, formFromDataset, inputFromForm } from './dataset-form';
import { makeDataset } from './test-market';

describe('dataset form rules', () => {
  it('needs a name and a description, within their lengths', () => {
    expect(checkName('  ')).toBe('请输入数据集名称');
    expect(checkName('a'.repeat(101))).toBe('数据集名称不能超过 100 个字符');
    expect(checkName('医疗问答')).toBeUndefined();
    expect(checkDescription('')).toBe('请输入数据集描述');
    expect(checkDescription('a'.repeat(2001))).toBe('数据集描述不能超过 2000 个字符');
    expect(checkDescription('说明')).toBeUndefined();
  });

  it('needs data_format as a JSON object of field kinds', () => {
    expect(checkDataFormat('')).toBe('请输入数据格式');
    expect(checkDataFormat('{"a":')).toBe('数据格式不是合法的 JSON');
    expect(checkDataFormat('["question"]')).toMatch(/^数据格式必须是 JSON 对象/);
    expect(checkDataFormat('{"question":"text"}')).toBe('字段 question 的类型必须是 multimodal、array、object、string 之一');
    expect(checkDataFormat('{"question":"string","options":"array","image":"multimodal","meta":"object"}')).toBeUndefined();
    expect(checkDataFormat('{}')).toBeUndefined();
  });

  it('takes a plain-text readme as it is', () => {
    expect(checkReadme('')).toBeUndefined();
    expect(checkReadme('每行一题，答案在 answer 字段')).toBeUndefined();
    expect(checkReadme('{不是 JSON')).toBeUndefined();
    expect(checkReadme('42')).toBeUndefined();
    expect(checkReadme('a'.repeat(20001))).toBe('说明文档不能超过 20000 个字符');
  });

  it('needs a JSON readme to have a title and fields with name and description, subfields alike', () => {
    expect(checkReadme('{"fields":[]}')).toBe('说明文档为 JSON 时必须包含 title');
    expect(checkReadme('[1,2]')).toBe('说明文档为 JSON 时必须包含 title');
    expect(checkReadme('{"title":"说明"}')).toBe('说明文档为 JSON 时必须包含 fields');
    expect(checkReadme('{"title":"说明","fields":{}}')).toBe('说明文档的 fields 必须是数组');
    expect(checkReadme('{"title":"说明","fields":[{"name":"q"}]}')).toBe('说明文档的 fields 第 1 项必须有 name 和 description');
    expect(checkReadme('{"title":"说明","fields":[{"name":"q","description":"题目","subfields":[{"name":"","description":"x"}]}]}')).toBe(
      '说明文档的 fields 第 1 项的 subfields 第 1 项必须有 name 和 description',
    );
    expect(checkReadme('{"title":"说明","fields":[{"name":"q","description":"题目","subfields":[{"name":"k","description":"标号"}]}]}')).toBeUndefined();
  });

  it('fills the form from a dataset and sends it back trimmed, types in order, without the server-kept fields', () => {
    const values = formFromDataset(makeDataset({ name: ' 集 ', data_type: '代码,问答', image_field: 'a, b', description: ' 描述 ' }));
    expect(values.types).toEqual(['问答', '代码']);
    const input = inputFromForm(values);
    expect(input).toMatchObject({ name: '集', data_type: '问答,代码', image_field: 'a,b', description: '描述' });
    expect(Object.keys(input).sort()).toEqual(['data_format', 'data_type', 'description', 'factory', 'image_field', 'name', 'readme', 'tag']);
  });
});
