import { Link } from 'react-router-dom';
import { Button, Input, Radio } from '@arco-design/web-react';
import { IconThunderbolt } from '@arco-design/web-react/icon';
import { ARENA_CATEGORY_MAX_LENGTH } from '@gw/shared';
import type { BattleChoice } from './battle-launch';

interface ArenaSetupProps {
  choice: BattleChoice;
  onChange: (choice: BattleChoice) => void;
  /** Models chosen in the config panel. */
  selectedCount: number;
  onStart: () => void;
}

/** 对战模式's options under the message box: which models fight, the category, and the start. */
export function ArenaSetup({ choice, onChange, selectedCount, onStart }: ArenaSetupProps) {
  return (
    <section className="multi-chat-arena" aria-label="对战设置">
      <div className="multi-chat-arena-row">
        <span className="multi-chat-arena-label">对战模型</span>
        <Radio.Group value={choice.pick} onChange={(pick: BattleChoice['pick']) => onChange({ ...choice, pick })}>
          <Radio value="chosen">所选模型（{selectedCount}）</Radio>
          <Radio value="random">随机对战</Radio>
        </Radio.Group>
        {choice.pick === 'random' && (
          <Radio.Group type="button" size="small" value={choice.count} onChange={(count: BattleChoice['count']) => onChange({ ...choice, count })} aria-label="随机模型数">
            <Radio value={2}>2 个模型</Radio>
            <Radio value={3}>3 个模型</Radio>
          </Radio.Group>
        )}
      </div>
      <div className="multi-chat-arena-row">
        <span className="multi-chat-arena-label">分类</span>
        <Input
          className="multi-chat-arena-category"
          aria-label="分类"
          allowClear
          maxLength={ARENA_CATEGORY_MAX_LENGTH}
          placeholder="可选，如 编程、写作；排行榜可按分类查看"
          value={choice.category}
          onChange={(category) => onChange({ ...choice, category })}
        />
      </div>
      <p className="multi-chat-arena-hint">
        投票前不显示模型名称，各模型使用默认参数；每场对战投一票，投票后揭晓模型并计入<Link to="/arena/leaderboard">模型排行榜</Link>。
      </p>
      <Button type="primary" icon={<IconThunderbolt />} onClick={onStart}>
        开始对战
      </Button>
    </section>
  );
}
