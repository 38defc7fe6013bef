import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_ARENA_REVEALED, MSG_ARENA_SCOPE_FORBIDDEN } from '@gw/shared';
import { fail, fakeApi, ok, type Reply } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import { HttpError } from './http';
import { createArenaTalking, getLeaderboard, getWinMatrix, openBattle, voteOnBattle } from './arena';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().clearUser();
});

describe('arena calls', () => {
  it('creates a battle as a talking in arena mode, then opens its models chosen or drawn', async () => {
    const calls = fakeApi({ 'POST /relay/v1/talking/': ok({ id: 8 }), 'POST /relay/v1/arena/battle': ok([]) });
    await createArenaTalking('模型对战', '', '编程');
    await openBattle({ talking_id: 8, models: ['gpt-4o', 'claude-3-5-sonnet'] });
    await openBattle({ talking_id: 8, count: 3 });
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/relay/v1/talking/', { name: '模型对战', summary: '', mode: 'arena', category: '编程' }],
      ['POST', '/relay/v1/arena/battle', { talking_id: 8, models: ['gpt-4o', 'claude-3-5-sonnet'] }],
      ['POST', '/relay/v1/arena/battle', { talking_id: 8, count: 3 }],
    ]);
  });

  it("resolves a vote with the server's message, and rejects a refused one with the server's reason", async () => {
    const vote = { id: 1, talking_id: 8, round_id: 5, winner: 'A', winner_model: 'gpt-4o', created_at: 1 };
    let reply: Reply = { success: true, message: '投票成功，模型已揭晓', data: { vote, conversations: [] } };
    const calls = fakeApi({ 'POST /relay/v1/arena/vote': () => reply });
    await expect(voteOnBattle({ talking_id: 8, round_id: 5, winner: 11 })).resolves.toEqual({ message: '投票成功，模型已揭晓', vote, conversations: [] });
    expect(calls[0].body).toEqual({ talking_id: 8, round_id: 5, winner: 11 });
    reply = fail(MSG_ARENA_REVEALED);
    await expect(voteOnBattle({ talking_id: 8, round_id: 5, winner: 'tie' })).rejects.toThrow(MSG_ARENA_REVEALED);
  });

  it('reads the leaderboard and matrix of a scope, with the category only when one is given', async () => {
    const calls = fakeApi({ 'GET /relay/v1/arena/leaderboard': ok([]), 'GET /relay/v1/arena/matrix': ok({ models: [], rates: [], counts: [] }) });
    await getLeaderboard('me', '');
    await getWinMatrix('all', '编程');
    expect(calls.map((call) => [call.path, call.query])).toEqual([
      ['/relay/v1/arena/leaderboard', { scope: 'me' }],
      ['/relay/v1/arena/matrix', { scope: 'all', category: '编程' }],
    ]);
  });

  it("keeps a refused 全站 an HttpError 403 with the server's message", async () => {
    useUserStore.getState().setUser(makeUser());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        String(input).startsWith('/api/user/token') ? jsonResponse(ok('new-token')) : jsonResponse({ success: false, message: MSG_ARENA_SCOPE_FORBIDDEN }, 403),
      ),
    );
    const refused = getLeaderboard('all', '');
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 403, message: MSG_ARENA_SCOPE_FORBIDDEN });
  });
});
