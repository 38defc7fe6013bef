import { ANSWER_NODE_DATA } from '@gw/shared';
import type { NodeDefaults } from '../node-definition';

/** The answer node: shows the llm output(s); its reference is rewritten on save (graph/rewire.ts). */
export const answerDefaults: NodeDefaults = {
  type: 'answer',
  label: '回答',
  createData: () => structuredClone(ANSWER_NODE_DATA),
  check: () => undefined,
  hasSource: false,
  hasTarget: true,
};
