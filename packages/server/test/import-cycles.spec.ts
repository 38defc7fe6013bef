import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** The web and shared packages are checked from here too, beside the server's other checks of the repository (compose.spec.ts). */
const PACKAGES = join(__dirname, '../..');

/**
 * The import circles among the sources under `root`, one loop of relative paths per circle. Every
 * import counts, type-only and dynamic ones included: a circle of types still ties two layers
 * together (the relay's adaptor contracts and client formats were tied by types alone). Imports
 * are resolved as the package's tsconfig resolves them (paths such as the web's `@/`); files
 * outside `root` (other packages, node_modules) end the walk.
 */
function importCycles(root: string, tsconfig: string): string[][] {
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(tsconfig, ts.sys.readFile).config, ts.sys, dirname(tsconfig));
  const files = ts.sys.readDirectory(root, ['.ts', '.tsx']).filter((file) => !file.endsWith('.d.ts'));
  const known = new Set(files);
  const cache = ts.createModuleResolutionCache(dirname(tsconfig), (name) => name, config.options);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = importedFiles.map(({ fileName }) => ts.resolveModuleName(fileName, file, config.options, ts.sys, cache).resolvedModule?.resolvedFileName);
    graph.set(file, [...new Set(targets.filter((target): target is string => target !== undefined && known.has(target)))]);
  }
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || graph.get(group[0])!.includes(group[0]))
    .map((group) => loopThrough(group, graph).map((file) => relative(root, file)));
}

/** Tarjan's algorithm: the groups of files that reach one another. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file)!) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, low.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** The shortest loop from the group's first file (by name) back to it, for a message one can act on. */
function loopThrough(group: string[], graph: Map<string, string[]>): string[] {
  const start = [...group].sort()[0];
  const members = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file)!) {
      if (next === start) {
        const loop = [file];
        while (loop[0] !== start) loop.unshift(cameFrom.get(loop[0])!);
        return [...loop, start];
      }
      if (members.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return group;
}

describe(importCycles.name, () => {
  it.each(['server', 'web', 'shared'])('finds no import circle in packages/%s/src', (name) => {
    expect(importCycles(join(PACKAGES, name, 'src'), join(PACKAGES, name, 'tsconfig.json'))).toEqual([]);
  });

  it('finds circles of type-only, aliased and dynamic imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', baseUrl: '.', paths: { '@/*': ['src/*'] } } }));
      write('src/a.ts', "import type { B } from './b';\nexport type A = B[];\n");
      write('src/b.ts', "import { c } from '@/deep/c';\nexport type B = typeof c;\n");
      write('src/deep/c.ts', "export const c = () => import('../a');\n");
      write('src/leaf.ts', "import { c } from './deep/c';\nexport const leaf = c;\n");
      expect(importCycles(join(dir, 'src'), join(dir, 'tsconfig.json'))).toEqual([['a.ts', 'b.ts', 'deep/c.ts', 'a.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
