import { describe, expect, it } from 'vitest';
import { handedRun, parseRunId, progressText, runDetailPath } from './run-view';
import { makeRun } from './test-runs';

describe('parseRunId', () => {
  it.each([
    ['7', 7],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['99999999999999999999', null],
    [undefined, null],
  ])('reads %s as %s', (text, id) => {
    expect(parseRunId(text)).toBe(id);
  });
});

describe('handedRun', () => {
  const run = makeRun({ id: 7 });

  it('takes the router state first, then the record parameter the list encoded', () => {
    const other = makeRun({ id: 7, app_title: '参数里的' });
    expect(handedRun(7, { run }, JSON.stringify(other))).toEqual(run);
    const encoded = new URL(runDetailPath(other), 'http://localhost').searchParams.get('record');
    expect(handedRun(7, null, encoded)).toEqual(other);
  });

  it('ignores another run’s record and text that is not a run', () => {
    expect(handedRun(8, { run }, JSON.stringify(run))).toBeNull();
    expect(handedRun(7, null, '{not json')).toBeNull();
    expect(handedRun(7, null, JSON.stringify({ id: 7 }))).toBeNull();
    expect(handedRun(7, null, null)).toBeNull();
  });
});

describe('progressText', () => {
  it('names the failures only when there are some', () => {
    expect(progressText(8, 10, 0)).toBe('8/10');
    expect(progressText(8, 10, 2)).toBe('8/10（失败 2）');
  });
});
