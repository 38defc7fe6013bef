import { Link } from 'react-router-dom';
import { Tag, Tooltip } from '@arco-design/web-react';
import { IconEyeInvisible, IconTrophy } from '@arco-design/web-react/icon';
import type { CompareTalking } from './use-compare-setup';

/** The header's mark of an arena battle: blind until voted, its category, and the way to the leaderboard. */
export function ArenaMarker({ talking }: { talking: CompareTalking }) {
  return (
    <div className="arena-marker">
      {talking.revealed ? (
        <Tag color="green">已揭晓</Tag>
      ) : (
        <Tooltip content="投票前不显示模型名称，投票后揭晓">
          <Tag color="arcoblue" icon={<IconEyeInvisible />}>
            匿名对战
          </Tag>
        </Tooltip>
      )}
      {talking.category && (
        <Tag className="arena-marker-category" title={talking.category}>
          {talking.category}
        </Tag>
      )}
      <Link to="/arena/leaderboard" className="arena-marker-link">
        <IconTrophy /> 排行榜
      </Link>
    </div>
  );
}
