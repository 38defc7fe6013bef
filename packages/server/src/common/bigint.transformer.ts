import type { ValueTransformer } from 'typeorm';

/**
 * PostgreSQL returns bigint as a string; quota values stay far below 2^53, so they are read as numbers.
 */
export const bigintToNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
