import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The ffmpeg and ffprobe binaries and a bounded way to run them. The binaries come inside npm packages
 * (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe), so nobody installs anything by hand; on a
 * platform those packages do not cover, the ones on PATH are used.
 */

const require = createRequire(import.meta.url);
let ffmpegBinary: string | undefined;
let ffprobeBinary: string | undefined;

function bundled(pkg: string, fallback: string): string {
  try {
    // The installer packages throw a plain string when their binary is missing for this platform.
    const path = (require(pkg) as { path?: unknown }).path;
    return typeof path === 'string' && path ? path : fallback;
  } catch {
    return fallback;
  }
}

/** Path of the ffmpeg binary (bundled, else `ffmpeg` on PATH). */
export function ffmpegPath(): string {
  ffmpegBinary ??= bundled('@ffmpeg-installer/ffmpeg', 'ffmpeg');
  return ffmpegBinary;
}

/** Path of the ffprobe binary (bundled, else `ffprobe` on PATH). */
export function ffprobePath(): string {
  ffprobeBinary ??= bundled('@ffprobe-installer/ffprobe', 'ffprobe');
  return ffprobeBinary;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Kill the process after this long. */
  timeoutMs?: number;
  /** Kill the process when its standard output grows past this. */
  maxOutputBytes?: number;
}

/** A tool that could not run, exited with an error, or was stopped by a bound. */
export class ToolError extends Error {
  constructor(
    message: string,
    /** Last lines ffmpeg wrote to stderr, for logs. */
    readonly stderr: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ToolError';
  }
}

const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
const DEFAULT_MAX_OUTPUT = 256 * 1024 * 1024;
const STDERR_TAIL = 4096;

/**
 * Runs a binary with arguments (no shell) and resolves with its standard output. Rejects with a
 * `ToolError` on a non-zero exit, a timeout or an output past the bound, and with the signal's reason
 * when aborted; the process is killed in every one of those cases.
 */
export function runTool(binary: string, args: readonly string[], opts: RunOptions = {}): Promise<Buffer> {
  const { signal, timeoutMs = DEFAULT_TIMEOUT_MS, maxOutputBytes = DEFAULT_MAX_OUTPUT } = opts;
  return new Promise<Buffer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: unknown;
    const stop = (reason: unknown) => {
      failure ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new ToolError(`${name(binary)} took longer than ${timeoutMs} ms`, stderr)),
      timeoutMs,
    );
    const onAbort = () => stop(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutputBytes) {
        stop(new ToolError(`${name(binary)} wrote more than ${maxOutputBytes} bytes`, stderr));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      failure ??= new ToolError(`${name(binary)} could not be started: ${error.message}`, stderr, error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure !== undefined) reject(failure);
      else if (code !== 0) {
        const detail = stderr.trim().split('\n').slice(-3).join(' | ');
        reject(new ToolError(`${name(binary)} exited with code ${code}: ${detail}`, stderr));
      } else resolve(Buffer.concat(chunks, size));
    });
  });
}

function name(binary: string): string {
  return binary.split(/[\\/]/).pop() ?? binary;
}

/** ffmpeg with the flags every call wants: no stdin, errors only on stderr. */
/** The speech recognisers' input: the first audio stream of `file:<input>`, nothing else, mono at 16 kHz. */
export function speechInputArgs(input: string): string[] {
  return ['-i', `file:${input}`, '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(SPEECH_SAMPLE_RATE)];
}

/** The sample rate speech models (Whisper) are trained on. */
export const SPEECH_SAMPLE_RATE = 16_000;

export function runFfmpeg(args: readonly string[], opts?: RunOptions): Promise<Buffer> {
  return runTool(ffmpegPath(), ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args], opts);
}

/** Seconds the media plays according to its container (ffprobe), or undefined when it does not say. */
export async function mediaDuration(path: string, opts: RunOptions = {}): Promise<number | undefined> {
  const out = await runTool(
    ffprobePath(),
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', `file:${path}`],
    { timeoutMs: 60_000, ...opts, maxOutputBytes: 64 * 1024 },
  );
  const seconds = Number(out.toString('utf8').trim());
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
