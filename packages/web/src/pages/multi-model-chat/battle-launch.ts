import { ARENA_MIN_MODELS, MSG_ARENA_MODEL_COUNT, chatTitleOf } from '@gw/shared';
import type { CompareLaunchState, SelectedModel } from '@/pages/multi-model-compare/launch-state';

/** How the landing page's 对战模式 picks the battle's models. */
export interface BattleChoice {
  /** 'chosen': the models of the config panel; 'random': drawn by the server (随机对战). */
  pick: 'chosen' | 'random';
  /** How many models a random battle draws. */
  count: 2 | 3;
  /** The leaderboard's category; optional. */
  category: string;
}

export const DEFAULT_BATTLE: BattleChoice = { pick: 'chosen', count: 2, category: '' };

/** The name of a battle opened without a question. */
export const ARENA_DEFAULT_TITLE = '模型对战';

export const MSG_ARENA_NO_IMAGES = '对战模式暂不支持图片，请先移除图片';

/** Why the battle cannot start, or null. The panel holds at most three models, the arena's maximum. */
export function battleProblem(choice: BattleChoice, selectedCount: number): string | null {
  if (choice.pick === 'chosen' && selectedCount < ARENA_MIN_MODELS) return MSG_ARENA_MODEL_COUNT;
  return null;
}

/**
 * The compare page's launch of a battle: named like a chat from its first question (none yet:
 * 模型对战), with the models chosen or a count to draw; the compare page opens it as a new chat.
 */
export function battleLaunch(choice: BattleChoice, text: string, selected: SelectedModel[]): CompareLaunchState {
  const category = choice.category.trim();
  return {
    kind: 'new',
    initialMessage: text,
    chatTitle: text.trim() ? chatTitleOf(text) : ARENA_DEFAULT_TITLE,
    models: selected,
    enableThinking: false,
    uploadedFiles: [],
    arena: choice.pick === 'chosen' ? { models: selected.map((item) => item.model.name), category } : { count: choice.count, category },
  };
}
