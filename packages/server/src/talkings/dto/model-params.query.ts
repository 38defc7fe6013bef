import { IsModelName } from './chat-fields.rules';

/** `GET /v1/models/model_default_rule?model=`. */
export class ModelRuleQuery {
  @IsModelName()
  model: string;
}

/** `GET /v1/models/model_config?model_name=`; a `user_id` sent along is dropped: always the signed-in user's. */
export class ModelConfigQuery {
  @IsModelName()
  model_name: string;
}
