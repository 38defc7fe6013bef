import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mockEpaySign } from '../../test/mock-epay-gateway';
import { epaySign, epaySignatureValid } from './epay-sign';

const KEY = 'merchant-key';
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const form = () => ({
  pid: '1001',
  type: 'alipay',
  out_trade_no: '20250101120000abc',
  notify_url: 'https://gw.example.com/api/user/epay/notify',
  return_url: 'https://gw.example.com/topup?trade_no=20250101120000abc',
  name: 'TUC10',
  money: '73.00',
});

describe(epaySign.name, () => {
  it('signs the parameters sorted by name as k=v&k=v followed by the key, in lowercase hex', () => {
    const sut = epaySign(form(), KEY);
    expect(sut).toBe(
      md5(
        'money=73.00&name=TUC10&notify_url=https://gw.example.com/api/user/epay/notify&out_trade_no=20250101120000abc' +
          '&pid=1001&return_url=https://gw.example.com/topup?trade_no=20250101120000abc&type=alipay' +
          KEY,
      ),
    );
    expect(sut).toMatch(/^[0-9a-f]{32}$/);
    expect(sut).toBe(mockEpaySign(form(), KEY));
  });

  it('leaves out sign, sign_type and empty values', () => {
    expect(epaySign({ ...form(), sign: 'x', sign_type: 'MD5', param: '' }, KEY)).toBe(epaySign(form(), KEY));
    expect(epaySign({ ...form(), param: 'extra' }, KEY)).not.toBe(epaySign(form(), KEY));
  });
});

describe(epaySignatureValid.name, () => {
  const signed = () => ({ ...form(), sign: epaySign(form(), KEY), sign_type: 'MD5' });

  it('accepts the signature of the other parameters, in either letter case', () => {
    expect(epaySignatureValid(signed(), KEY)).toBe(true);
    expect(epaySignatureValid({ ...signed(), sign: signed().sign.toUpperCase() }, KEY)).toBe(true);
  });

  it('refuses another key, a changed value, an added value, and a missing or malformed sign', () => {
    expect(epaySignatureValid(signed(), 'other-key')).toBe(false);
    expect(epaySignatureValid({ ...signed(), money: '0.01' }, KEY)).toBe(false);
    expect(epaySignatureValid({ ...signed(), param: 'x' }, KEY)).toBe(false);
    const { sign: _sign, ...unsigned } = signed();
    expect(epaySignatureValid(unsigned, KEY)).toBe(false);
    for (const sign of ['', 'abc', `${signed().sign}0`, 'z'.repeat(32)]) expect(epaySignatureValid({ ...signed(), sign }, KEY), sign).toBe(false);
  });
});
