import ReactEChartsCore from 'echarts-for-react/lib/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import './chart.css';

// Only the parts the console's charts use: the whole of ECharts would triple a page's download.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

interface ChartProps {
  title: string;
  /** An ECharts option. */
  option: Record<string, unknown>;
  height?: number;
}

/** Readers who asked their system for less motion get charts drawn at once. */
const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A titled line or bar chart, full width; it follows its container's size (phones included). */
export function Chart({ title, option, height = 280 }: ChartProps) {
  const drawn = reducedMotion() ? { ...option, animation: false } : option;
  return (
    <figure className="console-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      <ReactEChartsCore echarts={echarts} option={drawn} notMerge style={{ height, width: '100%' }} />
    </figure>
  );
}
