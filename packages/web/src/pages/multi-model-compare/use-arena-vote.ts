import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { Message } from '@arco-design/web-react';
import type { ArenaDraw, ArenaVoteView } from '@gw/shared';
import { showArenaError, voteOnBattle } from '@/api/arena';
import { getTalking } from '@/api/talkings';
import { useCompareChatStore } from '@/stores/compare-chat';
import { compareTalkingOf, type CompareTalking } from './use-compare-setup';

/**
 * The vote of the battle on the page (issue 33): sends it, then reloads the talking so that the
 * columns show their real models. A battle opened already voted reads its vote from the talking
 * (`arena_vote`), so its winner shows again.
 */
export function useArenaVote(talking: CompareTalking, setTalking: Dispatch<SetStateAction<CompareTalking>>) {
  const [voting, setVoting] = useState(false);
  const [vote, setVote] = useState<ArenaVoteView | null>(null);

  useEffect(() => {
    const talkingId = talking.id;
    if (talkingId === null || !talking.revealed) return;
    let current = true;
    getTalking(talkingId)
      .then((detail) => {
        if (current && detail.arena_vote) setVote(detail.arena_vote);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [talking.id, talking.revealed]);

  const handleVote = async (roundId: number, winner: number | ArenaDraw) => {
    const talkingId = talking.id;
    if (talkingId === null || voting) return;
    setVoting(true);
    try {
      const result = await voteOnBattle({ talking_id: talkingId, round_id: roundId, winner });
      Message.success(result.message);
      setVote(result.vote);
      // The vote's own reply names the models too: used when the reload fails.
      const detail = await getTalking(talkingId).catch(() => null);
      const store = useCompareChatStore.getState();
      store.reveal(detail?.conversations ?? result.conversations);
      // The answers' cost, tokens and speed were withheld while the models were hidden: read them again.
      void store.loadLatest().catch(() => undefined);
      setTalking((current) => (detail ? compareTalkingOf(detail.talking) : { ...current, revealed: true }));
    } catch (error) {
      showArenaError(error);
    } finally {
      setVoting(false);
    }
  };

  // Another talking opened in the same page (the history popup) has a vote of its own, read above.
  return { voting, vote: vote?.talking_id === talking.id ? vote : null, handleVote };
}
