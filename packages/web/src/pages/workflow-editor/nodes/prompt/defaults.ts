import { PROMPT_NODE_DATA } from '@gw/shared';
import type { NodeDefaults } from '../node-definition';

/** The prompt node: system and user texts sent with every sample (`{{#context#}}` / `{{input}}` mark where the sample goes). */
export type PromptTemplate = Array<{ id: string; role: string; type: string; text: string }>;

export const promptTextOf = (data: Record<string, unknown>, role: 'system' | 'user'): string =>
  ((data.prompt_template as PromptTemplate | undefined) ?? []).find((message) => message.role === role)?.text ?? '';

/** The template with one role's text replaced (the other kept, the order system then user). */
export function withPromptText(data: Record<string, unknown>, role: 'system' | 'user', text: string): PromptTemplate {
  const current = (data.prompt_template as PromptTemplate | undefined) ?? structuredClone(PROMPT_NODE_DATA.prompt_template);
  const roles: Array<'system' | 'user'> = ['system', 'user'];
  return roles.map((name) => {
    const found = current.find((message) => message.role === name) ?? { id: name, role: name, type: 'text', text: '' };
    return name === role ? { ...found, text } : found;
  });
}

export const promptDefaults: NodeDefaults = {
  type: 'prompt',
  label: '提示词',
  createData: () => structuredClone(PROMPT_NODE_DATA),
  check: () => undefined,
  hasSource: true,
  hasTarget: true,
};
