import type { DataPage, DatasetView, SourceRowView } from '@gw/shared';
import { MSG_DATASET_NOT_FOUND } from '@gw/shared';
import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Access } from '../auth/access.decorator';
import { IdPipe } from '../common/int-range';
import type { DatasetPage } from './dataset.view';
import { DatasetsService } from './datasets.service';
import { ListDatasetsQuery } from './dto/list-datasets.query';
import { ListSourceQuery } from './dto/list-source.query';
import { SourceRecordsService } from './source-records.service';
import { Viewer } from './viewer';

/** The data market's reads (docs/console-api.md "Data market"): public; records past the first DATA_GUEST_ROWS need a session. */
@Controller('api/data_library_info')
@Access('public')
export class DatasetsController {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly records: SourceRecordsService,
    private readonly viewer: Viewer,
  ) {}

  @Get()
  list(@Query() query: ListDatasetsQuery): Promise<DatasetPage> {
    return this.datasets.list(query);
  }

  // Before :id, which would take "source" for an id.
  @Get('source')
  source(@Query() query: ListSourceQuery, @Req() request: Request): Promise<DataPage<SourceRowView>> {
    return this.records.list(query, () => this.viewer.isSignedIn(request));
  }

  @Get(':id')
  get(@Param('id', new IdPipe(MSG_DATASET_NOT_FOUND)) id: number): Promise<DatasetView> {
    return this.datasets.get(id);
  }
}
