import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe(describeUserAgent.name, () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', { browser: 'Chrome 120', os: 'Windows 10', device: 'desktop' }],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS 17.1', device: 'mobile' },
    ],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1', { browser: 'Safari 16', os: 'iOS 16.0', device: 'tablet' }],
    ['curl/8.5.0', { browser: '', os: '', device: 'unknown' }],
    ['', { browser: '', os: '', device: 'unknown' }],
    ['   ', { browser: '', os: '', device: 'unknown' }],
  ])('reads %j', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});
