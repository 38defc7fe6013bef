import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';

const MSG_MODELS = '请指定要测试的模型列表';

/** `POST /api/channel/test_models/:id`: some of the channel's models, or without `models` all of them. */
export class TestModelsDto {
  // Decorators apply bottom-up: IsArray, last, is the first rule answered, so a value that is no list says so.
  @IsOptional()
  @MaxLength(255, { each: true, message: '模型名称过长' })
  @IsString({ each: true, message: MSG_MODELS })
  @ArrayMaxSize(1000, { message: '一次最多测试 1000 个模型' })
  @ArrayNotEmpty({ message: MSG_MODELS })
  @IsArray({ message: MSG_MODELS })
  models?: string[];
}
