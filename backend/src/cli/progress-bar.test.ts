import { describe, expect, it } from 'vitest';
import { createCounter, createProgressBar, formatBytes, progressLine } from './progress-bar';

const MB = 1024 * 1024;

describe('download progress', () => {
  it('shows the share, bytes of total, the rate of this run and the time left', () => {
    const line = progressLine(
      { path: 'onnx/model_quantized.onnx', done: 59 * MB, total: 118 * MB, fetched: 10 * MB, resumedFrom: 49 * MB },
      2000,
      10,
    );
    expect(line).toBe(
      '  onnx/model_quantized.onnx  [#####-----]  50%  59.0 MB / 118.0 MB  5.00 MB/s  12 s left (resumed at 49.0 MB)',
    );
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1.31 * 1024 * MB)).toBe('1.31 GB');
  });

  it('writes a line now and then, and the last one, where the output is not a terminal', () => {
    const lines: string[] = [];
    const stream = { isTTY: false, write: (s: string) => lines.push(s) } as unknown as NodeJS.WriteStream;
    const bar = createProgressBar(stream, 60_000);
    for (let done = 0; done <= 100; done += 10) {
      bar.update({ path: 'tokenizer.json', done, total: 100, fetched: done, resumedFrom: 0 });
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ {2}tokenizer\.json +\[-+\] +0% /);
    expect(lines[1]).toMatch(/\[#+\] 100% .* done\n$/);
  });

  it('counts things done the same way, redrawn in place on a terminal', () => {
    const written: string[] = [];
    const tty = { isTTY: true, columns: 80, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
    const count = createCounter(tty, 'importados');
    count(0, 4, 8);
    count(4, 4, 8);
    expect(written).toEqual(['\r\x1b[2K  importados [--------] 0/4', '\r\x1b[2K  importados [########] 4/4\n']);
  });
});
