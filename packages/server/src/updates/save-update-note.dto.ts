import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SaveUpdateNoteDto {
  @Transform(trim)
  @IsString({ message: 'please enter title' })
  @IsNotEmpty({ message: 'please enter title' })
  @MaxLength(255, { message: '标题不能超过 255 个字符' })
  title: string;

  // Not trimmed (Markdown may start with spaces), but blank text is no content.
  @IsString({ message: 'please enter content' })
  @IsNotEmpty({ message: 'please enter content' })
  @Matches(/\S/, { message: 'please enter content' })
  @MaxLength(100_000, { message: '内容过长' })
  content: string;
}
