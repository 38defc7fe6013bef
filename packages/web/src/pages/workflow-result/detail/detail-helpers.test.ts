import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from '../chart-colors';
import { makeSummaryRow } from '../test-runs';
import { accuracyText, summaryCharts } from './chart-options';
import { parseQuestion } from './question';

describe('parseQuestion', () => {
  it('separates the system prompt from the user message, reading text parts of multimodal content', () => {
    const question = JSON.stringify({
      messages: [
        { role: 'system', content: '只回答选项字母' },
        { role: 'user', content: [{ type: 'text', text: '哪个是质数？' }, { type: 'image_url', image_url: { url: 'x.png' } }, { type: 'text', text: 'A.4 B.5' }] },
      ],
    });
    expect(parseQuestion(question)).toEqual({ system: '只回答选项字母', user: '哪个是质数？\nA.4 B.5' });
  });

  it('shows text that is not the expected JSON as it is', () => {
    expect(parseQuestion('plain question')).toEqual({ system: '', user: 'plain question' });
    expect(parseQuestion('{"q":1}')).toEqual({ system: '', user: '{"q":1}' });
  });
});

describe('summaryCharts', () => {
  const rows = [makeSummaryRow({ model_id: 'a', accuracy: 0.5 }), makeSummaryRow({ model_id: 'b', accuracy: null })];

  it('colours each model from the palette, and charts accuracy only when something was scored', () => {
    const charts = summaryCharts(rows);
    expect(charts.map((chart) => chart.key)).toEqual(['cost', 'time', 'tokens', 'accuracy']);
    const cost = charts[0].option as { series: Array<{ data: Array<{ itemStyle: { color: string } }> }> };
    expect(cost.series[0].data.map((bar) => bar.itemStyle.color)).toEqual([CHART_COLORS[0], CHART_COLORS[1]]);
    expect(summaryCharts(rows.map((row) => ({ ...row, accuracy: null }))).map((chart) => chart.key)).toEqual(['cost', 'time', 'tokens']);
  });

  it('shows accuracy as a percentage, or a dash', () => {
    expect(accuracyText(0.857)).toBe('85.7%');
    expect(accuracyText(null)).toBe('—');
  });
});
