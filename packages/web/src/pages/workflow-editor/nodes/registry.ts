import type { NodeTypes } from '@xyflow/react';
import type { WorkflowNodeType } from '@gw/shared';
import { AnswerNode } from './answer/node';
import { AnswerPanel } from './answer/panel';
import { NODE_DEFAULTS } from './defaults-registry';
import { InputNode } from './input/node';
import { InputPanel } from './input/panel';
import { LlmNode } from './llm/node';
import { LlmPanel } from './llm/panel';
import type { NodeDefinition } from './node-definition';
import { PromptNode } from './prompt/node';
import { PromptPanel } from './prompt/panel';
import { StartNode } from './start/node';
import { StartPanel } from './start/panel';

/** The one registry of node types (spec 3 §3): each type's look, panel and defaults. */
export const NODE_REGISTRY: Record<WorkflowNodeType, NodeDefinition> = {
  start: { ...NODE_DEFAULTS.start, node: StartNode, panel: StartPanel },
  input: { ...NODE_DEFAULTS.input, node: InputNode, panel: InputPanel },
  llm: { ...NODE_DEFAULTS.llm, node: LlmNode, panel: LlmPanel },
  prompt: { ...NODE_DEFAULTS.prompt, node: PromptNode, panel: PromptPanel },
  answer: { ...NODE_DEFAULTS.answer, node: AnswerNode, panel: AnswerPanel },
};

/** Defined once at module level: React Flow warns (and remounts nodes) when nodeTypes changes. */
export const NODE_TYPES: NodeTypes = Object.fromEntries(Object.entries(NODE_REGISTRY).map(([type, definition]) => [type, definition.node]));
