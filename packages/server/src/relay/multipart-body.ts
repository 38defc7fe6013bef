import type { Request } from 'express';
import { FormData as UpstreamForm } from 'undici';
import { RelayError } from './relay-error';

/** OpenAI's own limit for audio uploads. */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Reads a multipart upload (audio transcriptions) with a size limit; the JSON body parser skips these. */
export async function readMultipart(request: Request): Promise<FormData> {
  const type = request.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw new RelayError(400, '请以 multipart/form-data 上传音频文件', 'invalid_request_error', 'invalid_content_type');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_UPLOAD_BYTES) throw new RelayError(413, '上传文件过大（最大 25 MB）', 'invalid_request_error', 'file_too_large');
    chunks.push(chunk as Buffer);
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
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
