import { PartialType } from '@nestjs/mapped-types';
import { CreateDatasetDto } from './create-dataset.dto';

/**
 * `PUT /api/data_library/:id`: any subset of the create fields, each checked by the same rules (the
 * cover change sends only cover_page); a field left out keeps its value.
 */
export class UpdateDatasetDto extends PartialType(CreateDatasetDto) {}
