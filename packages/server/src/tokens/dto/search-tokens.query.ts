import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ListTokensQuery } from './list-tokens.query';

/** `GET /api/token/search`: a part of the name, and/or a full key with or without `sk-`; paged like the list. */
export class SearchTokensQuery extends ListTokensQuery {
  @IsOptional()
  @IsString({ message: '搜索关键字必须是字符串' })
  @MaxLength(64, { message: '搜索关键字过长' })
  keyword?: string;

  @IsOptional()
  @IsString({ message: '令牌必须是字符串' })
  @MaxLength(128, { message: '令牌格式错误' })
  token?: string;
}
