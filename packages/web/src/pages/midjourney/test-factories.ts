import type { DrawingTask } from '@/api/tasks';

/** A finished drawing task as GET /api/mj/ answers it (admin fields included); fields overridable. */
export function makeDrawingTask(fields: Partial<DrawingTask> = {}): DrawingTask {
  return {
    id: 1,
    mj_id: '1712345678901',
    action: 'IMAGINE',
    code: 1,
    status: 'SUCCESS',
    progress: '100%',
    prompt: '一只猫',
    prompt_en: 'a cat',
    description: '',
    image_url: 'https://cdn.example.com/mj/1.png',
    image_urls: [],
    fail_reason: '',
    quota: 50_000,
    submit_time: 1_749_880_000,
    start_time: 1_749_880_005,
    finish_time: 1_749_880_030,
    channel_id: 5,
    user_id: 9,
    username: 'bob',
    ...fields,
  };
}
