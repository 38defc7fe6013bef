import { IsOptional } from 'class-validator';
import {
  IsCoverPage,
  IsDataFormat,
  IsDatasetDescription,
  IsDatasetFactory,
  IsDatasetName,
  IsDatasetTag,
  IsDataTypeList,
  IsImageFieldList,
  IsReadme,
} from './dataset-fields.rules';

/**
 * `POST /api/data_library/`: a new, empty dataset. data_num, data_size and the times are the
 * server's (any sent are dropped by the global pipe, which keeps only the fields below).
 */
export class CreateDatasetDto {
  @IsDatasetName()
  name: string;

  @IsDataTypeList()
  data_type: string;

  @IsOptional()
  @IsDatasetDescription()
  description?: string;

  @IsOptional()
  @IsDatasetTag()
  tag?: string;

  @IsOptional()
  @IsDataFormat()
  data_format?: string;

  @IsOptional()
  @IsImageFieldList()
  image_field?: string;

  @IsOptional()
  @IsReadme()
  readme?: string;

  @IsOptional()
  @IsDatasetFactory()
  factory?: string;

  @IsOptional()
  @IsCoverPage()
  cover_page?: string;
}
