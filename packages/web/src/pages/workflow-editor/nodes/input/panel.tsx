import { useState } from 'react';
import { Input, Radio, Select, Typography } from '@arco-design/web-react';
import type { NodePanelProps } from '../node-definition';
import { DEFAULT_SAMPLE_FIELD, inputSourceOf, sourceVariables, type InputSource } from './defaults';
import { useSourceOptions } from './use-source-options';

/** Where the samples come from: a data-market dataset and the sample field asked, or a library file and its column. */
export function InputPanel({ node, onChange }: NodePanelProps) {
  const source = inputSourceOf(node.data);
  const [search, setSearch] = useState('');
  const { options, state } = useSourceOptions(source.kind, search);
  const chosen = options.find((option) => option.id === source.id);

  const handleSource = (next: InputSource) => onChange({ variables: sourceVariables(next) });
  const handleKind = (kind: InputSource['kind']) => {
    setSearch('');
    handleSource({ kind, id: 0, field: kind === 'file' ? '' : DEFAULT_SAMPLE_FIELD });
  };
  const handlePick = (id: number) => {
    const fields = options.find((option) => option.id === id)?.fields ?? [];
    handleSource({ ...source, id, field: source.kind === 'file' ? (fields.includes(source.field) ? source.field : (fields[0] ?? '')) : source.field });
  };

  return (
    <>
      <Typography.Text bold>数据来源</Typography.Text>
      <Radio.Group type="button" value={source.kind} onChange={handleKind} aria-label="数据来源">
        <Radio value="dataset">数据市场</Radio>
        <Radio value="file">文件库</Radio>
      </Radio.Group>
      <Typography.Text bold>{source.kind === 'file' ? '文件' : '数据集'}</Typography.Text>
      <Select
        aria-label={source.kind === 'file' ? '选择文件' : '选择数据集'}
        placeholder={source.kind === 'file' ? '选择文件库中的文件' : '选择数据集'}
        value={source.id > 0 ? source.id : undefined}
        showSearch
        filterOption={false}
        onSearch={setSearch}
        loading={state === 'loading'}
        onChange={handlePick}
        notFoundContent={state === 'failed' ? '加载失败，请稍后重试' : '没有可选项'}
        options={[
          ...options.map((option) => ({ label: option.name, value: option.id })),
          // The chosen one stays readable when the search hides it or the list has not loaded.
          ...(source.id > 0 && !chosen ? [{ label: `#${source.id}`, value: source.id }] : []),
        ]}
      />
      <Typography.Text bold>样本字段</Typography.Text>
      {source.kind === 'file' ? (
        <Select
          aria-label="样本字段"
          placeholder="选择文件的列"
          value={source.field || undefined}
          options={(chosen?.fields ?? (source.field ? [source.field] : [])).map((field) => ({ label: field, value: field }))}
          onChange={(field: string) => handleSource({ ...source, field })}
        />
      ) : (
        <Input aria-label="样本字段" value={source.field} placeholder={DEFAULT_SAMPLE_FIELD} onChange={(field) => handleSource({ ...source, field: field.trim() })} />
      )}
      <Typography.Paragraph type="secondary">每个样本的这个字段作为问题发给大模型节点。</Typography.Paragraph>
    </>
  );
}
