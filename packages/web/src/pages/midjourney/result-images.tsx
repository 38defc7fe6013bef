import { Image, Space } from '@arco-design/web-react';
import type { DrawingTask } from '@/api/tasks';
import { resultImageUrls } from './drawing-view';
import './drawing.css';

/** Spec 2 §2: at most 3 thumbnails fit a table cell; the preview still steps through every split image. */
const MAX_THUMBNAILS = 3;
const THUMBNAIL_SIZE = 48;

/** 结果图片: a thumbnail that opens the preview; several split images share one preview group. */
export function ResultImages({ task }: { task: DrawingTask }) {
  const urls = resultImageUrls(task);
  if (urls.length === 0) return <>-</>;
  if (urls.length === 1) return <Image width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} src={urls[0]} alt="结果图片" className="drawing-thumb" />;
  return (
    <Image.PreviewGroup srcList={urls} infinite>
      <Space size={4}>
        {urls.slice(0, MAX_THUMBNAILS).map((url, index) => (
          <Image key={url} width={THUMBNAIL_SIZE} height={THUMBNAIL_SIZE} src={url} alt={`结果图片 ${index + 1}`} className="drawing-thumb" />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
