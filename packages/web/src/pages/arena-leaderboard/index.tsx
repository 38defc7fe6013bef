import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, Input, Radio, Spin, Table, Typography } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { ARENA_CATEGORY_MAX_LENGTH, ROLE_ADMIN, type ArenaLeaderboardScope } from '@gw/shared';
import type { LandingState } from '@/pages/multi-model-compare/launch-state';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { intervalScale, orderMatrix } from './board-format';
import { getColumns, type RankedRating } from './columns';
import { useLeaderboard } from './use-leaderboard';
import { WinMatrix } from './win-matrix';
import './arena-leaderboard.css';

export const MSG_ARENA_BOARD_EMPTY = '暂无投票，去对战模式投出第一票吧';

/** The compare chat's landing page, opened in 对战模式. */
const ARENA_LANDING: LandingState = { models: [], mode: 'arena' };

/**
 * /arena/leaderboard (issue 33): the models rated by the blind battles' votes, the user's own or
 * the whole site's (administrators, or everyone when the status says ArenaLeaderboardPublic),
 * optionally of one category, and who beat whom.
 */
export default function ArenaLeaderboardPage() {
  const isAdmin = useUserStore((state) => (state.user?.role ?? 0) >= ROLE_ADMIN);
  const isPublic = useStatusStore((state) => state.status?.arena_leaderboard_public === true);
  const mayReadSite = isAdmin || isPublic;
  const [scope, setScope] = useState<ArenaLeaderboardScope>('me');
  const [categoryDraft, setCategoryDraft] = useState('');
  const [category, setCategory] = useState('');
  const { board, loading, refresh } = useLeaderboard(scope, category, () => setScope('me'));

  const rows: RankedRating[] = board.ratings.map((rating, index) => ({ ...rating, rank: index + 1 }));
  const empty = !loading && rows.length === 0;
  const columns = getColumns(rows.length > 0 ? intervalScale(rows) : { min: 0, max: 1 });
  // The columns' widths added up: wider than a phone, where the table scrolls sideways.
  const tableWidth = columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0);

  return (
    <div className="arena-board">
      <Typography.Title heading={4} className="arena-board-title">
        模型排行榜
      </Typography.Title>
      <Card>
        <div className="arena-board-toolbar">
          {mayReadSite && (
            <Radio.Group type="button" value={scope} onChange={(value: ArenaLeaderboardScope) => setScope(value)} aria-label="范围">
              <Radio value="me">我的投票</Radio>
              <Radio value="all">全站</Radio>
            </Radio.Group>
          )}
          <Input.Search
            className="arena-board-category"
            aria-label="分类"
            allowClear
            placeholder="按分类筛选，留空为全部"
            maxLength={ARENA_CATEGORY_MAX_LENGTH}
            value={categoryDraft}
            onChange={(value) => {
              setCategoryDraft(value);
              // Cleared: back to every category at once.
              if (value === '') setCategory('');
            }}
            onSearch={(value) => setCategory(value.trim())}
          />
          <Button icon={<IconRefresh />} onClick={refresh}>
            刷新
          </Button>
        </div>
        <Typography.Paragraph type="secondary" className="arena-board-note">
          评分由对战模式的匿名投票按 Bradley–Terry 模型计算（平均 1000 分），区间为 95% 置信区间，对战越多越窄；投票后排行榜会在片刻后更新。
        </Typography.Paragraph>
        {empty ? (
          <Empty
            className="arena-board-empty"
            description={
              <div>
                <div>{MSG_ARENA_BOARD_EMPTY}</div>
                <Link to="/multi-model-chat" state={ARENA_LANDING}>
                  去对战模式
                </Link>
              </div>
            }
          />
        ) : (
          <Table<RankedRating>
            rowKey="model"
            loading={loading}
            columns={columns}
            data={rows}
            pagination={false}
            scroll={{ x: tableWidth }}
            border={false}
          />
        )}
      </Card>
      {!empty && (
        <Card title="两两胜率" className="arena-board-matrix-card">
          <Typography.Paragraph type="secondary" className="arena-board-note">
            每格为行模型对列模型的胜率（平局算半场），格中小字为对战次数；“—”表示两者没有对战过。
          </Typography.Paragraph>
          {loading ? <Spin /> : <WinMatrix matrix={orderMatrix(board.matrix, rows.map((row) => row.model))} />}
        </Card>
      )}
    </div>
  );
}
