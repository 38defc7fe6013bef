import { useCallback, useEffect, useState } from 'react';
import type { ArenaLeaderboardScope, ArenaRating, ArenaWinMatrix } from '@gw/shared';
import { getLeaderboard, getWinMatrix, showArenaError } from '@/api/arena';
import { HttpError } from '@/api/http';

export interface Board {
  ratings: ArenaRating[];
  matrix: ArenaWinMatrix;
}

const EMPTY_BOARD: Board = { ratings: [], matrix: { models: [], rates: [], counts: [] } };

/**
 * The leaderboard and win matrix of a scope and category. A refused 全站 (the board was made
 * private meanwhile: `success: false`) shows the server's reason and calls `onRefused`, so that
 * the page falls back to the user's own votes.
 */
export function useLeaderboard(scope: ArenaLeaderboardScope, category: string, onRefused: () => void) {
  const [board, setBoard] = useState<Board>(EMPTY_BOARD);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    Promise.all([getLeaderboard(scope, category), getWinMatrix(scope, category)])
      .then(
        ([ratings, matrix]) => active && setBoard({ ratings, matrix }),
        (error: unknown) => {
          if (!active) return;
          setBoard(EMPTY_BOARD);
          showArenaError(error);
          if (scope === 'all' && !(error instanceof HttpError && error.status === 401)) onRefused();
        },
      )
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
    // onRefused only sets the page's scope: not a reason to load again.
  }, [scope, category, version]);

  /** Loads again: the board is fitted by a job a moment after a vote. */
  const refresh = useCallback(() => setVersion((current) => current + 1), []);

  return { board, loading, refresh };
}
