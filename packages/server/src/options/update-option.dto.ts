import { Transform } from 'class-transformer';
import { IsDefined, IsString, MaxLength } from 'class-validator';

/** Booleans and numbers are accepted too and kept in their string form, as the spec sends them. */
const toOptionString = ({ value }: { value: unknown }) => (typeof value === 'boolean' || typeof value === 'number' ? String(value) : value);

export class UpdateOptionDto {
  @IsString({ message: '配置项名称必须是字符串' })
  @MaxLength(64, { message: '配置项名称过长' })
  key: string;

  // An object or array is refused rather than saved as "[object Object]".
  @Transform(toOptionString)
  @IsDefined({ message: '配置项的值不能为空' })
  @IsString({ message: '配置项的值必须是字符串' })
  value: string;
}
