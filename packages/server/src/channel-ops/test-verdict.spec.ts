import { describe, expect, it } from 'vitest';
import type { ProbeResult } from './channel-probe';
import { testVerdict, type VerdictRules } from './test-verdict';

const result = (fields: Partial<ProbeResult> = {}): ProbeResult => ({ ok: true, status: 200, message: '', codes: '', elapsedMs: 800, endpoint: '/v1/chat/completions', ...fields });
const rules = (fields: Partial<VerdictRules> = {}): VerdictRules => ({ mayDisable: true, meansDeadKey: false, slowAfterSeconds: 5, ...fields });

describe(testVerdict.name, () => {
  it('enables after an answer in time', () => {
    expect(testVerdict(result(), rules())).toEqual({ action: 'enable' });
  });

  it('disables on a dead key, with the upstream status and message as the reason', () => {
    const sut = testVerdict(result({ ok: false, status: 401, message: 'Incorrect API key provided' }), rules({ meansDeadKey: true }));
    expect(sut).toEqual({ action: 'disable', reason: 'HTTP 401: Incorrect API key provided' });
  });

  it('disables an answer slower than the threshold, and does not re-enable it', () => {
    expect(testVerdict(result({ elapsedMs: 6200 }), rules())).toEqual({ action: 'disable', reason: '响应时间 6.20 秒，超过阈值 5 秒' });
  });

  it('leaves the status alone after other failures', () => {
    expect(testVerdict(result({ ok: false, status: 500, message: 'boom' }), rules())).toEqual({ action: 'none' });
  });

  it('with disabling not allowed, never disables, and a slow working channel may come back', () => {
    expect(testVerdict(result({ ok: false, status: 401 }), rules({ mayDisable: false, meansDeadKey: true }))).toEqual({ action: 'none' });
    expect(testVerdict(result({ elapsedMs: 9000 }), rules({ mayDisable: false }))).toEqual({ action: 'enable' });
  });

  it('treats a threshold of 0 as no slowness rule', () => {
    expect(testVerdict(result({ elapsedMs: 60_000 }), rules({ slowAfterSeconds: 0 }))).toEqual({ action: 'enable' });
  });
});
