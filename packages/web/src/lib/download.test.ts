import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe(fileNameFromDisposition.name, () => {
  it('prefers the encoded name, then the plain one, then the fallback', () => {
    expect(fileNameFromDisposition(`attachment; filename="run.xlsx"; filename*=UTF-8''${encodeURIComponent('题库评测.xlsx')}`, 'x.xlsx')).toBe('题库评测.xlsx');
    expect(fileNameFromDisposition('attachment; filename="run-7.json"', 'x.json')).toBe('run-7.json');
    expect(fileNameFromDisposition('attachment; filename=run-7.jsonl', 'x.jsonl')).toBe('run-7.jsonl');
    expect(fileNameFromDisposition(null, 'workflow-run-7.xlsx')).toBe('workflow-run-7.xlsx');
    expect(fileNameFromDisposition('attachment', 'workflow-run-7.jsonl')).toBe('workflow-run-7.jsonl');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
