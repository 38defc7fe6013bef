import { IMPORT_FORMATS, IMPORT_MODES, type ImportFormat, type ImportMode } from '@gw/shared';
import { IsIn, IsOptional } from 'class-validator';
import { MSG_IMPORT_BAD_FORMAT, MSG_IMPORT_BAD_MODE } from '../import-messages';

/** `POST /api/data_library/:id/import?format&mode`: format from the file name when left out; mode rollback by default. */
export class ImportUploadQuery {
  @IsOptional()
  @IsIn(IMPORT_FORMATS, { message: MSG_IMPORT_BAD_FORMAT })
  format?: ImportFormat;

  @IsOptional()
  @IsIn(IMPORT_MODES, { message: MSG_IMPORT_BAD_MODE })
  mode?: ImportMode;
}
