import { Tag } from '@arco-design/web-react';
import { IconTrophy } from '@arco-design/web-react/icon';
import { arenaModelName } from '@gw/shared';
import type { ChatSession } from '@/stores/compare-chat';

interface ArenaSessionHeaderProps {
  session: ChatSession;
  /** The vote named this column's place. */
  winner: boolean;
}

/**
 * A battle column's header: its place (模型 A) while blind, its model with the place beside it once
 * revealed. No model choice, parameters or removal: the server keeps a battle's columns as opened.
 */
export function ArenaSessionHeader({ session, winner }: ArenaSessionHeaderProps) {
  const place = arenaModelName(session.arenaLabel);
  const revealed = session.modelName !== place;
  return (
    <div className="compare-session-header arena-session-header">
      {revealed && (
        <Tag size="small" className="arena-session-place">
          {place}
        </Tag>
      )}
      <span className="arena-session-name" title={session.modelName}>
        {session.modelName}
      </span>
      {winner && (
        <Tag size="small" color="gold" icon={<IconTrophy />} className="arena-session-winner">
          胜者
        </Tag>
      )}
    </div>
  );
}
