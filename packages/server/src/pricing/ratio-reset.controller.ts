import { Controller, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { WithMessage } from '../common/envelope.interceptor';
import { PricingService } from './pricing.service';

/**
 * POST /api/option/rest_model_ratio (spec 1 §7): ModelRatio, CompletionRatio, ModelPrice and the
 * token kinds' ratios and long-context prices (CacheRatio … ModelTieredPricing) back to the
 * built-in defaults. Lives beside the prices it restores; the options controller keeps the
 * generic key/value calls.
 */
@Controller('api/option')
@Access('root')
export class RatioResetController {
  constructor(private readonly pricing: PricingService) {}

  @Post('rest_model_ratio')
  async reset(@Auditor() actor: AuditActor): Promise<WithMessage<null>> {
    await this.pricing.resetRatios(actor);
    return new WithMessage('模型倍率已重置');
  }
}
