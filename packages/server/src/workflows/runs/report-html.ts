/**
 * The pieces of a self-contained HTML report (issue 30): one file that opens anywhere and asks
 * nothing of the network — inline CSS, charts as inline SVG drawn here, no script, no font, image or
 * link by address, and a Content-Security-Policy that would block any of them. Every text that
 * reaches it (project titles, model, scorer and dataset names, sample text) goes through escapeHtml.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML (element content and quoted attribute values alike). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char]);

/** Text cut to `max` characters with an ellipsis. */
export const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Colours of the charts and the deltas (Arco's blue, green, orange and red). */
export const REPORT_COLORS = { primary: '#165dff', secondary: '#ff7d00', better: '#00b42a', worse: '#f53f3f' } as const;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1d2129;background:#f7f8fa;line-height:1.5}
main{max-width:1080px;margin:0 auto}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:17px;margin:28px 0 10px}
h3{font-size:14px;margin:16px 0 6px;color:#4e5969}
section>h1:first-child,section>h2:first-child{margin-top:0}
section{background:#fff;border-radius:8px;padding:16px 20px;margin-bottom:16px}
dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px 24px;margin:12px 0 0}
dt{color:#86909c;font-size:12px}
dd{margin:0;word-break:break-all}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid #e5e6eb;padding:6px 8px;text-align:left;vertical-align:top}
th{background:#f2f3f5;font-weight:600;white-space:nowrap}
td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.better{color:${REPORT_COLORS.better};font-weight:600}
.worse{color:${REPORT_COLORS.worse};font-weight:600}
.muted{color:#86909c}
.note{background:#fff7e8;border:1px solid #ffcf8b;border-radius:4px;padding:8px 12px;margin:8px 0}
.chart{margin:8px 0 16px}
.chart svg{max-width:100%;height:auto}
footer{color:#86909c;font-size:12px;text-align:center;margin-top:24px}
@media (max-width:600px){body{padding:8px}section{padding:12px}}
`;

/** The whole document: `body` is HTML built from escaped parts. */
export function reportDocument(title: string, body: string, generatedAt: string): string {
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
<footer>生成于 ${escapeHtml(generatedAt)}</footer>
</main>
</body>
</html>
`;
}

/** A cell of htmlTable: text (escaped here) or prepared HTML, with an optional class. */
export type HtmlCell = string | number | { html: string; className?: string } | { text: string; className?: string };

/** A whole number with thousands separators; other numbers as they are. */
const numberHtml = (value: number): string => (Number.isInteger(value) ? value.toLocaleString('en-US') : String(value));

function cellHtml(cell: HtmlCell, tag: 'td' | 'th'): string {
  if (typeof cell === 'number') return `<${tag} class="num">${numberHtml(cell)}</${tag}>`;
  if (typeof cell === 'string') return `<${tag}>${escapeHtml(cell)}</${tag}>`;
  const content = 'html' in cell ? cell.html : escapeHtml(cell.text);
  return `<${tag}${cell.className ? ` class="${escapeHtml(cell.className)}"` : ''}>${content}</${tag}>`;
}

export function htmlTable(headers: HtmlCell[], rows: HtmlCell[][]): string {
  const head = `<tr>${headers.map((cell) => cellHtml(cell, 'th')).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.map((cell) => cellHtml(cell, 'td')).join('')}</tr>`).join('\n');
  return `<div class="scroll"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
}

/** A definition list of facts (label → text). */
export const factList = (facts: Array<[string, string]>): string =>
  `<dl>${facts.map(([label, value]) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('')}</dl>`;

export interface BarSeries {
  name: string;
  color: string;
  values: Array<number | null>;
}

export interface BarChart {
  title: string;
  /** One group of bars per category (a model), one bar per series. */
  categories: string[];
  series: BarSeries[];
  /** The value of a full bar (1 for rates); the largest value when omitted. */
  max?: number;
  format: (value: number) => string;
}

const CHART_WIDTH = 640;
const LABEL_WIDTH = 170;
const VALUE_WIDTH = 90;
const BAR_HEIGHT = 16;
const BAR_GAP = 4;
const GROUP_GAP = 14;
const LEGEND_HEIGHT = 24;
const LABEL_CHARS = 22;

/**
 * A horizontal bar chart as inline SVG (no xmlns: inside HTML it needs none, and the file names no
 * address at all): a label per category, a bar per series with its value beside it, "—" for none.
 */
export function barChart(chart: BarChart): string {
  const largest = Math.max(0, ...chart.series.flatMap((series) => series.values.filter((value): value is number => value !== null)));
  const max = chart.max ?? (largest > 0 ? largest : 1);
  const legend = chart.series.length > 1;
  const top = legend ? LEGEND_HEIGHT : 4;
  const groupHeight = chart.series.length * (BAR_HEIGHT + BAR_GAP) - BAR_GAP;
  const height = top + chart.categories.length * (groupHeight + GROUP_GAP);
  const barSpace = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const parts: string[] = [];
  if (legend) {
    chart.series.forEach((series, index) => {
      const x = LABEL_WIDTH + index * 160;
      parts.push(`<rect x="${x}" y="4" width="12" height="12" fill="${series.color}"/>`);
      parts.push(`<text x="${x + 16}" y="14" font-size="12" fill="#4e5969">${escapeHtml(clip(series.name, 18))}</text>`);
    });
  }
  chart.categories.forEach((category, row) => {
    const y = top + row * (groupHeight + GROUP_GAP);
    parts.push(
      `<text x="${LABEL_WIDTH - 8}" y="${y + groupHeight / 2 + 4}" font-size="12" text-anchor="end" fill="#1d2129"><title>${escapeHtml(category)}</title>${escapeHtml(clip(category, LABEL_CHARS))}</text>`,
    );
    chart.series.forEach((series, index) => {
      const value = series.values[row] ?? null;
      const barY = y + index * (BAR_HEIGHT + BAR_GAP);
      const width = value === null ? 0 : Math.max(0, Math.min(1, value / max)) * barSpace;
      parts.push(`<rect x="${LABEL_WIDTH}" y="${barY}" width="${width.toFixed(1)}" height="${BAR_HEIGHT}" rx="2" fill="${series.color}"/>`);
      parts.push(`<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${barY + 12}" font-size="11" fill="#4e5969">${escapeHtml(value === null ? '—' : chart.format(value))}</text>`);
    });
  });
  return `<figure class="chart"><svg viewBox="0 0 ${CHART_WIDTH} ${height}" width="${CHART_WIDTH}" height="${height}" role="img" aria-label="${escapeHtml(chart.title)}"><title>${escapeHtml(chart.title)}</title>${parts.join('')}</svg></figure>`;
}
