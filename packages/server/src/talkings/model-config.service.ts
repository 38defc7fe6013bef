import { checkModelParams, type ModelParams, paramRulesFor } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { UserModelConfigEntity } from './user-model-config.entity';

/** A saved config as the chat pages read it: the parameters as JSON text (spec 3 §8). */
export interface ModelConfigView {
  model_name: string;
  config: string;
}

export const MSG_CONFIG_NOT_JSON = '模型参数不是有效的 JSON';

/** Each user's saved parameters per model (GET/POST /v1/models/model_config). */
@Injectable()
export class ModelConfigService {
  constructor(@InjectRepository(UserModelConfigEntity) private readonly configs: Repository<UserModelConfigEntity>) {}

  async get(userId: number, modelName: string): Promise<ModelConfigView | null> {
    const row = await this.configs.findOneBy({ user_id: userId, model_name: modelName });
    return row ? { model_name: row.model_name, config: JSON.stringify(row.config) } : null;
  }

  /** Checks the parameters against the model's rules (paramRulesFor) and replaces the saved ones. */
  async save(userId: number, modelName: string, config: string | Record<string, unknown>): Promise<ModelConfigView> {
    const params = typeof config === 'string' ? parseJson(config) : config;
    const problem = checkModelParams(params, paramRulesFor(modelName));
    if (problem) throw new BusinessError(problem);
    const saved = params as ModelParams;
    await this.configs.upsert({ user_id: userId, model_name: modelName, config: saved, updated_at: nowSeconds() }, ['user_id', 'model_name']);
    return { model_name: modelName, config: JSON.stringify(saved) };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BusinessError(MSG_CONFIG_NOT_JSON);
  }
}
