import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MSG_NOTE_CONTENT_REQUIRED, MSG_NOTE_TITLE_REQUIRED } from '@gw/shared';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SaveUpdateNoteDto {
  @Transform(trim)
  @IsString({ message: MSG_NOTE_TITLE_REQUIRED })
  @IsNotEmpty({ message: MSG_NOTE_TITLE_REQUIRED })
  @MaxLength(255, { message: '标题不能超过 255 个字符' })
  title: string;

  // Not trimmed (Markdown may start with spaces), but blank text is no content.
  @IsString({ message: MSG_NOTE_CONTENT_REQUIRED })
  @IsNotEmpty({ message: MSG_NOTE_CONTENT_REQUIRED })
  @Matches(/\S/, { message: MSG_NOTE_CONTENT_REQUIRED })
  @MaxLength(100_000, { message: '内容过长' })
  content: string;
}
