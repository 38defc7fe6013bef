import type { DataFormat, ReadmeDoc } from '@gw/shared';

/** A dataset shipped with the product (written for it; no third-party content). */
export interface SampleDataset {
  name: string;
  description: string;
  tag: string;
  /** Comma-separated DATA_TYPES, in their order. */
  data_type: string;
  data_format: DataFormat;
  readme: ReadmeDoc;
  image_field: string;
  records: Array<Record<string, unknown>>;
}

export const SAMPLE_FACTORY = '平台示例数据';
