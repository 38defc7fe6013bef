import { useEffect, useRef, type RefObject } from 'react';
import { SCROLL_CHECK_MS, SCROLL_RESUME_PX, SCROLL_STREAMING_TOLERANCE_PX, SCROLL_TOP_LOAD_PX, SCROLL_TOP_THROTTLE_MS } from '@gw/shared';

/** Where a scrollable box stands. */
export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * The scrolling rules of spec 3 §4, apart from the DOM: auto-scroll follows the streaming answer
 * until the user scrolls up; coming back within SCROLL_RESUME_PX of the bottom (the wider
 * SCROLL_STREAMING_TOLERANCE_PX while streaming, where the bottom keeps moving away) resumes it.
 * Going up to within SCROLL_TOP_LOAD_PX of the top asks for earlier history, at most once per
 * SCROLL_TOP_THROTTLE_MS.
 */
export class ScrollFollower {
  following = true;
  private lastTop = 0;
  private lastLoadAt = -Infinity;

  constructor(private readonly onReachTop: () => void) {}

  /** The user (or the page) scrolled; `now` in ms. */
  onScroll(metrics: ScrollMetrics, streaming: boolean, now: number): void {
    const goingUp = metrics.scrollTop < this.lastTop;
    this.lastTop = metrics.scrollTop;
    const fromBottom = metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight;
    const tolerance = streaming ? SCROLL_STREAMING_TOLERANCE_PX : SCROLL_RESUME_PX;
    if (fromBottom <= tolerance) this.following = true;
    else if (goingUp) this.following = false;
    if (goingUp && metrics.scrollTop <= SCROLL_TOP_LOAD_PX && now - this.lastLoadAt >= SCROLL_TOP_THROTTLE_MS) {
      this.lastLoadAt = now;
      this.onReachTop();
    }
  }

  /** The page scrolled to the bottom itself: not a move of the user's. */
  followed(scrollTop: number): void {
    this.lastTop = scrollTop;
  }
}

/**
 * Wires a ScrollFollower to a scrollable box: while `streaming` the box is brought to the bottom
 * every SCROLL_CHECK_MS when following, and whenever `content` changes.
 */
export function useChatScroll(box: RefObject<HTMLElement | null>, { streaming, content, onReachTop }: { streaming: boolean; content: unknown; onReachTop: () => void }) {
  const reachTop = useRef(onReachTop);
  reachTop.current = onReachTop;
  const follower = useRef<ScrollFollower | null>(null);
  follower.current ??= new ScrollFollower(() => reachTop.current());
  const streamingRef = useRef(streaming);
  streamingRef.current = streaming;

  const toBottom = () => {
    const element = box.current;
    if (!element || !follower.current?.following) return;
    element.scrollTop = element.scrollHeight;
    follower.current.followed(element.scrollTop);
  };

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const listener = () => follower.current?.onScroll(element, streamingRef.current, Date.now());
    element.addEventListener('scroll', listener, { passive: true });
    return () => element.removeEventListener('scroll', listener);
  }, [box]);

  useEffect(toBottom, [content]);

  useEffect(() => {
    if (!streaming) return;
    const timer = window.setInterval(toBottom, SCROLL_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [streaming]);

  return follower.current;
}
