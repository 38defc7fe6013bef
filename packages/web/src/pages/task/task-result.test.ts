import { describe, expect, it } from 'vitest';
import { taskResult } from './task-result';
import { makeClip } from './test-factories';

describe(taskResult.name, () => {
  it("reads a MUSIC task's songs, dropping entries that are not songs and filling missing fields", () => {
    const clip = makeClip();
    expect(taskResult({ action: 'MUSIC', data: [clip, null, 'oops', { id: 'c2', audio_url: 'https://cdn.example.com/c2.mp3', duration: '3' }] })).toEqual({
      kind: 'music',
      clips: [clip, { id: 'c2', title: '', audio_url: 'https://cdn.example.com/c2.mp3', image_url: '', video_url: '', duration: 0 }],
    });
  });

  it("reads a LYRICS task's title and text", () => {
    expect(taskResult({ action: 'LYRICS', data: { title: '夏夜', text: '晚风吹过' } })).toEqual({ kind: 'lyrics', lyrics: { title: '夏夜', text: '晚风吹过' } });
    expect(taskResult({ action: 'LYRICS', data: { text: '晚风吹过' } })).toEqual({ kind: 'lyrics', lyrics: { title: '', text: '晚风吹过' } });
  });

  it.each([
    ['no data yet', { action: 'MUSIC', data: null }],
    ['no songs', { action: 'MUSIC', data: [] }],
    ['songs in the shape of lyrics', { action: 'MUSIC', data: { title: 'x', text: 'y' } }],
    ['lyrics without text', { action: 'LYRICS', data: { title: '夏夜', text: '' } }],
    ['lyrics in the shape of songs', { action: 'LYRICS', data: [makeClip()] }],
    ['another action', { action: 'REMIX', data: [makeClip()] }],
  ])('has nothing to show for %s', (_, task) => {
    expect(taskResult(task)).toBeNull();
  });
});
