import { DATASET_DESCRIPTION_MAX_LENGTH, DATASET_NAME_MAX_LENGTH, DATASET_README_MAX_LENGTH } from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import {
  dataFormatProblem,
  dataTypeProblem,
  imageFieldProblem,
  MSG_DATA_TYPE_REQUIRED,
  normalizeDataFormat,
  normalizeDataTypes,
  normalizeImageFields,
  readmeProblem,
} from '../dataset-rules';

export const TAG_MAX_LENGTH = 200;
export const FACTORY_MAX_LENGTH = 100;
export const IMAGE_FIELD_MAX_LENGTH = 500;
export const COVER_PAGE_MAX_LENGTH = 1000;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Normalizes a valid string; anything else is left for the rules to name. */
const normalized =
  (problem: (text: string) => string | undefined, normalize: (text: string) => string) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'string' && problem(value) === undefined ? normalize(value) : value;

/** A rule of dataset-rules.ts as a class-validator constraint carrying its own message. */
const Follows = (name: string, problem: (text: string) => string | undefined) =>
  ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'string' && problem(value) === undefined,
      defaultMessage: (args) => (typeof args?.value === 'string' ? (problem(args.value) ?? '') : ''),
    },
  });

const Text = (label: string, max: number) =>
  applyDecorators(Transform(trim), IsString({ message: `${label}必须是字符串` }), MaxLength(max, { message: `${label}不能超过 ${max} 个字符` }));

export const IsDatasetName = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: '请输入数据集名称' }),
    IsNotEmpty({ message: '请输入数据集名称' }),
    MaxLength(DATASET_NAME_MAX_LENGTH, { message: `数据集名称不能超过 ${DATASET_NAME_MAX_LENGTH} 个字符` }),
  );

export const IsDatasetDescription = () => Text('描述', DATASET_DESCRIPTION_MAX_LENGTH);
export const IsDatasetTag = () => Text('标签', TAG_MAX_LENGTH);
export const IsDatasetFactory = () => Text('提供方', FACTORY_MAX_LENGTH);

export const IsDataTypeList = () =>
  applyDecorators(
    Transform(normalized(dataTypeProblem, normalizeDataTypes)),
    IsString({ message: MSG_DATA_TYPE_REQUIRED }),
    Follows('isDataTypeList', dataTypeProblem),
  );

export const IsDataFormat = () =>
  applyDecorators(
    Transform(normalized(dataFormatProblem, normalizeDataFormat)),
    IsString({ message: '数据格式必须是 JSON 文本' }),
    Follows('isDataFormat', dataFormatProblem),
  );

/** Kept as written (plain text or a ReadmeDoc's JSON). */
export const IsReadme = () =>
  applyDecorators(
    IsString({ message: '说明文档必须是字符串' }),
    MaxLength(DATASET_README_MAX_LENGTH, { message: `说明文档不能超过 ${DATASET_README_MAX_LENGTH} 个字符` }),
    Follows('isReadme', readmeProblem),
  );

export const IsImageFieldList = () =>
  applyDecorators(
    Transform(normalized(imageFieldProblem, normalizeImageFields)),
    IsString({ message: '图片字段必须是字符串' }),
    MaxLength(IMAGE_FIELD_MAX_LENGTH, { message: `图片字段不能超过 ${IMAGE_FIELD_MAX_LENGTH} 个字符` }),
    Follows('isImageFieldList', imageFieldProblem),
  );

/** A string here; whether it is a URL this product stored is the service's check (it knows the storage). */
export const IsCoverPage = () => Text('封面地址', COVER_PAGE_MAX_LENGTH);
