import { describe, expect, it } from 'vitest';
import {
  demotedRole,
  manageRefusal,
  MSG_ALREADY_HIGHEST,
  MSG_ALREADY_LOWEST,
  MSG_NOT_LOWER,
  MSG_OWN_GROUP,
  MSG_OWN_QUOTA,
  MSG_PROMOTE_TOO_HIGH,
  MSG_ROOT_PROTECTED,
  type Party,
  promotedRole,
  type UserAdminAction,
} from './user-admin-rules';

const party = (id: number, role: number): Party => ({ id, role });
const USERS = {
  user: party(11, 1),
  admin: party(12, 10),
  superAdmin: party(13, 100),
  root: party(1, 100),
} as const;
type Who = keyof typeof USERS;
const ACTIONS: UserAdminAction[] = ['promote', 'demote', 'disable', 'enable', 'delete', 'edit', 'quota', 'group'];

const ok = undefined;
const allOk = Object.fromEntries(ACTIONS.map((action) => [action, ok])) as Record<UserAdminAction, string | undefined>;
const allRefused = (message: string) => Object.fromEntries(ACTIONS.map((action) => [action, message])) as Record<UserAdminAction, string | undefined>;

/** Every actor on another account of every rank (a second account of the same rank where it is the actor's own). */
const OTHERS: Array<[Who, Who, Record<UserAdminAction, string | undefined>]> = [
  ['user', 'user', allRefused(MSG_NOT_LOWER)],
  ['user', 'admin', allRefused(MSG_NOT_LOWER)],
  ['user', 'superAdmin', allRefused(MSG_NOT_LOWER)],
  ['user', 'root', { ...allRefused(MSG_NOT_LOWER), demote: MSG_ROOT_PROTECTED, disable: MSG_ROOT_PROTECTED, delete: MSG_ROOT_PROTECTED }],
  ['admin', 'user', { ...allOk, promote: MSG_PROMOTE_TOO_HIGH, demote: MSG_ALREADY_LOWEST }],
  ['admin', 'admin', allRefused(MSG_NOT_LOWER)],
  ['admin', 'superAdmin', allRefused(MSG_NOT_LOWER)],
  ['admin', 'root', { ...allRefused(MSG_NOT_LOWER), demote: MSG_ROOT_PROTECTED, disable: MSG_ROOT_PROTECTED, delete: MSG_ROOT_PROTECTED }],
  ['superAdmin', 'user', { ...allOk, demote: MSG_ALREADY_LOWEST }],
  ['superAdmin', 'admin', { ...allOk, promote: MSG_PROMOTE_TOO_HIGH }],
  ['superAdmin', 'superAdmin', allRefused(MSG_NOT_LOWER)],
  ['superAdmin', 'root', { ...allRefused(MSG_NOT_LOWER), demote: MSG_ROOT_PROTECTED, disable: MSG_ROOT_PROTECTED, delete: MSG_ROOT_PROTECTED }],
  ['root', 'user', { ...allOk, demote: MSG_ALREADY_LOWEST }],
  ['root', 'admin', allOk],
  ['root', 'superAdmin', { ...allOk, promote: MSG_ALREADY_HIGHEST }],
];

/** Every account acting on itself: its own name, password and remark only; root also its own quota. */
const SELF: Array<[Who, Record<UserAdminAction, string | undefined>]> = [
  ['user', { ...allRefused(MSG_NOT_LOWER), edit: ok, quota: MSG_OWN_QUOTA, group: MSG_OWN_GROUP }],
  ['admin', { ...allRefused(MSG_NOT_LOWER), edit: ok, quota: MSG_OWN_QUOTA, group: MSG_OWN_GROUP }],
  ['superAdmin', { ...allRefused(MSG_NOT_LOWER), edit: ok, quota: MSG_OWN_QUOTA, group: MSG_OWN_GROUP }],
  ['root', { ...allRefused(MSG_NOT_LOWER), demote: MSG_ROOT_PROTECTED, disable: MSG_ROOT_PROTECTED, delete: MSG_ROOT_PROTECTED, edit: ok, quota: ok, group: MSG_OWN_GROUP }],
];

describe(manageRefusal.name, () => {
  const sut = manageRefusal;
  const another = (who: Who): Party => ({ ...USERS[who], id: USERS[who].id + 100 });

  describe.each(OTHERS)('%s acting on another %s', (actor, target, expected) => {
    it.each(ACTIONS)('%s', (action) => {
      expect(sut(USERS[actor], actor === target ? another(target) : USERS[target], action)).toBe(expected[action]);
    });
  });

  describe.each(SELF)('%s acting on itself', (who, expected) => {
    it.each(ACTIONS)('%s', (action) => {
      expect(sut(USERS[who], USERS[who], action)).toBe(expected[action]);
    });
  });

  it('ranks an unknown role by its number', () => {
    expect(sut(USERS.admin, party(20, 5), 'disable')).toBe(ok);
    expect(sut(USERS.admin, party(20, 50), 'disable')).toBe(MSG_NOT_LOWER);
    expect(sut(USERS.superAdmin, party(20, 5), 'promote')).toBe(ok);
  });
});

describe('role ladder', () => {
  it.each([
    [1, 10, undefined],
    [5, 10, 1],
    [10, 100, 1],
    [100, undefined, 10],
  ])('role %i promotes to %s and demotes to %s', (role, up, down) => {
    expect(promotedRole(role)).toBe(up);
    expect(demotedRole(role)).toBe(down);
  });
});
