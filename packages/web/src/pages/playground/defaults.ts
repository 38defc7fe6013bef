/** Playground defaults (spec 2 §9): model gpt-4o-mini, temperature from 0.1 to 1. */
export const DEFAULT_MODEL = 'gpt-4o-mini';

export const TEMPERATURE = { min: 0.1, max: 1, step: 0.1, initial: 0.7 } as const;

/** gpt-4o-mini when the user may use it, otherwise the first model offered. */
export function pickDefaultModel(models: readonly string[]): string | undefined {
  return models.includes(DEFAULT_MODEL) ? DEFAULT_MODEL : models[0];
}

/** The slider's value on its 0.1 grid, so that 0.30000000000000004 is never sent. */
export const roundTemperature = (value: number) => Math.round(value * 10) / 10;
