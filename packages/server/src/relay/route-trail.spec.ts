import { describe, expect, it } from 'vitest';
import { RouteTrail } from './route-trail';

describe(RouteTrail.name, () => {
  it('is one step when the first pick answers', () => {
    const sut = new RouteTrail();
    sut.pick('weight', 3, { priority: 0, count: 2 }, { own: 1, total: 2 });
    expect(sut.steps).toEqual([{ via: 'weight', ch: 3, tier: 0, n: 2, w: 1, of: 2 }]);
    expect(sut.header()).toBe('weight;ch=3');
  });

  it('names the key of a multi-key pick on the pick, in ASCII in the header', () => {
    const sut = new RouteTrail();
    sut.pick('affinity', 3, { priority: 5, count: 2 });
    sut.key(3, 'sk-a…wxyz');
    expect(sut.steps).toEqual([{ via: 'affinity', ch: 3, tier: 5, n: 2, key: 'sk-a…wxyz' }]);
    expect(sut.header()).toBe('affinity;ch=3;key=sk-a...wxyz');
  });

  it('writes a failure down as a retry only when another step follows it', () => {
    const sut = new RouteTrail();
    sut.pick('weight', 3, { priority: 0, count: 2 }, { own: 1, total: 2 });
    sut.failed(3, 429);
    expect(sut.steps).toHaveLength(1);
    sut.pick('weight', 5, { priority: 0, count: 1 }, { own: 1, total: 1 });
    expect(sut.steps[1]).toEqual({ via: 'retry', ch: 3, status: 429 });
    expect(sut.header()).toBe('weight;ch=3;retry:429@ch=3;weight;ch=5');
  });

  it('records another key of the same channel after a key failed', () => {
    const sut = new RouteTrail();
    sut.pick('weight', 3, { priority: 0, count: 1 }, { own: 1, total: 1 });
    sut.key(3, 'sk-a…0001');
    sut.failed(3, 401, 'sk-a…0001');
    sut.key(3, 'sk-b…0002');
    expect(sut.steps.slice(1)).toEqual([
      { via: 'retry', ch: 3, status: 401, key: 'sk-a…0001' },
      { via: 'key', ch: 3, key: 'sk-b…0002' },
    ]);
    expect(sut.header()).toBe('weight;ch=3;key=sk-a...0001;retry:401@ch=3;key;ch=3;key=sk-b...0002');
  });

  it('names each cooling channel once, and the channels at a limit', () => {
    const sut = new RouteTrail();
    sut.cooling([1, 2]);
    sut.limited(4, 'rpm');
    sut.pick('weight', 5, { priority: 0, count: 1 }, { own: 1, total: 1 });
    sut.failed(5, 0);
    sut.cooling([1, 2]);
    sut.pick('probe', 1, { priority: 0, count: 2 });
    expect(sut.steps.map((step) => step.via)).toEqual(['cooldown-skip', 'limit-skip', 'weight', 'retry', 'probe']);
    expect(sut.header()).toBe('cooldown-skip:1,2;limit-skip:rpm@ch=4;weight;ch=5;retry:0@ch=5;probe;ch=1');
  });
});
