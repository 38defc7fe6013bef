import type { DataPage, DatasetInput, DatasetView, ImportFormat, ImportMode, ImportView, SourceRowView } from '@gw/shared';
import { http } from '@/api/http';

/** The data market's calls (spec 3 §7 "Data market"; docs/console-api.md "Data market"). Reads are public, writes root only. */

export interface DatasetQuery {
  /** From 1. */
  page: number;
  page_size: number;
  /** DATA_TYPES; a dataset matches when it has any of them. */
  types: string[];
  /** Contained in the name or the description. */
  description: string;
}

export const listDatasets = ({ page, page_size, types, description }: DatasetQuery) =>
  http.get<DataPage<DatasetView>>('/api/data_library_info/', {
    page,
    page_size,
    data_type: types.length > 0 ? types.join(',') : undefined,
    description: description.trim() || undefined,
  });

export const getDataset = (id: number | string) => http.get<DatasetView>(`/api/data_library_info/${id}`);

/** `page` from 1. Guests read only the first DATA_GUEST_ROWS records. */
export const listSourceRows = (belongId: number | string, page: number, pageSize: number) =>
  http.get<DataPage<SourceRowView>>('/api/data_library_info/source', { belong_id: belongId, page, page_size: pageSize });

export const createDataset = (input: DatasetInput) => http.post<DatasetView>('/api/data_library/', input);
/** Any subset of the fields; the cover change sends only cover_page. */
export const updateDataset = (id: number, input: Partial<DatasetInput>) => http.put<DatasetView>(`/api/data_library/${id}`, input);
export const deleteDataset = (id: number) => http.delete<boolean>(`/api/data_library/${id}`);

/** Where the multipart uploads go (sent with XMLHttpRequest for their progress, see api/upload.ts). */
export const COVER_UPLOAD_PATH = '/api/data_library/upload_cover_page';
export const importUploadPath = (datasetId: number, format: ImportFormat, mode: ImportMode) =>
  `/api/data_library/${datasetId}/import?format=${format}&mode=${mode}`;

export interface CoverUploadReply {
  oss_url: string;
}

export const getImport = (importId: number) => http.get<ImportView>(`/api/data_library/imports/${importId}`);
/** The dataset's imports, newest first. */
export const listImports = (datasetId: number) => http.get<ImportView[]>(`/api/data_library/${datasetId}/imports`);
export const cancelImport = (importId: number) => http.post<ImportView>(`/api/data_library/imports/${importId}/cancel`);
