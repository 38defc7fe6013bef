import type { FieldKind } from '@gw/shared';
import { FormattedText } from '@/components/formatted-text';
import { ClampedText, type ClampTooltip } from './clamped-text';
import { ImageThumbs } from './image-thumbs';
import { imageUrls } from './record-shape';
import { arrayLines, isObject, linesLength, objectLines, SHORT_TEXT_LENGTH, toText } from './value-text';
import './field-value.css';

export interface FieldValueProps {
  value: unknown;
  kind: FieldKind;
  /** What relative image paths are joined to. */
  cloudPath?: string;
  /** The field is one of the dataset's image fields: its value is one or more image paths. */
  imageField?: boolean;
  /** Lines a long text is clamped to: 2 in table cells, 3 in the detail (spec 3 §9). */
  clampLines?: number;
  /** No tooltip and no click toggle (where a click means something else, as on a clickable row). */
  disableTooltip?: boolean;
  onPreview?: (url: string) => void;
}

/** Spec 3 §9: array and object tooltips 300–800 wide and at most 300 high, scrolling; multimodal ones at most 600 wide, on top. */
const LIST_TOOLTIP: ClampTooltip = { style: { maxWidth: 800, minWidth: 300 }, contentStyle: { maxHeight: 300, overflowY: 'auto' } };
const MULTIMODAL_TOOLTIP: ClampTooltip = { position: 'top', style: { maxWidth: 600 }, contentStyle: { maxHeight: 300, overflowY: 'auto' } };

/** One field of a record in one of the four shapes of spec 3 §3: multimodal, array, object, string. */
export function FieldValue({ value, kind, cloudPath = '', imageField = false, clampLines = 2, disableTooltip = false, onPreview }: FieldValueProps) {
  const tooltip = (style: ClampTooltip) => (disableTooltip ? null : style);

  if (imageField && typeof value === 'string' && value.trim() !== '') {
    return <ImageThumbs urls={imageUrls(cloudPath, value)} onPreview={onPreview} />;
  }

  if (kind === 'multimodal' && isObject(value)) {
    const text = toText(value.text);
    return (
      <div className="field-value field-value-multimodal">
        <ImageThumbs urls={imageUrls(cloudPath, value.image)} onPreview={onPreview} />
        {text && (
          <ClampedText long={text.length >= SHORT_TEXT_LENGTH} lines={clampLines} tooltip={tooltip(MULTIMODAL_TOOLTIP)}>
            <FormattedText text={text} />
          </ClampedText>
        )}
      </div>
    );
  }

  const lines = kind === 'array' && Array.isArray(value) ? arrayLines(value) : kind === 'object' && isObject(value) ? objectLines(value) : null;
  if (lines) {
    return (
      <div className={`field-value field-value-${kind}`}>
        <ClampedText long={linesLength(lines) >= SHORT_TEXT_LENGTH} lines={clampLines} tooltip={tooltip(LIST_TOOLTIP)}>
          {lines.map((line, index) => (
            <div key={index} className="field-value-line">
              <span className="field-value-label">{line.label}</span>
              <FormattedText className="field-value-line-text" text={line.text} />
            </div>
          ))}
        </ClampedText>
      </div>
    );
  }

  // A string, or a value that does not have the shape its kind asks for: plain text.
  const text = toText(value);
  return (
    <div className="field-value field-value-string">
      <ClampedText long={text.length >= SHORT_TEXT_LENGTH} lines={clampLines} tooltip={tooltip(LIST_TOOLTIP)}>
        <FormattedText text={text} />
      </ClampedText>
    </div>
  );
}
