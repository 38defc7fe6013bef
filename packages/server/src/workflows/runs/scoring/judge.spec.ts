import { WORKFLOW_JUDGE_RUBRIC_DEFAULT, type WorkflowScorer } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { judgeMessages, readVerdict } from './judge';

const judge = (extra: Partial<WorkflowScorer> = {}): WorkflowScorer => ({
  name: '评审',
  type: 'llm_judge',
  model: 'gpt-4o',
  rubric: WORKFLOW_JUDGE_RUBRIC_DEFAULT,
  output: 'boolean',
  only_if_passed: false,
  ...extra,
});
const numberJudge = (scale: '0-1' | '1-10', threshold = 0.5) => judge({ output: 'number', scale, threshold });
const categoryJudge = judge({ output: 'category', categories: ['正确', '部分正确', '错误'], pass_categories: ['正确', '部分正确'] });
const unreadable = { problem: '无法解析评审结果' };

describe(judgeMessages.name, () => {
  it('fills the rubric once, leaving placeholders inside the filled text as they are', () => {
    const sut = judgeMessages(judge({ rubric: '问：{{question}}\n参考：{{ reference }}\n答：{{answer}}' }), {
      question: '1+1?',
      reference: '2',
      answer: '是 {{reference}}，$& 不变',
    });
    expect(sut[1]).toEqual({ role: 'user', content: '问：1+1?\n参考：2\n答：是 {{reference}}，$& 不变' });
  });

  it('tells the judge the JSON to reply for each output', () => {
    const sample = { question: 'q', reference: 'r', answer: 'a' };
    const [boolean] = judgeMessages(judge(), sample);
    expect(boolean.role).toBe('system');
    expect(boolean.content).toContain('{"reason": "简短理由", "pass": true 或 false}');
    expect(judgeMessages(numberJudge('0-1'), sample)[0].content).toContain('"score"');
    expect(judgeMessages(numberJudge('0-1'), sample)[0].content).toContain('0 到 1');
    expect(judgeMessages(numberJudge('1-10'), sample)[0].content).toContain('1 到 10');
    expect(judgeMessages(categoryJudge, sample)[0].content).toContain('"category": "类别"}，category 必须是以下之一："正确"、"部分正确"、"错误"');
  });
});

describe(readVerdict.name, () => {
  it('reads a pass or fail from JSON, fenced or among prose', () => {
    expect(readVerdict(judge(), '{"reason": "对", "pass": true}')).toEqual({ value: 1, label: null, passed: true, reason: '对' });
    expect(readVerdict(judge(), '好的。\n```json\n{"reason": "答非所问 {不对}", "pass": false}\n```')).toEqual({ value: 0, label: null, passed: false, reason: '答非所问 {不对}' });
    expect(readVerdict(judge(), '{"reason": "ok", "pass": "PASS"}')).toMatchObject({ passed: true });
    expect(readVerdict(judge(), `{"reason": "${'长'.repeat(600)}", "pass": true}`)).toMatchObject({ reason: '长'.repeat(500) });
  });

  it('reads a pass or fail from words when there is no JSON', () => {
    expect(readVerdict(judge(), 'PASS')).toMatchObject({ value: 1, passed: true, reason: 'PASS' });
    expect(readVerdict(judge(), '**FAIL**: the answer is wrong')).toMatchObject({ value: 0, passed: false });
    expect(readVerdict(judge(), '不通过。回答与参考答案不符')).toMatchObject({ passed: false });
    expect(readVerdict(judge(), '通过')).toMatchObject({ passed: true });
    expect(readVerdict(judge(), '回答给出了正确的数值。\n\n结论：正确')).toMatchObject({ passed: true });
    expect(readVerdict(judge(), 'The answer looks fine.\nfalse')).toMatchObject({ passed: false });
    expect(readVerdict(judge(), 'Passable, I suppose')).toEqual(unreadable);
    expect(readVerdict(judge(), '很难说')).toEqual(unreadable);
  });

  it('normalises a score to 0–1 and passes it at the threshold', () => {
    expect(readVerdict(numberJudge('0-1'), '{"reason": "大体对", "score": 0.8}')).toEqual({ value: 0.8, label: null, passed: true, reason: '大体对' });
    expect(readVerdict(numberJudge('0-1', 0.9), '{"reason": "", "score": 0.8}')).toMatchObject({ passed: false });
    expect(readVerdict(numberJudge('1-10'), '```json\n{"reason": "好", "score": 10}\n```')).toMatchObject({ value: 1, passed: true });
    expect(readVerdict(numberJudge('1-10'), '{"reason": "差", "score": "1"}')).toMatchObject({ value: 0, passed: false });
    expect(readVerdict(numberJudge('1-10'), '{"score": 5.5}')).toMatchObject({ value: 0.5, passed: true, reason: '' });
  });

  it('reads a score from prose and refuses one outside the scale', () => {
    expect(readVerdict(numberJudge('1-10'), '评分：7/10，回答基本正确')).toMatchObject({ value: 6 / 9, passed: true });
    expect(readVerdict(numberJudge('0-1'), '{"reason": "好", "score": 8}')).toMatchObject({ problem: expect.stringContaining('无法解析评审结果') });
    expect(readVerdict(numberJudge('1-10'), '0')).toMatchObject({ problem: expect.stringContaining('无法解析评审结果') });
    expect(readVerdict(numberJudge('0-1'), '我无法评分')).toEqual(unreadable);
  });

  it('reads a category from JSON or a mention, ignoring case', () => {
    expect(readVerdict(categoryJudge, '{"reason": "漏了单位", "category": "部分正确"}')).toEqual({ value: 1, label: '部分正确', passed: true, reason: '漏了单位' });
    expect(readVerdict(categoryJudge, '{"reason": "", "category": " 错误 "}')).toEqual({ value: 0, label: '错误', passed: false, reason: '' });
    expect(readVerdict(categoryJudge, '{"reason": "", "category": "满分"}')).toEqual(unreadable);
    expect(readVerdict(categoryJudge, '错误')).toMatchObject({ label: '错误', passed: false });
    expect(readVerdict(categoryJudge, '我认为属于部分正确，因为缺少单位。')).toMatchObject({ label: '部分正确', passed: true });
    const english = judge({ output: 'category', categories: ['Good', 'Bad'], pass_categories: ['Good'] });
    expect(readVerdict(english, 'good')).toMatchObject({ label: 'Good', value: 1 });
    expect(readVerdict(english, 'Somewhere between good and bad')).toEqual(unreadable);
  });

  it('refuses a reply with no verdict in it', () => {
    expect(readVerdict(judge(), '')).toEqual(unreadable);
    expect(readVerdict(judge(), '{"reason": "我不确定"}')).toEqual(unreadable);
    expect(readVerdict(judge(), '{"reason": "x", "pass": "maybe"}')).toEqual(unreadable);
    expect(readVerdict(numberJudge('0-1'), '{"reason": "x", "score": "high"}')).toEqual(unreadable);
    expect(readVerdict(judge(), '{"pass": tru')).toEqual(unreadable);
  });
});
