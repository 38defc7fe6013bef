import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * packages/server/assets/samples, found by walking up from this file: it is src/data-library/samples
 * under vitest and dist/data-library/samples in production, and the package root holds assets/ in
 * both (the Docker image copies the whole package).
 */
export function sampleAssetsDir(start: string = __dirname): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'assets', 'samples');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`Sample images not found above ${start} (expected assets/samples beside package.json)`);
  }
}
