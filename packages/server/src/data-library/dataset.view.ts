import type { DataPage, DatasetView } from '@gw/shared';
import type { DatasetEntity } from './dataset.entity';

/** A dataset as every data market call answers it; `title` repeats the name (spec 3 §3 reads both). */
export function toDatasetView(dataset: DatasetEntity): DatasetView {
  return {
    id: dataset.id,
    name: dataset.name,
    title: dataset.name,
    description: dataset.description,
    tag: dataset.tag,
    data_type: dataset.data_type,
    data_format: dataset.data_format,
    data_num: dataset.data_num,
    data_size: dataset.data_size,
    data_update_time: dataset.data_update_time,
    image_field: dataset.image_field,
    readme: dataset.readme,
    factory: dataset.factory,
    cover_page: dataset.cover_page,
    cloud_path: dataset.cloud_path,
    created_at: dataset.created_at,
  };
}

export type DatasetPage = DataPage<DatasetView>;
