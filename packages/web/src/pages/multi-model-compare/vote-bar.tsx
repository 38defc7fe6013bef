import { Button } from '@arco-design/web-react';
import type { ArenaDraw } from '@gw/shared';
import type { ChatSession } from '@/stores/compare-chat';
import { voteChoices } from './arena-vote';

interface VoteBarProps {
  sessions: readonly ChatSession[];
  voting: boolean;
  onVote: (winner: number | ArenaDraw) => void;
}

/** Under a finished round of a blind battle: which answer was better (one vote per battle). */
export function VoteBar({ sessions, voting, onVote }: VoteBarProps) {
  return (
    <div className="arena-vote" role="group" aria-label="投票">
      <span className="arena-vote-prompt">哪个回答更好？投票后揭晓模型</span>
      <div className="arena-vote-choices">
        {voteChoices(sessions).map((choice) => (
          <Button
            key={String(choice.winner)}
            size="small"
            type={typeof choice.winner === 'number' ? 'primary' : 'secondary'}
            disabled={voting}
            onClick={() => onVote(choice.winner)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
