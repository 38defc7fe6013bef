import { FormData as UpstreamForm } from 'undici';
import type { RelayMode } from './relay-context';
import { RelayError } from './relay-error';
import { headerOf, readBody, type RelayRequest } from './relay-request';

/**
 * The endpoints whose request is a multipart upload, with OpenAI's own size limit for it: audio
 * files (transcriptions, translations) up to 25 MB, image edits (images and mask) up to 50 MB.
 */
const UPLOAD_LIMITS: Partial<Record<RelayMode, { bytes: number; what: string }>> = {
  transcriptions: { bytes: 25 * 1024 * 1024, what: '音频文件' },
  translations: { bytes: 25 * 1024 * 1024, what: '音频文件' },
  'image-edits': { bytes: 50 * 1024 * 1024, what: '图片' },
};

export const isUploadMode = (mode: RelayMode): boolean => UPLOAD_LIMITS[mode] !== undefined;

/** Reads the multipart upload of an upload mode (isUploadMode) with its size limit. */
export async function readMultipart(mode: RelayMode, request: RelayRequest): Promise<FormData> {
  const limit = UPLOAD_LIMITS[mode]!;
  const type = headerOf(request.headers, 'content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw new RelayError(400, `请以 multipart/form-data 上传${limit.what}`, 'invalid_request_error', 'invalid_content_type');
  const raw = await readBody(request.stream, limit.bytes, `上传文件过大（最大 ${limit.bytes / 1024 / 1024} MB）`);
  try {
    return await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new RelayError(400, '无法解析上传的表单', 'invalid_request_error', 'invalid_form');
  }
}

/** The text fields of a form, for the model name and the request estimate. */
export const formFields = (form: FormData): Record<string, unknown> =>
  Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));

/** A copy of the form for the upstream (undici's own FormData), with the model replaced (model_mapping). */
export function withModel(form: FormData, model: string): UpstreamForm {
  const copy = new UpstreamForm();
  for (const [name, value] of form.entries()) copy.append(name, name === 'model' ? model : value);
  return copy;
}
