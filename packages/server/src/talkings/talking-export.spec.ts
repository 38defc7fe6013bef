import type { ChatMessageView, ConversationView, TalkingView } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { buildTalkingExport, exportDisposition, talkingExportFile, talkingMarkdown } from './talking-export';

const talking: TalkingView = { id: 7, name: '模型对比', summary: '', mode: 'chat', category: '', revealed: false, created_at: 1, updated_at: 2 };
const column = (id: number, model_name: string): ConversationView => ({ id, talking_id: 7, model_name, arena_label: '', dialogue_count: 0, created_at: 1, updated_at: 1 });
const row = (id: number, conversation_id: number, fields: Partial<ChatMessageView> = {}): ChatMessageView => ({
  id,
  conversation_id,
  model_name: '',
  query: 'q',
  message: 'q',
  answer: `answer ${id}`,
  thinking: '',
  last_id: null,
  last_edit_id: null,
  round_id: id,
  query_id: id,
  stop_index: null,
  status: 'done',
  error: '',
  quota: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  first_token_ms: 0,
  duration_ms: 0,
  created_at: 1,
  updated_at: 1,
  ...fields,
});

describe(buildTalkingExport.name, () => {
  const columns = [column(1, 'gpt-4o'), column(2, 'claude-3-5-sonnet')];
  // Turn 1: rows 10 (gpt) and 11 (claude), gpt regenerated as 14; turn 2: 12 (gpt), 13 (claude), claude's query edited as 15.
  const messages = [
    row(10, 1, { query: '你好' }),
    row(11, 2, { query: '你好', thinking: '想一想\n再想' }),
    row(12, 1, { query: '再见' }),
    row(13, 2, { query: '再见' }),
    row(14, 1, { query: '你好', round_id: 10, query_id: 10, last_id: 10, status: 'stopped', quota: 5, first_token_ms: 30, duration_ms: 900 }),
    row(15, 2, { query: '再见！', round_id: 13, query_id: 15, last_edit_id: 13 }),
  ];

  it('lines the columns up by turn and keeps every variant of every model', () => {
    const data = buildTalkingExport(talking, columns, messages);
    expect(data.rounds).toEqual([
      {
        round_id: 10,
        query: '你好',
        answers: {
          'gpt-4o': [
            { query: '你好', answer: 'answer 10', thinking: '', status: 'done', quota: 0, first_token_ms: 0, duration_ms: 0 },
            { query: '你好', answer: 'answer 14', thinking: '', status: 'stopped', quota: 5, first_token_ms: 30, duration_ms: 900 },
          ],
          'claude-3-5-sonnet': [{ query: '你好', answer: 'answer 11', thinking: '想一想\n再想', status: 'done', quota: 0, first_token_ms: 0, duration_ms: 0 }],
        },
      },
      {
        round_id: 12,
        query: '再见',
        answers: {
          'gpt-4o': [expect.objectContaining({ answer: 'answer 12' })],
          'claude-3-5-sonnet': [expect.objectContaining({ query: '再见', answer: 'answer 13' }), expect.objectContaining({ query: '再见！', answer: 'answer 15' })],
        },
      },
    ]);
    expect(data.talking).toBe(talking);
    expect(data.conversations).toBe(columns);
  });

  it('takes the turn’s query from the earliest first row when a column joined with a later round id first', () => {
    const data = buildTalkingExport(talking, [column(2, 'b'), column(1, 'a')], [row(5, 1, { query: '早' }), row(9, 2, { query: '晚' })]);
    expect(data.rounds).toHaveLength(1);
    expect(data.rounds[0]).toMatchObject({ round_id: 5, query: '早' });
    expect(Object.keys(data.rounds[0].answers)).toEqual(['b', 'a']);
  });

  it('writes Markdown with a section per turn and every answer, its thinking quoted and edits shown', () => {
    const markdown = talkingMarkdown(buildTalkingExport(talking, columns, messages));
    expect(markdown).toBe(
      [
        '# 模型对比',
        '',
        '模型：gpt-4o、claude-3-5-sonnet',
        '',
        '## 第 1 轮',
        '',
        '**用户：**',
        '',
        '你好',
        '',
        '### gpt-4o',
        '',
        '#### 回答 1/2（已完成，首字 0 ms，用时 0 ms，额度 0）',
        '',
        'answer 10',
        '',
        '#### 回答 2/2（已停止，首字 30 ms，用时 900 ms，额度 5）',
        '',
        'answer 14',
        '',
        '### claude-3-5-sonnet',
        '',
        '#### 回答 1/1（已完成，首字 0 ms，用时 0 ms，额度 0）',
        '',
        '**思考过程：**',
        '',
        '> 想一想',
        '> 再想',
        '',
        'answer 11',
        '',
        '## 第 2 轮',
        '',
        '**用户：**',
        '',
        '再见',
        '',
        '### gpt-4o',
        '',
        '#### 回答 1/1（已完成，首字 0 ms，用时 0 ms，额度 0）',
        '',
        'answer 12',
        '',
        '### claude-3-5-sonnet',
        '',
        '#### 回答 1/2（已完成，首字 0 ms，用时 0 ms，额度 0）',
        '',
        'answer 13',
        '',
        '#### 回答 2/2（已完成，首字 0 ms，用时 0 ms，额度 0）',
        '',
        '**编辑后的问题：**',
        '',
        '再见！',
        '',
        'answer 15',
        '',
      ].join('\n'),
    );
  });

  it('writes an empty talking and an empty answer plainly', () => {
    expect(talkingMarkdown(buildTalkingExport({ ...talking, summary: '说明' }, [], []))).toBe('# 模型对比\n\n说明\n\n模型：无\n');
    expect(talkingMarkdown(buildTalkingExport(talking, [column(1, 'a')], [row(1, 1, { answer: '', status: 'error' })]))).toContain('（无回答）');
  });
});

describe(exportDisposition.name, () => {
  it('gives an ASCII fallback and the UTF-8 name without path or quote characters', () => {
    expect(exportDisposition({ ...talking, name: '../a"b\\c:d*(e)\'f' }, 'json')).toBe(
      `attachment; filename="talking-7.json"; filename*=UTF-8''.._a_b_c_d_%28e%29%27f.json`,
    );
    expect(exportDisposition({ ...talking, name: '模型对比' }, 'markdown')).toBe(`attachment; filename="talking-7.md"; filename*=UTF-8''${encodeURIComponent('模型对比')}.md`);
    expect(exportDisposition({ ...talking, name: '\u0001 ' }, 'json')).toContain(`filename*=UTF-8''_.json`);
  });
});

describe(talkingExportFile.name, () => {
  it('gives JSON and Markdown their content types', () => {
    const data = buildTalkingExport(talking, [], []);
    expect(talkingExportFile(data, 'json')).toEqual({ body: `${JSON.stringify(data, null, 2)}\n`, contentType: 'application/json; charset=utf-8' });
    expect(talkingExportFile(data, 'markdown').contentType).toBe('text/markdown; charset=utf-8');
  });
});
