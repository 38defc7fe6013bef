import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, Message, Modal } from '@arco-design/web-react';
import { FETCH_MODELS_TYPES, stripTrailingSlashes } from '@gw/shared';
import { HttpError, callOk, showError } from '@/api/http';
import {
  callWithReason,
  createChannel,
  fetchSavedChannelModels,
  fetchUpstreamModels,
  getChannel,
  updateChannel,
  type Channel,
  type ChannelPayload,
} from '@/api/channels';
import { unique } from '../lists';
import {
  MSG_MODELS_EXIST,
  defaultFormValues,
  defaultModelsForType,
  otherForType,
  parseCustomModels,
  toPayload,
  valuesFromChannel,
  type ChannelFormValues,
  type FormMode,
} from './channel-form';
import { keyRequest, type KeyFields } from './key-request';

export const MSG_NOT_FOUND = '渠道不存在，请刷新后重试';
export const MSG_DUPLICATE_SUBMIT = '提交失败，请勿重复提交！';
export const MSG_FETCH_OPENAI_ONLY = '仅支持 OpenAI 接口格式';
export const MSG_KEY_FIRST = '请填写密钥';

const FORM_FIELDS = Object.keys(defaultFormValues()) as Array<keyof ChannelFormValues>;

/** GET /api/channel/:id; a missing channel (or a bad id) gives null with the spec's message. */
async function loadChannel(id: number): Promise<Channel | null> {
  if (!Number.isInteger(id) || id <= 0) return null;
  try {
    const reply = await getChannel(id);
    return reply.success && reply.data ? reply.data : null;
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) showError(error);
    return null;
  }
}

/**
 * State and handlers of the create/edit page: the Arco form, loading an existing channel, type
 * change defaults, model list buttons and the submit (spec 2 §5 channel form).
 */
export function useChannelForm(id: number | undefined, typeModels: Record<string, string[]> | null) {
  const navigate = useNavigate();
  const [form] = Form.useForm<ChannelFormValues>();
  const mode: FormMode = id === undefined ? 'create' : 'edit';
  const [initial, setInitial] = useState<ChannelFormValues | null>(() => (mode === 'create' ? defaultFormValues(typeModels) : null));
  /** The channel as stored: whether it is multi-key and its key counts decide the key fields. */
  const [stored, setStored] = useState<Channel | null>(null);
  const [fetching, setFetching] = useState(false);
  const submitting = useRef(false);

  useEffect(() => {
    if (id === undefined) return;
    let active = true;
    void loadChannel(id).then((channel) => {
      if (!active) return;
      if (channel) {
        setStored(channel);
        setInitial(valuesFromChannel(channel));
      } else {
        Message.error(MSG_NOT_FOUND);
        navigate('/channel');
      }
    });
    return () => {
      active = false;
    };
  }, [id, navigate]);

  /** Reads the stored channel again after its keys changed elsewhere (the key manager), leaving the form as typed. */
  const refreshStored = () => {
    if (id !== undefined) void loadChannel(id).then((channel) => channel && setStored(channel));
  };

  const values = () => form.getFieldsValue(FORM_FIELDS) as ChannelFormValues;
  const models = () => values().models ?? [];

  /** A new type brings its default "other" value; a new channel also gets the type's models. */
  const handleTypeChange = (type: number) => {
    form.setFieldValue('other', otherForType(values().other ?? '', type));
    if (mode === 'create') form.setFieldValue('models', defaultModelsForType(type, typeModels));
  };

  const handleFillDefaultModels = () => {
    form.setFieldValue('models', unique([...models(), ...defaultModelsForType(values().type, typeModels)]));
  };

  const handleClearModels = () => form.setFieldValue('models', []);

  /** Adds typed model names; names already chosen are reported, not added twice. */
  const handleAddCustomModels = (input: string) => {
    const { added, duplicates } = parseCustomModels(input, models());
    if (added.length > 0) form.setFieldValue('models', [...models(), ...added]);
    if (duplicates.length > 0) Message.warning(MSG_MODELS_EXIST + duplicates.join('、'));
  };

  const handleFetchModels = async () => {
    const { type, key, base_url: baseUrl } = values();
    if (!FETCH_MODELS_TYPES.includes(type)) {
      Message.error(MSG_FETCH_OPENAI_ONLY);
      return;
    }
    const firstKey = (key ?? '').split('\n').map((line) => line.trim()).find((line) => line !== '') ?? '';
    if (id === undefined && firstKey === '') {
      Message.error(MSG_KEY_FIRST);
      return;
    }
    setFetching(true);
    const reply = await callWithReason(
      id !== undefined ? fetchSavedChannelModels(id) : fetchUpstreamModels({ type, base_url: stripTrailingSlashes((baseUrl ?? '').trim()), key: firstKey }),
      '获取模型列表失败',
    );
    setFetching(false);
    if (!reply) return;
    form.setFieldValue('models', unique(reply.data ?? []));
    Message.success('获取模型列表成功');
  };

  const save = async (payload: ChannelPayload & KeyFields) => {
    submitting.current = true;
    const ok = await callOk(id === undefined ? createChannel(payload) : updateChannel({ id, ...payload }));
    submitting.current = false;
    if (!ok) return;
    Message.success(mode === 'create' ? '渠道创建成功！' : '渠道更新成功！');
    navigate('/channel');
  };

  const handleSubmit = () => {
    if (submitting.current) {
      Message.error(MSG_DUPLICATE_SUBMIT);
      return;
    }
    const result = toPayload(values(), mode);
    if (!result.ok) {
      Message.error(result.message);
      return;
    }
    const keys = keyRequest(values(), mode, stored);
    if (!keys.ok) {
      Message.error(keys.message);
      return;
    }
    const payload = { ...result.payload, ...keys.fields };
    // Replacing every key or converting to multi-key cannot be undone: asked first.
    if (keys.confirm) Modal.confirm({ ...keys.confirm, onOk: () => save(payload) });
    else void save(payload);
  };

  return {
    form,
    mode,
    initial,
    stored,
    refreshStored,
    fetching,
    handleTypeChange,
    handleFillDefaultModels,
    handleClearModels,
    handleAddCustomModels,
    handleFetchModels,
    handleSubmit,
  };
}
