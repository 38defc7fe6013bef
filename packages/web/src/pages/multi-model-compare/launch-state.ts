import type { ChatModelView, ChatUploadView, ModelParams, TalkingMode } from '@gw/shared';

/** A model chosen on the landing page with the parameters it will be called with. */
export interface SelectedModel {
  model: ChatModelView;
  params: ModelParams;
}

/**
 * A blind battle to open instead of one conversation per model (issue 33): the models chosen, or
 * `count` drawn at random by the server ("随机对战"), and the leaderboard's category.
 */
export interface ArenaLaunch {
  models?: string[];
  count?: number;
  category: string;
}

/** Router state from /multi-model-chat to /multi-model-compare (spec 3 §2.9 "Sending navigates…"). */
export interface CompareLaunchState {
  kind: 'new';
  /** May be empty for a battle: it opens with no question asked. */
  initialMessage: string;
  chatTitle: string;
  models: SelectedModel[];
  enableThinking: boolean;
  uploadedFiles: ChatUploadView[];
  /** Set: start an arena battle. */
  arena?: ArenaLaunch;
}

/** Router state of /multi-model-compare/history/{talkingId} opened from the history list (spec 3 §2.10). */
export interface CompareHistoryState {
  kind: 'history';
  chatTitle: string;
  talkingId: number;
}

/** Router state back to /multi-model-chat from "new conversation": the current models and their parameters. */
export interface LandingState {
  models: SelectedModel[];
  /** 'arena': back from a battle, the landing page opens in 对战模式. */
  mode?: TalkingMode;
}

/** Where a past chat opens, with the state the history list hands over (a link or a navigate). */
export function talkingHistoryLink(talking: { id: number; name: string }): { to: string; state: CompareHistoryState } {
  return { to: `/multi-model-compare/history/${talking.id}`, state: { kind: 'history', chatTitle: talking.name, talkingId: talking.id } };
}
