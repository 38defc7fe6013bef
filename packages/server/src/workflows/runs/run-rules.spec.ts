import { INPUT_NODE_DATA, LLM_NODE_DATA, MSG_WORKFLOW_NO_LLM, MSG_WORKFLOW_NO_SOURCE, PROMPT_NODE_DATA } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { choiceOf, scoreAnswer } from './answer-score';
import { datasetFields } from './dataset-fields';
import { ESTIMATE_COMPLETION_TOKENS, answerLength } from './run-estimate';
import { columnKeys, planRun, planWholeRun } from './run-plan';
import { datasetSample, fileSample, messagesFor } from './sample-prompt';

const llm = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, type: 'llm', position: { x: 0, y: 0 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name }, ...extra } });

describe('run plan', () => {
  it('makes one column per llm node with its parameters and the prompts upstream of it', () => {
    const graph = {
      nodes: [
        { id: 'input-1', type: 'input', position: { x: 0, y: 0 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: 7 }] } },
        { id: 'p', type: 'prompt', position: { x: 0, y: 0 }, data: { ...PROMPT_NODE_DATA, prompt_template: [{ id: 's', role: 'system', text: '你是老师' }, { id: 'u', role: 'user', text: '题目：{{#context#}}' }] } },
        llm('llm-1', 'gpt-4o', { model: { name: 'gpt-4o', completion_params: { temperature: 0.2, top_k: 5, max_tokens: 0 } } }),
        llm('llm-2', 'gpt-4o', { prompt_template: [{ id: 'x', role: 'user', text: '简短回答' }] }),
      ],
      edges: [
        { id: 'a', source: 'input-1', target: 'p' },
        { id: 'b', source: 'p', target: 'llm-1' },
        { id: 'c', source: 'input-1', target: 'llm-2' },
      ],
    };
    const planned = planRun(graph);
    expect(planned).toEqual({
      plan: {
        columns: [
          { node_id: 'llm-1', model: 'gpt-4o', variant: '', params: { temperature: 0.2 }, system: '你是老师', user: '题目：{{#context#}}' },
          { node_id: 'llm-2', model: 'gpt-4o', variant: '', params: { temperature: 0.7 }, system: '', user: '简短回答' },
        ],
        source: { kind: 'dataset', id: 7, field: 'question' },
      },
    });
    if ('plan' in planned) expect(columnKeys(planned.plan.columns)).toEqual(['gpt-4o（llm-1）', 'gpt-4o（llm-2）']);
    expect(planRun(graph, { text_file_id: 3, data_source_key: 'prompt' })).toMatchObject({ plan: { source: { kind: 'file', id: 3, field: 'prompt' } } });
  });

  it('makes one column per model of an llm node, and reads a node saved with model alone', () => {
    const saved = { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: 'old' } } as Record<string, unknown>;
    delete saved.models;
    const graph = { nodes: [llm('llm-1', 'a', { models: ['a', 'b', 'c'] }), { id: 'llm-2', type: 'llm', position: { x: 0, y: 0 }, data: saved }], edges: [] };
    const planned = planRun(graph);
    if (!('plan' in planned)) throw new Error(planned.problem);
    expect(planned.plan.columns.map((column) => [column.node_id, column.model])).toEqual([
      ['llm-1', 'a'],
      ['llm-1', 'b'],
      ['llm-1', 'c'],
      ['llm-2', 'old'],
    ]);
    expect(columnKeys(planned.plan.columns)).toEqual(['a', 'b', 'c', 'old']);
  });

  it('makes one column per prompt variant and model, each variant after the prompts upstream instead of the node\'s own template', () => {
    const graph = {
      nodes: [
        { id: 'p', type: 'prompt', position: { x: 0, y: 0 }, data: { ...PROMPT_NODE_DATA, prompt_template: [{ id: 's', role: 'system', text: '你是老师' }, { id: 'u', role: 'user', text: '' }] } },
        llm('llm-1', 'a', {
          models: ['a', 'b'],
          prompt_template: [{ id: 'own', role: 'user', text: '不会被使用' }],
          prompt_variants: [
            { name: '简洁', prompt_template: [{ id: 'm1', role: 'user', text: '简短回答：{{#context#}}' }] },
            { name: ' 分步 ', prompt_template: [{ id: 'm2', role: 'system', text: '逐步思考' }, { id: 'm3', role: 'user', text: '请解答' }] },
          ],
        }),
      ],
      edges: [{ id: 'e', source: 'p', target: 'llm-1' }],
    };
    const planned = planRun(graph);
    if (!('plan' in planned)) throw new Error(planned.problem);
    const { columns } = planned.plan;
    expect(columns.map((column) => [column.node_id, column.variant, column.model])).toEqual([
      ['llm-1', '简洁', 'a'],
      ['llm-1', '简洁', 'b'],
      ['llm-1', '分步', 'a'],
      ['llm-1', '分步', 'b'],
    ]);
    expect(columnKeys(columns)).toEqual(['a·简洁', 'b·简洁', 'a·分步', 'b·分步']);
    expect(columns.map((column) => messagesFor(column, '1+1?'))).toEqual([
      [{ role: 'system', content: '你是老师' }, { role: 'user', content: '简短回答：1+1?' }],
      [{ role: 'system', content: '你是老师' }, { role: 'user', content: '简短回答：1+1?' }],
      [{ role: 'system', content: '你是老师\n\n逐步思考' }, { role: 'user', content: '请解答\n\n1+1?' }],
      [{ role: 'system', content: '你是老师\n\n逐步思考' }, { role: 'user', content: '请解答\n\n1+1?' }],
    ]);
    expect(columns.every((column) => column.params.temperature === 0.7)).toBe(true);
  });

  it('asks a node with an empty variant list with its own template', () => {
    const planned = planRun({ nodes: [llm('llm-1', 'a', { prompt_template: [{ id: 'u', role: 'user', text: '自己的' }], prompt_variants: [] })], edges: [] });
    expect(planned).toEqual({ plan: { columns: [{ node_id: 'llm-1', model: 'a', variant: '', params: { temperature: 0.7 }, system: '', user: '自己的' }], source: undefined } });
  });

  it('adds the node id to a model and variant key only when another node repeats it', () => {
    const variants = (...names: string[]) => ({ prompt_variants: names.map((name) => ({ name, prompt_template: [] })) });
    const graph = { nodes: [llm('llm-1', 'a', variants('A', 'B')), llm('llm-2', 'a', variants('A')), llm('llm-3', 'b', variants('A'))], edges: [] };
    const planned = planRun(graph);
    if (!('plan' in planned)) throw new Error(planned.problem);
    expect(columnKeys(planned.plan.columns)).toEqual(['a·A（llm-1）', 'a·B', 'a·A（llm-2）', 'b·A']);
  });

  it('keys a column without a variant, as plans stored before variants have, by its model alone', () => {
    expect(columnKeys([{ model: 'a', node_id: '1' }, { model: 'a', node_id: '1', variant: 'A' }, { model: 'b', node_id: '2', variant: '' }])).toEqual(['a', 'a·A', 'b']);
  });

  it('names what is missing', () => {
    expect(planRun({ nodes: [], edges: [] })).toEqual({ problem: MSG_WORKFLOW_NO_LLM });
    expect(planRun({ nodes: [llm('llm-1', '')], edges: [] })).toEqual({ problem: '节点 llm-1：请选择模型' });
    expect(planWholeRun({ nodes: [llm('llm-1', 'm')], edges: [] }, {})).toEqual({ problem: MSG_WORKFLOW_NO_SOURCE });
    expect(columnKeys([{ model: 'a', node_id: '1' }, { model: 'b', node_id: '2' }])).toEqual(['a', 'b']);
  });
});

describe('samples and prompts', () => {
  it('shows a choice item with its options and takes its letter as the reference', () => {
    expect(datasetSample({ question: '1+1?', options: [{ key: 'A', value: 2 }, { key: 'B', value: 3 }], answer: 'A' }, 'question')).toEqual({ input: '1+1?\nA. 2\nB. 3', reference: 'A', choice: true });
    expect(datasetSample({ question: { nested: true }, answer: 42 }, 'question')).toEqual({ input: '{"nested":true}', reference: '42', choice: false });
    expect(fileSample({ q: '问', answer: ' C ' }, '')).toEqual({ input: '问', reference: 'C', choice: true });
    expect(fileSample({ q: '问', text: '正文' }, 'text')).toEqual({ input: '正文', reference: '', choice: false });
  });

  it('puts the sample where the prompt names it, after it otherwise, or alone', () => {
    expect(messagesFor({ system: '系统 {{input}}', user: '问：{{#context#}}，再问：{{ question }}' }, 'X')).toEqual([
      { role: 'system', content: '系统 X' },
      { role: 'user', content: '问：X，再问：X' },
    ]);
    expect(messagesFor({ system: '', user: '请回答' }, 'X')).toEqual([{ role: 'user', content: '请回答\n\nX' }]);
    expect(messagesFor({ system: ' ', user: '' }, '$& $1')).toEqual([{ role: 'user', content: '$& $1' }]);
    expect(messagesFor({ system: '', user: '{{input}}' }, '$&')).toEqual([{ role: 'user', content: '$&' }]);
  });
});

describe('dataset fields', () => {
  it('lists the keys of the records in order and suggests question, else the longest text but the answer', () => {
    expect(datasetFields([{ id: 1, question: '问', answer: '很长很长的答案' }, { id: 2, extra: 'x' }])).toEqual({ fields: ['id', 'question', 'answer', 'extra'], field: 'question' });
    const dialogue = { id: 1, scene: '物流', messages: [{ role: 'user', content: '到哪了？' }], answer: 'x'.repeat(500) };
    expect(datasetFields([dialogue])).toEqual({ fields: ['id', 'scene', 'messages', 'answer'], field: 'messages' });
    expect(datasetFields([{ answer: '只有答案' }])).toEqual({ fields: ['answer'], field: 'answer' });
    expect(datasetFields([])).toEqual({ fields: [], field: '' });
  });
});

describe('estimated answer length', () => {
  it('takes the recent mean within max_tokens, else max_tokens, else the default; the high end is twice it within max_tokens', () => {
    expect(answerLength({ params: { max_tokens: 4096 } }, 41.2)).toEqual({ expected: 42, high: 84, basis: 'history' });
    expect(answerLength({ params: { max_tokens: 60 } }, 41.2)).toEqual({ expected: 42, high: 60, basis: 'history' });
    expect(answerLength({ params: { max_tokens: 30 } }, 41.2)).toEqual({ expected: 30, high: 30, basis: 'history' });
    expect(answerLength({ params: { max_tokens: 300 } }, undefined)).toEqual({ expected: 300, high: 300, basis: 'max_tokens' });
    expect(answerLength({ params: {} }, undefined)).toEqual({ expected: ESTIMATE_COMPLETION_TOKENS, high: 2 * ESTIMATE_COMPLETION_TOKENS, basis: 'default' });
  });
});

describe('answer scores', () => {
  it('reads the letter a model chose', () => {
    expect(choiceOf('答案是 B，因为……')).toBe('B');
    expect(choiceOf('The answer is (c).')).toBe('C');
    expect(choiceOf('D. 27')).toBe('D');
    expect(choiceOf('我选Ａ')).toBe('A');
    expect(choiceOf('hello world')).toBe('');
  });

  it('scores choice, exact and contained answers, and nothing without a reference', () => {
    expect(scoreAnswer('答案：B', 'B', true)).toEqual({ score: 1, kind: 'choice' });
    expect(scoreAnswer('答案：A', 'B', true)).toEqual({ score: 0, kind: 'choice' });
    expect(scoreAnswer('  Paris. ', 'paris', false)).toEqual({ score: 1, kind: 'exact' });
    expect(scoreAnswer('法国的首都是巴黎。', '巴黎', false)).toEqual({ score: 1, kind: 'contains' });
    expect(scoreAnswer('伦敦', '巴黎', false)).toEqual({ score: 0, kind: 'contains' });
    expect(scoreAnswer('anything', '  ', false)).toBeNull();
  });
});
