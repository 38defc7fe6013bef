import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdPipe } from '../common/int-range';
import { createValidationPipe } from '../common/validation.pipe';
import type { UserEntity } from '../users/user.entity';
import { CreateTokenDto } from './dto/create-token.dto';
import { ListTokensQuery } from './dto/list-tokens.query';
import { SearchTokensQuery } from './dto/search-tokens.query';
import { UpdateTokenStatusDto } from './dto/update-token-status.dto';
import { UpdateTokenDto } from './dto/update-token.dto';
import { MSG_TOKEN_NOT_FOUND } from './dto/token-id.rules';
import type { TokenPage, TokenSearchResult, TokenView } from './token.view';
import { TokensService } from './tokens.service';

/** The body of `PUT /api/token/` is one of two DTOs, chosen by `status_only`; both go through the global rules. */
const bodyPipe = createValidationPipe();

/** A user's own API tokens (docs/console-api.md "Tokens"). */
@Controller('api/token')
@Access('user')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  list(@CurrentUser() user: UserEntity, @Query() query: ListTokensQuery): Promise<TokenPage> {
    return this.tokens.list(user.id, query);
  }

  @Get('search')
  search(@CurrentUser() user: UserEntity, @Query() query: SearchTokensQuery): Promise<TokenSearchResult> {
    return this.tokens.search(user.id, query);
  }

  @Get(':id')
  get(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_TOKEN_NOT_FOUND)) id: number): Promise<TokenView> {
    return this.tokens.get(user.id, id);
  }

  @Post()
  create(@CurrentUser() user: UserEntity, @Body() dto: CreateTokenDto): Promise<TokenView[]> {
    return this.tokens.create(user, dto);
  }

  @Put()
  async update(@CurrentUser() user: UserEntity, @Query('status_only') statusOnly: unknown, @Body() body: unknown): Promise<TokenView> {
    if (statusOnly === 'true') {
      const dto: UpdateTokenStatusDto = await bodyPipe.transform(body, { type: 'body', metatype: UpdateTokenStatusDto });
      return this.tokens.updateStatus(user.id, dto);
    }
    const dto: UpdateTokenDto = await bodyPipe.transform(body, { type: 'body', metatype: UpdateTokenDto });
    return this.tokens.update(user, dto);
  }

  @Delete(':id')
  async remove(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_TOKEN_NOT_FOUND)) id: number): Promise<null> {
    await this.tokens.remove(user.id, id);
    return null;
  }
}
