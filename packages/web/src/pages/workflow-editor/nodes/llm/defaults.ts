import { LLM_NODE_DATA, llmModelsOf } from '@gw/shared';
import type { NodeDefaults } from '../node-definition';

/** The llm node: one column of a run per model it names; its models are what the server checks. */
export interface LlmModel {
  provider: string;
  name: string;
  mode: string;
  completion_params: { temperature: number; top_k: number } & Record<string, unknown>;
}

export type PromptMessage = { id: string; role: string; text: string };

export const modelOf = (data: Record<string, unknown>): LlmModel => (data.model as LlmModel | undefined) ?? structuredClone(LLM_NODE_DATA.model);
export const promptTemplateOf = (data: Record<string, unknown>): PromptMessage[] =>
  Array.isArray(data.prompt_template) ? (data.prompt_template as PromptMessage[]) : [];

export const llmDefaults: NodeDefaults = {
  type: 'llm',
  label: '大模型',
  createData: () => structuredClone(LLM_NODE_DATA),
  check: (data) => (llmModelsOf(data).length === 0 ? '请选择模型' : undefined),
  hasSource: true,
  hasTarget: true,
};
