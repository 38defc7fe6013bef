import { describe, expect, it } from 'vitest';
import { heartbeatSlot } from './heartbeat-slot';

describe(heartbeatSlot.name, () => {
  it('puts a run that starts a few seconds early or late into the same slot', () => {
    expect(heartbeatSlot(1_764_129_597, 60)).toBe(1_764_129_600);
    expect(heartbeatSlot(1_764_129_600, 60)).toBe(1_764_129_600);
    expect(heartbeatSlot(1_764_129_612, 60)).toBe(1_764_129_600);
  });

  it('gives consecutive runs consecutive slots', () => {
    expect(heartbeatSlot(1_764_129_660, 60) - heartbeatSlot(1_764_129_600, 60)).toBe(60);
    expect(heartbeatSlot(1_764_129_600 + 300, 300)).toBe(1_764_129_900);
  });
});
