import { useState } from 'react';

interface ImageThumbsProps {
  urls: string[];
  onPreview?: (url: string) => void;
}

/** 24 × 24 thumbnails of an image value; a thumbnail that fails to load hides itself (spec 3 §8). */
export function ImageThumbs({ urls, onPreview }: ImageThumbsProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const shown = urls.filter((url) => !failed.has(url));
  if (shown.length === 0) return null;
  return (
    <span className="field-value-images">
      {shown.map((url) => (
        <img
          key={url}
          className="field-value-thumb"
          src={url}
          alt="图片"
          loading="lazy"
          onError={() => setFailed((current) => new Set(current).add(url))}
          onClick={(event) => {
            event.stopPropagation();
            onPreview?.(url);
          }}
        />
      ))}
    </span>
  );
}
