import { IsDefined, IsString, MaxLength } from 'class-validator';

export class UpdateOptionDto {
  @IsString({ message: '配置项名称必须是字符串' })
  @MaxLength(64, { message: '配置项名称过长' })
  key: string;

  // Booleans and numbers are accepted too and stored in their string form, as the spec sends them.
  @IsDefined({ message: '配置项的值不能为空' })
  value: string | boolean | number;
}
