import { describe, expect, it } from 'vitest';
import { permanentFailure } from './job-definition';

const dbError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('permanentFailure', () => {
  it('names the problem of a deterministic database error', () => {
    expect(permanentFailure(dbError('22P05', 'unsupported Unicode escape sequence'))).toMatch(
      /carácter nulo.*22P05: unsupported Unicode escape sequence/,
    );
    expect(permanentFailure(dbError('22021', 'invalid byte sequence for encoding "UTF8": 0x00'))).toMatch(
      /secuencia de bytes no válida.*22021/,
    );
    expect(permanentFailure(dbError('22001', 'value too long for type character varying(10)'))).toMatch(
      /demasiado largo.*22001/,
    );
    expect(permanentFailure(dbError('22003', 'integer out of range'))).toMatch(/fuera del rango.*22003/);
    expect(permanentFailure(dbError('22008', 'date/time field value out of range'))).toMatch(
      /un dato que la base de datos rechaza.*22008/,
    );
    expect(permanentFailure(dbError('54000', 'index row size exceeds maximum'))).toMatch(/indexarlo.*54000/);
    expect(permanentFailure(dbError('23502', 'null value in column'))).toContain('23502');
  });

  it('leaves transient failures to be retried', () => {
    for (const code of ['08006', '08001', '40001', '40P01', '53300', '57P01', '55P03', '23505', '23503']) {
      expect(permanentFailure(dbError(code, 'x')), code).toBeUndefined();
    }
    expect(permanentFailure(new Error('socket hang up'))).toBeUndefined();
    expect(permanentFailure(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(permanentFailure(undefined)).toBeUndefined();
    expect(permanentFailure('boom')).toBeUndefined();
  });
});
