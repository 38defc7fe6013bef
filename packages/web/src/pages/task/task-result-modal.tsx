import { Image, Link, Modal, Typography } from '@arco-design/web-react';
import type { Lyrics, MusicClip } from '@/api/tasks';
import { isWebAddress } from '@/pages/topup/topup-view';
import type { TaskResult } from './task-result';
import './task.css';

function ClipItem({ clip }: { clip: MusicClip }) {
  const title = clip.title || '未命名';
  return (
    <div className="task-clip">
      {clip.image_url && <Image className="task-clip-cover" width={88} height={88} src={clip.image_url} alt={`${title} 封面`} />}
      <div className="task-clip-body">
        <Typography.Text bold>
          {title}
          {clip.duration > 0 && <Typography.Text type="secondary">（{Math.round(clip.duration)} 秒）</Typography.Text>}
        </Typography.Text>
        {clip.audio_url ? <audio className="task-clip-audio" controls preload="none" src={clip.audio_url} aria-label={title} /> : <Typography.Text type="secondary">暂无音频</Typography.Text>}
        {/* The address comes from the music platform: only http(s) becomes a link (an empty one would resolve to this page). */}
        {clip.video_url && isWebAddress(clip.video_url) && (
          <Link href={clip.video_url} target="_blank" rel="noopener noreferrer">
            观看视频
          </Link>
        )}
      </div>
    </div>
  );
}

function LyricsText({ lyrics }: { lyrics: Lyrics }) {
  return (
    <>
      {lyrics.title && <Typography.Title heading={6}>{lyrics.title}</Typography.Title>}
      <div className="task-lyrics">{lyrics.text}</div>
    </>
  );
}

interface TaskResultModalProps {
  /** The result shown; kept while the dialog fades out. */
  result: TaskResult | null;
  visible: boolean;
  onClose: () => void;
}

/** 结果 of a music task: each song with its cover, a player and its video, or the lyrics written. */
export function TaskResultModal({ result, visible, onClose }: TaskResultModalProps) {
  return (
    <Modal title={result?.kind === 'lyrics' ? '歌词' : '音乐'} visible={visible} footer={null} onCancel={onClose} unmountOnExit style={{ width: 640 }}>
      {result?.kind === 'music' && result.clips.map((clip, index) => <ClipItem key={clip.id || index} clip={clip} />)}
      {result?.kind === 'lyrics' && <LyricsText lyrics={result.lyrics} />}
    </Modal>
  );
}
