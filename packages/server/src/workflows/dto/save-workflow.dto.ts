import { WORKFLOW_TYPES, type WorkflowType } from '@gw/shared';
import { IsDefined, IsIn, IsOptional, ValidateBy } from 'class-validator';

/** JSON text, or the object itself (the graph rules read both; graph-rules.ts). */
const IsJsonField = (label: string) =>
  ValidateBy({
    name: 'isJsonField',
    validator: {
      validate: (value: unknown) => typeof value === 'string' || (typeof value === 'object' && value !== null),
      defaultMessage: () => `${label}必须是 JSON 文本或对象`,
    },
  });

/** `POST /api/workflow/:appId`: saved as the app's draft once graph-rules.ts accepts it. */
export class SaveWorkflowDto {
  @IsOptional()
  @IsIn(WORKFLOW_TYPES, { message: `工作流类型必须是 ${WORKFLOW_TYPES.join('、')} 之一` })
  type?: WorkflowType;

  @IsDefined({ message: '请提供工作流图 graph' })
  @IsJsonField('工作流图 graph ')
  graph: unknown;

  @IsOptional()
  @IsJsonField('features ')
  features?: unknown;

  @IsOptional()
  @IsJsonField('会话变量 conversation_variables ')
  conversation_variables?: unknown;

  @IsOptional()
  @IsJsonField('环境变量 environment_variables ')
  environment_variables?: unknown;
}
