import { OptionCard } from '../components/option-card';
import { OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** The compare chat arena's leaderboard (issue 33): who may read the whole site's, and which votes count. */
export function ArenaCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="模型对战设置" form={form}>
      <OptionSwitch form={form} option="ArenaLeaderboardPublic" extra="关闭时只有管理员可以查看全站排行榜，普通用户只看自己的投票" />
      <OptionSwitch
        form={form}
        option="ArenaDropSelfIdentified"
        extra="回答里说出了模型名称（如“我是 GPT-4”）的对战不再匿名，开启后这些投票不计入评分；修改后排行榜会重新计算"
      />
    </OptionCard>
  );
}
