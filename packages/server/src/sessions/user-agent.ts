import type { SessionDeviceType } from '@gw/shared';
import Bowser from 'bowser';

export interface DeviceDescription {
  browser: string;
  os: string;
  device: SessionDeviceType;
}

const DEVICE_TYPES: ReadonlySet<string> = new Set<SessionDeviceType>(['desktop', 'mobile', 'tablet']);

/** Major version only ("120.0.0.0" → "120"): enough to tell browsers apart, less to fingerprint. */
const major = (version: string | undefined): string => (version ? version.split('.')[0] : '');

const joined = (...parts: string[]): string => parts.filter(Boolean).join(' ');

/** Browser, OS and device kind as a session's user agent states them; '' and 'unknown' for what it does not. */
export function describeUserAgent(userAgent: string): DeviceDescription {
  if (!userAgent.trim()) return { browser: '', os: '', device: 'unknown' };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const type = platform.type ?? '';
  return {
    browser: joined(browser.name ?? '', major(browser.version)),
    // Windows and Android name their versions ("NT 10.0" → "10"); iOS and macOS by number.
    os: joined(os.name ?? '', os.name === 'Windows' ? (os.versionName ?? '') : (os.version ?? '')),
    device: DEVICE_TYPES.has(type) ? (type as SessionDeviceType) : 'unknown',
  };
}
