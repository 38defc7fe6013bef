import { describe, expect, it } from 'vitest';
import { CallSlots } from './call-slots';

/** An item whose upstream call and bookkeeping end when the test says so. */
function item() {
  let answer!: () => void;
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const answeredAt = new Promise<void>((resolve) => (answer = resolve));
  const finished = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const work = async (answered: () => void) => {
    await answeredAt;
    answered();
    await finished;
  };
  return { work, answer, finish, fail };
}

/** Whether `promise` has settled once every pending callback has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('CallSlots', () => {
  it('lets an answered item give its call slot to the next, up to the total in flight', async () => {
    const slots = new CallSlots(2, 3);
    const [a, b, c] = [item(), item(), item()];
    await slots.start(a.work);
    const second = slots.start(b.work);
    // Two calls wait for the upstream: no room for a third.
    expect(await settled(second)).toBe(false);
    a.answer();
    expect(await settled(second)).toBe(true);
    const third = slots.start(c.work);
    expect(await settled(third)).toBe(false);
    // b answered: one call waits, but a's and b's bookkeeping and c make three in flight, the total.
    b.answer();
    expect(await settled(third)).toBe(false);
    a.finish();
    expect(await settled(third)).toBe(true);
    const idle = slots.idle();
    expect(await settled(idle)).toBe(false);
    for (const next of [b, c]) {
      next.answer();
      next.finish();
    }
    await idle;
  });

  it('frees the slot of an item that ends without an answer', async () => {
    const slots = new CallSlots(1, 2);
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const first = slots.start(() => ended);
    expect(await settled(first)).toBe(false);
    end();
    expect(await settled(first)).toBe(true);
    await slots.idle();
  });

  it("throws an item's failure at the next start or at idle, never leaving it unhandled", async () => {
    const slots = new CallSlots(2, 2);
    const failing = item();
    await slots.start(failing.work);
    failing.answer();
    failing.fail(new Error('database gone'));
    await expect(slots.idle()).rejects.toThrow('database gone');
    await expect(slots.start(async () => undefined)).rejects.toThrow('database gone');
  });
});
