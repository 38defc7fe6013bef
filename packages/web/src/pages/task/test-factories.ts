import type { AsyncTask, MusicClip } from '@/api/tasks';

export function makeClip(fields: Partial<MusicClip> = {}): MusicClip {
  return {
    id: 'clip-1',
    title: '夏夜',
    audio_url: 'https://cdn.example.com/suno/clip-1.mp3',
    image_url: 'https://cdn.example.com/suno/clip-1.jpg',
    video_url: 'https://cdn.example.com/suno/clip-1.mp4',
    duration: 125.4,
    ...fields,
  };
}

/** A finished MUSIC task as GET /api/task/ answers it (admin fields included); fields overridable. */
export function makeAsyncTask(fields: Partial<AsyncTask> = {}): AsyncTask {
  return {
    id: 1,
    task_id: 'a1b2c3d4-0000-4000-8000-000000000001',
    platform: 'suno',
    action: 'MUSIC',
    status: 'SUCCESS',
    progress: '100%',
    fail_reason: '',
    quota: 100_000,
    submit_time: 1_749_880_000,
    start_time: 1_749_880_002,
    finish_time: 1_749_880_040,
    data: [makeClip()],
    channel_id: 8,
    user_id: 9,
    username: 'bob',
    ...fields,
  };
}
