// One autocannon run in its own process (forked by run.mjs), so that the load generator's CPU is
// not the orchestrator's: the bench process then only watches. Sends the result back over IPC.
import autocannon from 'autocannon';

const { url, headers, body, connections, duration } = JSON.parse(process.env.LOAD);
const result = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, connections, duration });
process.send({
  rps: result.requests.average,
  total: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx + result.timeouts,
});
