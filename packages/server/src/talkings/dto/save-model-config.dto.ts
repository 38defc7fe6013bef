import { ValidateBy } from 'class-validator';
import { IsModelName } from './chat-fields.rules';

export const MSG_CONFIG_REQUIRED = '模型参数必须是 JSON 文本或对象';

/** `POST /v1/models/model_config`: the parameters as JSON text (what the chat pages send) or as an object. */
export class SaveModelConfigDto {
  @IsModelName()
  model_name: string;

  @ValidateBy({
    name: 'isConfig',
    validator: { validate: (value: unknown) => typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value)), defaultMessage: () => MSG_CONFIG_REQUIRED },
  })
  config: string | Record<string, unknown>;
}
