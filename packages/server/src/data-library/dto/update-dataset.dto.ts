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

/** `PUT /api/data_library/:id`: any subset of the fields (the cover change sends only cover_page); a field left out keeps its value. */
export class UpdateDatasetDto {
  @IsOptional()
  @IsDatasetName()
  name?: string;

  @IsOptional()
  @IsDataTypeList()
  data_type?: string;

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
