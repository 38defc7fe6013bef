import type { WorkflowNodeType } from '@gw/shared';
import { answerDefaults } from './answer/defaults';
import { inputDefaults } from './input/defaults';
import { llmDefaults } from './llm/defaults';
import type { NodeDefaults } from './node-definition';
import { promptDefaults } from './prompt/defaults';
import { startDefaults } from './start/defaults';

/** Each node type's defaults, without its components (the store and the pure graph code need only these). */
export const NODE_DEFAULTS: Record<WorkflowNodeType, NodeDefaults> = {
  start: startDefaults,
  input: inputDefaults,
  llm: llmDefaults,
  prompt: promptDefaults,
  answer: answerDefaults,
};
