import { describe, expect, it } from 'vitest';
import { baseUrlHint, hasOrganization, keyPlaceholder, otherHint } from './type-hints';

describe('keyPlaceholder', () => {
  it('shows the credential format of types that join several parts', () => {
    expect(keyPlaceholder(15, 'create')).toContain('APIKey|SecretKey 或 v2 API Key');
    expect(keyPlaceholder(18, 'create')).toContain('APIPassword 或 APPID|APISecret|APIKey');
    expect(keyPlaceholder(22, 'create')).toContain('APIKey-AppId');
    expect(keyPlaceholder(33, 'create')).toContain('Ak|Sk|Region|InferenceRegion');
    expect(keyPlaceholder(41, 'create')).toContain('JSON');
  });

  it('says one channel per line on create and that empty keeps the key on edit', () => {
    expect(keyPlaceholder(1, 'create')).toContain('一行一个');
    expect(keyPlaceholder(1, 'edit')).toContain('留空则保持当前密钥不变');
    expect(keyPlaceholder(15, 'edit')).toContain('v2 API Key');
  });
});

describe('baseUrlHint', () => {
  it('explains the address of custom, Suno and FastGPT channels', () => {
    expect(baseUrlHint(8).placeholder).toContain('{model}');
    expect(baseUrlHint(36).placeholder).toContain('/suno');
    expect(baseUrlHint(22).label).toBe('私有部署地址');
    expect(baseUrlHint(1).placeholder).toContain('可选');
  });
});

describe('otherHint', () => {
  it('names the other field per type and hides it elsewhere', () => {
    expect(otherHint(3)?.label).toBe('默认 API 版本');
    expect(otherHint(18)?.label).toBe('模型版本');
    expect(otherHint(41)?.label).toBe('部署地区');
    expect(otherHint(41)?.placeholder).toContain('{"default": "us-central1"');
    expect(otherHint(21)?.label).toBe('知识库 ID');
    expect(otherHint(39)?.label).toBe('Account ID');
    expect(otherHint(1)).toBeNull();
  });
});

describe('hasOrganization', () => {
  it('is for OpenAI channels only', () => {
    expect(hasOrganization(1)).toBe(true);
    expect(hasOrganization(3)).toBe(false);
  });
});
