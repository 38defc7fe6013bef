// Summarises a V8 CPU profile (the .cpuprofile that PROFILE=dir writes): self time per function
// and per file, highest first, so that two profiles (say the single-key relay and a multi-key
// target, each benched alone with TARGETS=…) can be compared line by line.
//
//   node bench/relay/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [TOP=40] [FILTER=substring]
//   CALLERS=writev node bench/relay/profile-summary.mjs …   (who spends the self time of writev: call paths, 4 frames up)
//   STALLS=10 node bench/relay/profile-summary.mjs …   (every stretch of at least 10 ms without an idle sample: the
//                                                       loop was busy; its length and what ran most in it)
import { readFileSync } from 'node:fs';

const [path] = process.argv.slice(2);
if (!path) {
  console.error('usage: node bench/relay/profile-summary.mjs file.cpuprofile');
  process.exit(1);
}
const TOP = Number(process.env.TOP ?? 40);
const FILTER = process.env.FILTER;
const profile = JSON.parse(readFileSync(path, 'utf8'));
// Each sample names the node that was running; timeDeltas[i] is the time before sample i (µs).
const selfUs = new Map();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
const byFunction = new Map();
const byFile = new Map();
const add = (map, name, us) => map.set(name, (map.get(name) ?? 0) + us);
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  if (us === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? url.replace(/^file:\/\//, '').replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').replace(/.*\/dist\//, 'dist/') : '(native)';
  add(byFunction, `${functionName || '(anonymous)'}  ${file}:${lineNumber + 1}`, us);
  add(byFile, file, us);
}
const show = (title, map) => {
  console.log(`\n${title}`);
  const rows = [...map].filter(([name]) => !FILTER || name.includes(FILTER)).sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [name, us] of rows) console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
};
console.log(`${path}: ${(total / 1000).toFixed(0)} ms sampled`);
if (process.env.CALLERS) {
  // Bottom-up: the self time of the named function, by the chain of its callers.
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const frame = (node) => `${node.callFrame.functionName || '(anonymous)'}@${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`;
  const paths = new Map();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName !== process.env.CALLERS) continue;
    const chain = [];
    for (let up = parentOf.get(node.id); up && chain.length < Number(process.env.DEPTH ?? 4); up = parentOf.get(up.id)) chain.push(frame(up));
    add(paths, chain.join(' < '), selfUs.get(node.id) ?? 0);
  }
  show(`self time of ${process.env.CALLERS} by caller chain`, paths);
  process.exit(0);
}
if (process.env.STALLS) {
  // Walks the samples in time order; a stall is a run of samples none of which is (idle).
  const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
  const name = (node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
  const stalls = [];
  let current;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const node = nodeById.get(id);
    if (node.callFrame.functionName === '(idle)') {
      if (current && at - current.start >= Number(process.env.STALLS) * 1000) stalls.push(current);
      current = undefined;
      return;
    }
    current ??= { start: at, self: new Map() };
    current.self.set(name(node), (current.self.get(name(node)) ?? 0) + (profile.timeDeltas[index] ?? 0));
    current.end = at;
  });
  console.log(`\nbusy stretches of at least ${process.env.STALLS} ms: ${stalls.length}`);
  for (const stall of stalls) {
    const top = [...stall.self].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([fn, us]) => `${(us / 1000).toFixed(1)} ${fn}`);
    console.log(`${((stall.start - profile.startTime) / 1e6).toFixed(3).padStart(8)} s ${((stall.end - stall.start) / 1000).toFixed(1).padStart(6)} ms  ${top.join(' | ')}`);
  }
  process.exit(0);
}
show('self time per function', byFunction);
show('self time per file (package)', byFile);
