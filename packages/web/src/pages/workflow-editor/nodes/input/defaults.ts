import { INPUT_NODE_DATA, WORKFLOW_SAMPLE_FIELD_DEFAULT, type WorkflowVariable } from '@gw/shared';
import type { NodeDefaults } from '../node-definition';

/** The input node: its first variable names the source, a data-market dataset or a file of the library. */
export const DATASET_VARIABLE_TYPE = 'data-market-sample';
export const FILE_VARIABLE_TYPE = 'text_file';

export type InputSource = { kind: 'dataset' | 'file'; id: number; field: string };

/** The source the first variable names (id 0 when none is chosen). */
export function inputSourceOf(data: Record<string, unknown>): InputSource {
  const variable = (Array.isArray(data.variables) ? data.variables[0] : undefined) as WorkflowVariable | undefined;
  return {
    kind: variable?.type === FILE_VARIABLE_TYPE ? 'file' : 'dataset',
    id: Number(variable?.default) || 0,
    field: variable?.options?.[0]?.value ?? WORKFLOW_SAMPLE_FIELD_DEFAULT,
  };
}

/** The variables that name a source: the data_market_id variable for a dataset, text_file_id for a file. */
export function sourceVariables({ kind, id, field }: InputSource): WorkflowVariable[] {
  const name = kind === 'file' ? 'text_file_id' : 'data_market_id';
  return [
    {
      variable: name,
      label: name,
      type: kind === 'file' ? FILE_VARIABLE_TYPE : DATASET_VARIABLE_TYPE,
      max_length: 48,
      required: true,
      default: id,
      options: [{ label: 'data_source_key', value: field }],
    },
  ];
}

export const inputDefaults: NodeDefaults = {
  type: 'input',
  label: '输入',
  createData: () => structuredClone(INPUT_NODE_DATA),
  check: (data) => {
    const source = inputSourceOf(data);
    if (source.id <= 0) return source.kind === 'file' ? '请选择文件' : '请选择数据集';
    return source.field.trim() === '' ? '请选择样本字段' : undefined;
  },
  hasSource: true,
  hasTarget: true,
};
