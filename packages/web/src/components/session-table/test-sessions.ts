import type { SessionView } from '@gw/shared';

/** Test support: two sessions of one user, as GET …/sessions answers them (newest seen first). */
export const SESSIONS: SessionView[] = [
  { id: 'sessWindows00001', browser: 'Chrome 120', os: 'Windows 10', device: 'desktop', ip: '198.51.100.7', created_at: 1_717_000_000, last_seen_at: 1_717_003_600, current: false },
  { id: 'sessIphone000002', browser: 'Safari 17', os: 'iOS 17.1', device: 'mobile', ip: '203.0.113.9', created_at: 1_716_900_000, last_seen_at: 1_716_990_000, current: false },
];
