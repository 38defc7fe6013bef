import type { AsyncTask, Lyrics, MusicClip } from '@/api/tasks';

/** What the 结果 cell can open: the songs of a MUSIC task or the lyrics of a LYRICS task. */
export type TaskResult = { kind: 'music'; clips: MusicClip[] } | { kind: 'lyrics'; lyrics: Lyrics };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Reads a task's `data` (no fixed shape on the wire: it is what the platform answered). Null when
 * there is nothing to show: no data yet, no songs, lyrics without text, another action.
 */
export function taskResult(task: Pick<AsyncTask, 'action' | 'data'>): TaskResult | null {
  if (task.action === 'MUSIC' && Array.isArray(task.data)) {
    const clips = task.data.filter(isObject).map(
      (clip): MusicClip => ({
        id: text(clip.id),
        title: text(clip.title),
        audio_url: text(clip.audio_url),
        image_url: text(clip.image_url),
        video_url: text(clip.video_url),
        duration: typeof clip.duration === 'number' ? clip.duration : 0,
      }),
    );
    return clips.length > 0 ? { kind: 'music', clips } : null;
  }
  if (task.action === 'LYRICS' && isObject(task.data) && text(task.data.text)) {
    return { kind: 'lyrics', lyrics: { title: text(task.data.title), text: text(task.data.text) } };
  }
  return null;
}
