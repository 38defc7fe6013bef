import { IsValidPassword } from './password.rules';

export class UpdateSelfDto {
  @IsValidPassword()
  password: string;
}
