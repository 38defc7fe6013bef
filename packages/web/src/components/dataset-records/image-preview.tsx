import { useEffect, useState } from 'react';
import { Image } from '@arco-design/web-react';
import { MSG_IMAGE_LOAD_FAILED } from '@gw/shared';

interface ImagePreviewProps {
  /** The image shown; null when the preview is closed. */
  url: string | null;
  onClose: () => void;
}

/** The full-size view of a record's image; one that fails to load is replaced by a grey placeholder (spec 3 §8). */
export function ImagePreview({ url, onClose }: ImagePreviewProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [url]);

  return (
    <Image.Preview
      src={url ?? ''}
      visible={url !== null}
      onVisibleChange={(visible) => {
        if (!visible) onClose();
      }}
      imgAttributes={{ alt: '图片预览', onError: () => setFailed(true) }}
      imageRender={(image) => (failed ? <div className="record-image-failed">{MSG_IMAGE_LOAD_FAILED}</div> : image)}
    />
  );
}
