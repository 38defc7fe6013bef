import { describe, expect, it } from 'vitest';
import { spreadsheetCell, spreadsheetRow } from './spreadsheet-cell';

describe(spreadsheetCell.name, () => {
  it('puts an apostrophe before text a spreadsheet would read as a formula', () => {
    for (const text of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1', "=HYPERLINK(\"http://evil.example\",\"x\")"]) {
      expect(spreadsheetCell(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text, numbers and empty values as they are', () => {
    for (const value of ['gpt-4o', 'a=b', ' =1', '', '合计', -5, 0, 1.5, null, undefined, true]) {
      expect(spreadsheetCell(value)).toBe(value);
    }
  });
});

describe(spreadsheetRow.name, () => {
  it('treats every value of a row, keeping its keys', () => {
    expect(spreadsheetRow({ username: '=cmd', quota: -7, model_name: 'gpt-4o', token_name: '@x' })).toEqual({ username: "'=cmd", quota: -7, model_name: 'gpt-4o', token_name: "'@x" });
  });
});
