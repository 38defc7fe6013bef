import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class StateQueryDto {
  /** The invitation code the new account will be created with. */
  @IsOptional()
  @IsString({ message: '邀请码无效，请向邀请人确认' })
  @MaxLength(32, { message: '邀请码无效，请向邀请人确认' })
  aff?: string;
}

export class AuthorizeQueryDto {
  @IsString({ message: '缺少授权状态参数' })
  @IsNotEmpty({ message: '缺少授权状态参数' })
  @MaxLength(128, { message: '授权状态无效或已过期，请返回登录页重新发起授权' })
  state: string;
}

/** The provider's redirect, as the OAuth callback page passes it on (spec 1 §2.6). */
export class OAuthCallbackQueryDto extends AuthorizeQueryDto {
  @IsString({ message: '缺少授权码' })
  @IsNotEmpty({ message: '缺少授权码' })
  @MaxLength(512, { message: '授权码无效' })
  code: string;
}

/** The OpenID Connect provider's redirect: also its `iss` (RFC 9207), which openid-client checks when the provider sends it. */
export class OidcCallbackQueryDto extends OAuthCallbackQueryDto {
  @IsOptional()
  @IsString({ message: '授权回调参数无效' })
  @MaxLength(512, { message: '授权回调参数无效' })
  iss?: string;
}

export class WeChatCodeQueryDto extends StateQueryDto {
  @IsString({ message: '请输入验证码' })
  @IsNotEmpty({ message: '请输入验证码' })
  @MaxLength(64, { message: '验证码错误或已过期' })
  code: string;
}
