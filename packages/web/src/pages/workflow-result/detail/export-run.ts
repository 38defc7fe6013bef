import type { WorkflowExportFormat } from '@gw/shared';
import { runExportUrl } from '@/api/workflow-runs';
import { downloadFile } from '@/lib/download';
import { EXPORT_EXTENSIONS } from '../run-view';

/** Saves a run's export under the server's name, else `workflow-run-{id}.{ext}`. Resolves whether the file was saved. */
export const downloadRunExport = (id: number, format: WorkflowExportFormat): Promise<boolean> =>
  downloadFile(runExportUrl(id, format), { fallbackName: `workflow-run-${id}.${EXPORT_EXTENSIONS[format]}` });
