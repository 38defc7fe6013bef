import { describe, expect, it, vi } from 'vitest';
import { ScrollFollower } from './use-chat-scroll';

const at = (scrollTop: number, scrollHeight = 2000, clientHeight = 500) => ({ scrollTop, scrollHeight, clientHeight });

describe(ScrollFollower.name, () => {
  it('stops following when the user scrolls up and resumes within 30 px of the bottom', () => {
    const follower = new ScrollFollower(vi.fn());
    follower.onScroll(at(1500), false, 0);
    expect(follower.following).toBe(true);
    follower.onScroll(at(1300), false, 10);
    expect(follower.following).toBe(false);
    follower.onScroll(at(1460), false, 20);
    expect(follower.following).toBe(false);
    follower.onScroll(at(1470), false, 30);
    expect(follower.following).toBe(true);
  });

  it('allows 120 px while streaming', () => {
    const follower = new ScrollFollower(vi.fn());
    follower.followed(1500);
    follower.onScroll(at(1000), true, 0);
    expect(follower.following).toBe(false);
    follower.onScroll(at(1379), true, 10);
    expect(follower.following).toBe(false);
    follower.onScroll(at(1380), true, 20);
    expect(follower.following).toBe(true);
  });

  it('loads earlier history near the top only while going up, at most once per 100 ms', () => {
    const onReachTop = vi.fn();
    const follower = new ScrollFollower(onReachTop);
    follower.onScroll(at(100), false, 0);
    follower.onScroll(at(5), false, 1000);
    expect(onReachTop).toHaveBeenCalledTimes(1);
    follower.onScroll(at(3), false, 1050);
    expect(onReachTop).toHaveBeenCalledTimes(1);
    follower.onScroll(at(2), false, 1100);
    expect(onReachTop).toHaveBeenCalledTimes(2);
    follower.onScroll(at(4), false, 1300); // going down
    follower.onScroll(at(6), false, 1400);
    expect(onReachTop).toHaveBeenCalledTimes(2);
  });

  it('does not count its own scroll to the bottom as the user going up', () => {
    const follower = new ScrollFollower(vi.fn());
    follower.followed(1500);
    follower.onScroll(at(1500, 2100), false, 0);
    expect(follower.following).toBe(true);
  });
});
