import { useEffect, useState } from 'react';
import { Radio, Select, Typography } from '@arco-design/web-react';
import type { NodePanelProps } from '../node-definition';
import { inputSourceOf, sourceVariables, type InputSource } from './defaults';
import { useDatasetFields } from './use-dataset-fields';
import { useSourceName } from './use-source-name';
import { useSourceOptions } from './use-source-options';

/** Where the samples come from: a data-market dataset or a library file, and the field of each sample asked. */
export function InputPanel({ node, onChange }: NodePanelProps) {
  const source = inputSourceOf(node.data);
  const [search, setSearch] = useState('');
  const { options, state } = useSourceOptions(source.kind, search);
  const chosen = options.find((option) => option.id === source.id);
  const chosenName = useSourceName(source);
  const datasetFields = useDatasetFields(source.kind === 'dataset' ? source.id : 0);

  const handleSource = (next: InputSource) => onChange({ variables: sourceVariables(next) });
  const handleKind = (kind: InputSource['kind']) => {
    setSearch('');
    handleSource({ kind, id: 0, field: '' });
  };
  const handlePick = (picked: number) => {
    // A dataset's field is chosen once its fields are known (below); a file's columns come with the list.
    const fields = source.kind === 'file' ? (options.find((option) => option.id === picked)?.fields ?? []) : [];
    handleSource({ ...source, id: picked, field: source.kind === 'file' ? (fields.includes(source.field) ? source.field : (fields[0] ?? '')) : '' });
  };

  // A dataset that names no field yet (just picked) asks the one its samples suggest.
  const { kind, id, field } = source;
  const suggested = datasetFields.state === 'ready' ? datasetFields.field : '';
  useEffect(() => {
    if (kind === 'dataset' && id > 0 && field === '' && suggested !== '') onChange({ variables: sourceVariables({ kind, id, field: suggested }) });
  }, [kind, id, field, suggested, onChange]);

  const fields = source.kind === 'file' ? (chosen?.fields ?? []) : datasetFields.state === 'ready' ? datasetFields.fields : [];
  // A field the samples do not have would be sent as an empty prompt: shown, and said so.
  const missing = source.field !== '' && (source.kind === 'file' ? chosen !== undefined : datasetFields.state === 'ready') && !fields.includes(source.field);

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
          ...(source.id > 0 && !chosen ? [{ label: chosenName, value: source.id }] : []),
        ]}
      />
      <Typography.Text bold>样本字段</Typography.Text>
      <Select
        aria-label="样本字段"
        placeholder={source.kind === 'file' ? '选择文件的列' : '选择样本的字段'}
        value={source.field || undefined}
        loading={datasetFields.state === 'loading'}
        notFoundContent={datasetFields.state === 'failed' ? '加载失败，请稍后重试' : '没有可选的字段'}
        options={[...fields, ...(fields.includes(source.field) || source.field === '' ? [] : [source.field])].map((field) => ({ label: field, value: field }))}
        onChange={(field: string) => handleSource({ ...source, field })}
      />
      {missing ? (
        <Typography.Text type="error">
          {source.kind === 'file' ? '文件' : '数据集'}的样本没有字段「{source.field}」，运行会发送空的提示词，请重新选择
        </Typography.Text>
      ) : null}
      <Typography.Paragraph type="secondary">每个样本的这个字段作为问题发给大模型节点。</Typography.Paragraph>
    </>
  );
}
