import { describe, expect, it } from 'vitest';
import type { ChannelTagRow } from '@/api/channels';
import { makeChannel } from './test-fake-api';
import { channelIdsOf, isTagRow, replaceChannel, rowKey, summarizeTag } from './tag-rows';

const a = makeChannel({ id: 1, tag: 't', group: 'default', models: 'm1', used_quota: 100, response_time: 1000, priority: 4, weight: 2, status: 2 });
const b = makeChannel({ id: 2, tag: 't', group: 'vip,default', models: 'm2,m1', used_quota: 50, response_time: 2001, priority: 9, weight: 7, status: 3 });
const tagRow = (children = [a, b]): ChannelTagRow => ({
  key: 'tag:t',
  tag: 't',
  name: 't',
  group: '',
  models: '',
  used_quota: 0,
  response_time: 0,
  priority: 0,
  weight: 0,
  status: 2,
  children,
});

describe('isTagRow and rowKey', () => {
  it('tells tag rows from channels and keys them apart', () => {
    expect(isTagRow(tagRow())).toBe(true);
    expect(isTagRow(a)).toBe(false);
    expect(rowKey(tagRow())).toBe('tag:t');
    expect(rowKey(a)).toBe(1);
  });
});

describe('channelIdsOf', () => {
  it('keeps channel ids and drops tag keys', () => {
    expect(channelIdsOf([3, 'tag:t', 5])).toEqual([3, 5]);
  });
});

describe('summarizeTag', () => {
  it('unites groups and models, sums used quota, averages response time, takes the first child priority and weight', () => {
    const row = summarizeTag(tagRow(), [a, b]);
    expect(row).toMatchObject({ group: 'default,vip', models: 'm1,m2', used_quota: 150, response_time: 1501, priority: 4, weight: 2 });
  });

  it('is enabled when any child is, disabled otherwise', () => {
    expect(summarizeTag(tagRow(), [a, b]).status).toBe(2);
    expect(summarizeTag(tagRow(), [a, { ...b, status: 1 }]).status).toBe(1);
  });
});

describe('replaceChannel', () => {
  it('replaces a plain row', () => {
    const rows = replaceChannel([a, tagRow()], { ...a, priority: 8 });
    expect(rows[0]).toMatchObject({ id: 1, priority: 8 });
  });

  it('replaces a child and re-aggregates its tag row', () => {
    const [row] = replaceChannel([tagRow()], { ...b, status: 1 });
    expect(isTagRow(row) && row.children[1].status).toBe(1);
    expect(row.status).toBe(1);
  });

  it('leaves other tag rows alone', () => {
    const other = tagRow([makeChannel({ id: 7 })]);
    expect(replaceChannel([other], { ...a })[0]).toBe(other);
  });
});
